import { describe, expect, it } from "vitest";
import { grammarFor } from "../../../src/core/phrase/detect-language.js";
import { withPlainLetters } from "../../../src/core/phrase/grammar.js";
import { squeezeSpaces } from "../../../src/core/phrase/text.js";
import { resolveLocalTime } from "../../../src/core/schedule/index.js";
import { readingOf, refusalOf, runs } from "./tuning-runs.js";

// What the metamorphic property (metamorphic.test.ts) found read differently once a phrase was
// changed without changing its meaning, and how each is read now (docs/phrases.md, "What must not
// change a reading"). `now` is the tuning rows': Thursday 5 March 2026, 10:00 on each zone's clock.

const at = (zone: string, day: number, hour: number, minute = 0) =>
  new Date(resolveLocalTime({ year: 2026, month: 3, day, hour, minute }, zone).at).toISOString().replace(".000Z", "Z");

/** The zone the reading of `text` runs in. */
const zoneRead = (text: string, zone: string): string | null => {
  const { schedule } = readingOf(text, zone);
  return "timezone" in schedule ? schedule.timezone : null;
};

describe("a run of spaces is one space", () => {
  it("squeezes spaces and tabs and trims the ends", () => {
    expect(squeezeSpaces("  every  day\tat   8am ")).toBe("every day at 8am");
    expect(squeezeSpaces("每天　　早上八點")).toBe("每天 早上八點");
  });

  it.each([
    ["vendredi à 9h moins le quart", "vendredi  à  9h  moins  le  quart"],
    ["vendredi à 9h moins le quart", " vendredi à 9h\tmoins le quart "],
  ])("reads %j and %j alike (08:45, not 09:00)", (one, spaced) => {
    expect(runs(spaced, "Europe/Paris")).toEqual(runs(one, "Europe/Paris"));
    expect(runs(spaced, "Europe/Paris")).toEqual([at("Europe/Paris", 6, 8, 45)]);
  });

  it.each([
    ["heute  und  morgen  um  18  Uhr", "Europe/Berlin"],
    ["every  hour  on  the  half  hour", "America/New_York"],
    ["amanha  ao  meio  dia", "America/Sao_Paulo"],
  ])("reads %j as with single spaces", (spaced, zone) => {
    expect(runs(spaced, zone)).toEqual(runs(spaced.replace(/ +/g, " "), zone));
    expect(Array.isArray(runs(spaced, zone))).toBe(true);
  });

  it("quotes the squeezed text as matched", () => {
    expect(readingOf("every  day  at  8am", "America/New_York").matched).toBe("every day at 8am");
  });
});

describe("a zone abbreviation where case says nothing", () => {
  it.each([
    ["every day at 9am utc", "Asia/Tokyo", ["2026-03-05T09:00:00Z", "2026-03-06T09:00:00Z", "2026-03-07T09:00:00Z"]],
    ["at 8:00 am est", "Asia/Tokyo", ["2026-03-05T13:00:00Z"]],
    ["tomorrow at 9 am cet", "America/New_York", ["2026-03-06T08:00:00Z"]],
    ["at 8am pst", "Asia/Tokyo", ["2026-03-05T16:00:00Z"]],
    ["every day at 9am cet", "Asia/Tokyo", ["2026-03-05T08:00:00Z", "2026-03-06T08:00:00Z", "2026-03-07T08:00:00Z"]],
    ["EVERY WEEKDAY AT 8AM EST", "Asia/Tokyo", ["2026-03-05T13:00:00Z", "2026-03-06T13:00:00Z", "2026-03-09T12:00:00Z"]],
    ["EVERY DAY AT 9AM ET", "Europe/Paris", ["2026-03-05T14:00:00Z", "2026-03-06T14:00:00Z", "2026-03-07T14:00:00Z"]],
  ])("reads the zone right after a time in %j", (text, zone, expected) => {
    expect(runs(text, zone)).toEqual(expected);
  });

  it("reads a French 'ET' in a phrase all in capitals as 'and', not Eastern Time", () => {
    const zone = "Europe/Paris";
    expect(runs("TOUS LES JOURS À 8H15 ET À 17H45", zone)).toEqual(runs("tous les jours à 8h15 et à 17h45", zone));
    expect(zoneRead("TOUS LES JOURS À 8H15 ET À 17H45", zone)).toBe(zone);
  });

  it("keeps capitals among small letters a zone, as before", () => {
    expect(zoneRead("every weekday at 8am EST", "Asia/Tokyo")).toBe("America/New_York");
    expect(zoneRead("tous les jours à 9h CET", "America/New_York")).toBe("Europe/Berlin");
  });

  it("takes two small letters for no zone ('8 pt' is a size) and 'west coast' for a place, not WEST", () => {
    expect(zoneRead("every day at 9am pt", "Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(zoneRead("at 9am west coast time", "Asia/Tokyo")).toBe("America/Los_Angeles");
  });

  it("reads an abbreviation not after a time as no zone", () => {
    expect(zoneRead("remind me about the utc migration every day at 9am", "Asia/Tokyo")).toBe("Asia/Tokyo");
  });

  it("never takes a word of the phrase's language for a zone: French 'est', 'cet', German 'ist'", () => {
    expect(zoneRead("tous les jours à 9h est bien", "America/New_York")).toBe("America/New_York");
    expect(zoneRead("JEDEN TAG UM 9 UHR IST GUT", "America/New_York")).toBe("America/New_York");
  });
});

describe("politeness and the language vote", () => {
  it.each([["s'il te plaît, tous les jours à 8h"], ["tous les jours à 8h s'il vous plaît"], ["tous les jours à 8h, s'il te plait"]])(
    "reads 's'il te plaît' as no condition: %j",
    (text) => {
      expect(runs(text, "Europe/Paris")).toEqual(runs("tous les jours à 8h", "Europe/Paris"));
    },
  );

  it("still asks about a condition said with s'il", () => {
    expect(refusalOf("tous les jours à 8h s'il pleut", "Europe/Paris").message).toContain("s'il pleut");
  });

  it("reads 'por favor' and '12h' as Portuguese too, so the Portuguese words are read", () => {
    expect(grammarFor("por favor, a cada 10 minutos, 3 vezes").lang).toBe("pt");
    expect(grammarFor("amanha as 12h").lang).toBe("pt");
    expect(readingOf("por favor, a cada 10 minutos, 3 vezes", "America/Sao_Paulo").maxRuns).toBe(3);
    expect(runs("amanha as 12h", "America/Sao_Paulo")).toEqual([at("America/Sao_Paulo", 6, 12)]);
    expect(grammarFor("por favor, todos los días a las 8").lang).toBe("es");
    expect(grammarFor("demain à 12h").lang).toBe("fr");
  });
});

describe("letters typed without accents or with umlauts written out", () => {
  it("widens each accented letter of a lexicon source, inside and outside a class", () => {
    expect(withPlainLetters("mañana")).toBe("ma(?:ñ|n)ana");
    expect(withPlainLetters("s[áa]bado")).toBe("s[áaa]bado");
    expect(withPlainLetters("übermorgen")).toBe("(?:ü|ue|u)bermorgen");
    expect(withPlainLetters(String.raw`\p{L}é\s`)).toBe(String.raw`\p{L}(?:é|e)\s`);
    expect(new RegExp(withPlainLetters("außer"), "u").test("ausser")).toBe(true);
  });

  it.each([
    ["uebernaechste Woche am Dienstag um 10", "Europe/Berlin", "uebernaechste"],
    ["ab naechster Woche jeden Werktag um 8", "Europe/Berlin", "naechster"],
    ["jeden Tag um 8 Uhr, insgesamt fuenfmal", "Europe/Berlin", "fuenfmal"],
  ])("asks about a bearing word the rules do not read in its plain spelling: %j", (text, zone, word) => {
    expect(refusalOf(text, zone).message).toContain(word);
  });

  it.each([
    ["de hora em hora das 9h as 17h em dias uteis", "America/Sao_Paulo", "de hora em hora das 9h às 17h em dias úteis"],
    ["a las 8 menos cuarto cada manana", "Europe/Madrid", "a las 8 menos cuarto cada mañana"],
  ])("reads %j as its accented spelling", (plain, zone, accented) => {
    expect(runs(plain, zone)).toEqual(runs(accented, zone));
    expect(Array.isArray(runs(plain, zone))).toBe(true);
  });
});

describe("two clocks in either order", () => {
  it.each([
    ["dos veces al día a las 20 y a las 8", "dos veces al día a las 8 y a las 20", "Europe/Madrid"],
    ["every day at 17:45 and 8:15", "every day at 8:15 and 17:45", "Europe/Paris"],
    ["tous les jours à 17h45 et à 8h15", "tous les jours à 8h15 et à 17h45", "Europe/Paris"],
    ["jeden Tag um 20 Uhr und um 8 Uhr", "jeden Tag um 8 Uhr und um 20 Uhr", "Europe/Berlin"],
  ])("reads %j as %j (a list on the 24-hour clock is not shifted)", (swapped, ordered, zone) => {
    expect(runs(swapped, zone)).toEqual(runs(ordered, zone));
    expect(Array.isArray(runs(ordered, zone))).toBe(true);
  });

  it("does not read a bare hour after 8pm as 8pm again: 'at 8pm and 8' is two runs a day", () => {
    expect(runs("every day at 8pm and 8", "America/New_York")).toEqual(runs("every day at 8am and 8pm", "America/New_York"));
  });

  it("still reads a bare hour that comes before the one said first as later in the day", () => {
    const zone = "America/New_York";
    expect(runs("every day at 8, 12 and 6", zone)).toEqual([at(zone, 5, 12), at(zone, 5, 18), at(zone, 6, 8)]);
    expect(runs("every day at 9:30 and 5:30", zone)).toEqual([at(zone, 5, 17, 30), at(zone, 6, 9, 30), at(zone, 6, 17, 30)]);
  });
});
