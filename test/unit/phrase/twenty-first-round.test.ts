import { describe, expect, it } from "vitest";
import { resolveLocalTime } from "../../../src/core/schedule/index.js";
import { readingOf, runs } from "./tuning-runs.js";

// Reminders as people ask for them in English, Spanish, Portuguese, French, German, Italian and Hindi,
// weighted to bounded repetition (docs/phrases.md, "The twenty-first tuning set"). The runs are the
// tuning21 rows' (independent/convert21.py), worked out by hand as wall times; `now` is Thursday
// 5 March 2026, 10:00 on each zone's clock.

const NY = "America/New_York";
const MAD = "Europe/Madrid";
const SP = "America/Sao_Paulo";
const PAR = "Europe/Paris";
const BER = "Europe/Berlin";
const ROM = "Europe/Rome";
const KOL = "Asia/Kolkata";
const at = (zone: string, month: number, day: number, hour: number, minute = 0, year = 2026) =>
  new Date(resolveLocalTime({ year, month, day, hour, minute }, zone).at).toISOString().replace(".000Z", "Z");
/** Runs on days of March 2026 at one time. */
const march = (zone: string, hour: number, minute: number, ...days: number[]) => days.map((d) => at(zone, 3, d, hour, minute));
const ASKED = { refused: "ambiguous_schedule" };
/** The end of the runs as an ISO instant (excluded), or undefined. */
const endOf = (text: string, zone: string) => {
  const { endAt } = readingOf(text, zone);
  return endAt == null ? undefined : new Date(endAt).toISOString().replace(".000Z", "Z");
};
/** The midnight that starts 1 April: the end of runs that stop with March's last day. */
const april1 = (zone: string) => at(zone, 4, 1, 0);

describe("this month, and the rest of it, end a repetition on the month's last day", () => {
  it.each([
    ["daily at 9am this month", NY, 9],
    ["todos los días a las 9 este mes", MAD, 9],
    ["todo dia às 9 este mês", SP, 9],
    ["tous les jours à 9h ce mois-ci", PAR, 9],
    ["jeden Tag um 9 Uhr diesen Monat", BER, 9],
    ["ogni giorno alle 9 questo mese", ROM, 9],
    ["is mahine roz subah 9 baje", KOL, 9],
    ["इस महीने रोज़ सुबह 9 बजे", KOL, 9],
  ])("%s", (text, zone, hour) => {
    expect(runs(text, zone)).toEqual(march(zone, hour, 0, 6, 7, 8));
    expect(endOf(text, zone)).toBe(april1(zone));
  });

  it.each([
    ["every night at 10pm for the rest of the month", NY],
    ["todas las noches a las 10 el resto del mes", MAD],
    ["toda noite às 22h pelo resto do mês", SP],
    ["tous les soirs à 22h pour le reste du mois", PAR],
    ["jeden Abend um 22 Uhr für den Rest des Monats", BER],
    ["ogni sera alle 22 per il resto del mese", ROM],
    ["mahine ke baaki din roz raat 10 baje", KOL],
  ])("the rest of the month: %s", (text, zone) => {
    expect(runs(text, zone)).toEqual(march(zone, 22, 0, 5, 6, 7));
    expect(endOf(text, zone)).toBe(april1(zone));
  });

  it("the rest of the year still ends with December's last day", () => {
    expect(endOf("every day at 9 for the rest of the year", NY)).toBe(at(NY, 1, 1, 0, 0, 2027));
  });

  it.each([
    ["cada noche a las 10 hasta finales de mes", MAD, 22],
    ["jeden Tag um 9 Uhr bis Ende des Monats", BER, 9],
    ["jeden Abend um 22 Uhr bis zum Monatsende", BER, 22],
    ["jeden Tag um 9 bis zum 31.", BER, 9],
    ["ogni giorno alle 9 fino a fine mese", ROM, 9],
    ["ogni giorno alle 9 fino al 31", ROM, 9],
    ["tous les jours à 9h jusqu'au 31", PAR, 9],
    ["mahine ke ant tak roz subah 9 baje", KOL, 9],
    ["महीने के आखिर तक रोज़ रात 10 बजे", KOL, 22],
  ])("until the month's end or its 31st: %s", (text, zone, hour) => {
    expect((runs(text, zone) as string[])[0]).toBe(at(zone, 3, hour >= 12 ? 5 : 6, hour));
    expect(endOf(text, zone)).toBe(april1(zone));
  });

  it("this month with no repetition is asked, and the 15th of this month is still one date", () => {
    expect(runs("remind me this month", NY)).toEqual(ASKED);
    expect(runs("a las 9 este mes", MAD)).toEqual(ASKED);
    expect(runs("on the 15th of this month at 9am", NY)).toEqual([at(NY, 3, 15, 9)]);
  });
});

describe("the next N days is how long, with or without 'for'", () => {
  it.each([
    ["todos los días a las 9 durante los próximos 3 días", MAD],
    ["todos os dias às 9 nos próximos 3 dias", SP],
    ["täglich um 9 Uhr in den nächsten drei Tagen", BER],
    ["tutti i giorni alle 9 nei prossimi tre giorni", ROM],
    ["agle teen din roz subah 9 baje", KOL],
    ["अगले तीन दिन रोज़ सुबह 9 बजे", KOL],
  ])("%s", (text, zone) => {
    expect(runs(text, zone)).toEqual(march(zone, 9, 0, 6, 7, 8));
    expect(endOf(text, zone)).toBe(at(zone, 3, 8, 10));
  });

  it.each([
    ["les 5 prochains jours à 19h", PAR],
    ["los próximos 5 días a las 7 de la tarde", MAD],
    ["nos próximos 5 dias às 19h", SP],
    ["i prossimi 5 giorni alle 19", ROM],
    ["agle 3 din subah 9 baje yaad dilana", KOL],
  ])("said with a time and no repetition it is asked, never one run: %s", (text, zone) => {
    expect(runs(text, zone)).toEqual(ASKED);
  });
});

describe("'every' in English before a weekday of the phrase's language", () => {
  it.each([
    ["every lunes a las 10", MAD],
    ["every segunda às 10h", SP],
    ["every lundi à 10h", PAR],
    ["every Montag um 10", BER],
    ["every lunedì alle 10", ROM],
  ])("%s runs every Monday, not once", (text, zone) => {
    expect(runs(text, zone)).toEqual([at(zone, 3, 9, 10), at(zone, 3, 16, 10), at(zone, 3, 23, 10)]);
  });
});

describe("every other day", () => {
  it.each([
    ["regar las plantas un día sí y otro no a las 19h", MAD],
    ["regar as plantas dia sim dia não às 19h", SP],
    ["arroser les plantes un jour sur deux à 19h", PAR],
    ["annaffiare le piante un giorno sì e uno no alle 19", ROM],
    ["annaffiare le piante a giorni alterni alle 19", ROM],
    ["ek din chhod ke shaam 7 baje paani dena", KOL],
  ])("%s", (text, zone) => {
    expect(runs(text, zone)).toEqual(march(zone, 19, 0, 5, 7, 9));
  });
});

describe("words a reading must not drop: asked", () => {
  it.each([
    ["toda la semana a las 8", MAD],
    ["a semana toda às 8h", SP],
    ["toute la semaine à 8h", PAR],
    ["die ganze Woche um 8", BER],
    ["tutta la settimana alle 8", ROM],
    ["poore hafte subah 8 baje", KOL],
    ["todos los días a las 9 el resto de la semana", MAD],
    ["todo dia às 9h pelo resto da semana", SP],
    ["tous les jours à 9h pour le reste de la semaine", PAR],
    ["jeden Tag um 9 für den Rest der Woche", BER],
    ["ogni giorno alle 9 per il resto della settimana", ROM],
    ["la reunión diaria a las 9:30", MAD],
    ["a reunião diária às 9h30", SP],
    ["la réunion quotidienne à 9h30", PAR],
    ["das tägliche Meeting um 9:30", BER],
    ["bihebdomadaire le lundi à 9h", PAR],
  ])("%s", (text, zone) => {
    expect(runs(text, zone)).toEqual(ASKED);
  });
});

describe("ordinals of the month", () => {
  it.each([
    ["el segundo y cuarto jueves de cada mes a las 19h", MAD],
    ["les deuxième et quatrième jeudis du mois à 19h", PAR],
    ["jeden zweiten und vierten Donnerstag im Monat um 19 Uhr", BER],
    ["il secondo e il quarto giovedì del mese alle 19", ROM],
  ])("both ordinals: %s", (text, zone) => {
    expect(runs(text, zone)).toEqual([at(zone, 3, 12, 19), at(zone, 3, 26, 19), at(zone, 4, 9, 19)]);
  });

  it("tous les derniers vendredis du mois", () => {
    expect(runs("tous les derniers vendredis du mois à 17h", PAR)).toEqual([at(PAR, 3, 27, 17), at(PAR, 4, 24, 17), at(PAR, 5, 29, 17)]);
  });

  it.each([
    ["pagare l'affitto ogni 5 del mese alle 9", ROM, 5],
    ["payer le loyer tous les 5 du mois à 9h", PAR, 5],
    ["Miete zahlen am 1. jeden Monats um 9 Uhr", BER, 1],
    ["miete zahlen jeden ersten des monats um 9", BER, 1],
    ["pagar la renta cada primero de mes a las 9", MAD, 1],
  ])("a day of every month: %s", (text, zone, day) => {
    expect(runs(text, zone)).toEqual([at(zone, 4, day, 9), at(zone, 5, day, 9), at(zone, 6, day, 9)]);
  });
});

describe("each language's own shapes", () => {
  it("it: tutti gli anni is every year", () => {
    expect(runs("tutti gli anni il 12 giugno alle 9", ROM)).toEqual([at(ROM, 6, 12, 9), at(ROM, 6, 12, 9, 0, 2027), at(ROM, 6, 12, 9, 0, 2028)]);
  });

  it("it: a weekday with its part of the day, every week; domattina", () => {
    expect(runs("ogni sabato mattina alle 9", ROM)).toEqual([at(ROM, 3, 7, 9), at(ROM, 3, 14, 9), at(ROM, 3, 21, 9)]);
    expect(runs("buttare la spazzatura il martedì sera alle 8", ROM)).toEqual([at(ROM, 3, 10, 20), at(ROM, 3, 17, 20), at(ROM, 3, 24, 20)]);
    expect(runs("domattina alle 7", ROM)).toEqual([at(ROM, 3, 6, 7)]);
  });

  it("de: mo-fr, 14-tägig, zweiwöchentlich, jeden Samstagmorgen", () => {
    expect(runs("kinder abholen mo-fr um halb vier nachmittags", BER)).toEqual([at(BER, 3, 5, 15, 30), at(BER, 3, 6, 15, 30), at(BER, 3, 9, 15, 30)]);
    const everyOtherMonday = [at(BER, 3, 9, 10), at(BER, 3, 23, 10), at(BER, 4, 6, 10)];
    expect(runs("14-tägig montags um 10 Uhr", BER)).toEqual(everyOtherMonday);
    expect(runs("zweiwöchentlich am Montag um 10", BER)).toEqual(everyOtherMonday);
    expect(runs("jeden Samstagmorgen um 9", BER)).toEqual([at(BER, 3, 7, 9), at(BER, 3, 14, 9), at(BER, 3, 21, 9)]);
  });

  it("pt: 'as 8' without the accent is a time, unless a plural noun follows; e um quarto; quinze pras 9", () => {
    expect(runs("me lembra amanha as 8 pfv", SP)).toEqual([at(SP, 3, 6, 8)]);
    expect(runs("amanhã as 10 tarefas", SP)).toEqual(ASKED);
    expect(runs("todo dia às 8 e um quarto", SP)).toEqual(march(SP, 8, 15, 6, 7, 8));
    expect(runs("todo dia às 8h e um quarto", SP)).toEqual(march(SP, 8, 15, 6, 7, 8));
    expect(runs("todo dia às quinze pras 9", SP)).toEqual(march(SP, 8, 45, 6, 7, 8));
  });
});

describe("the second sweep", () => {
  it.each([
    ["every day at 8am for a couple of days", NY],
    ["every day at 8am for a few days", NY],
    ["todos los días a las 8 durante unos días", MAD],
    ["todo dia às 9h durante uns dias", SP],
    ["tous les jours à 8h pendant quelques jours", PAR],
    ["chaque jour à 9h pour le mois", PAR],
    ["jeden Tag um 8 ein paar Tage lang", BER],
    ["ogni giorno alle 8 per qualche giorno", ROM],
    ["is hafte roz subah 7:30 baje", KOL],
    ["roz subah 9 baje mahine bhar", KOL],
  ])("a length that says no number, or no which: asked, %s", (text, zone) => {
    expect(runs(text, zone)).toEqual(ASKED);
  });

  it.each([
    ["todos los dias a las 9 lo que queda de mes", MAD],
    ["tous les jours à 9h d'ici la fin du mois", PAR],
    ["täglich um 9 Uhr für den restlichen Monat", BER],
    ["jeden Tag um 9 Uhr im restlichen Monat", BER],
  ])("more ways to say the rest of the month: %s", (text, zone) => {
    expect(runs(text, zone)).toEqual(march(zone, 9, 0, 6, 7, 8));
    expect(endOf(text, zone)).toBe(april1(zone));
  });

  it("the next fortnight and the next 24 hours are how long", () => {
    expect(endOf("every evening at 6 for the next fortnight", NY)).toBe(at(NY, 3, 19, 10));
    expect(endOf("toutes les 4 heures pendant les prochaines 24 heures", PAR)).toBe(at(PAR, 3, 6, 10));
  });

  it.each([
    ["tous les dimanches à 18h jusqu'à fin mai", PAR],
    ["har ravivar shaam 6 baje may ke ant tak", KOL],
  ])("until the end of a named month: %s", (text, zone) => {
    expect(runs(text, zone)).toEqual(march(zone, 18, 0, 8, 15, 22));
    expect(endOf(text, zone)).toBe(at(zone, 6, 1, 0));
  });

  it("'un dia si y otro no' without accents reads as Portuguese: asked, never one run", () => {
    expect(runs("regar las plantas un dia si y otro no a las 19h", MAD)).toEqual(ASKED);
  });

  it("hi: until the 15th", () => {
    expect(endOf("roz subah 7 baje 15 tarikh tak", KOL)).toBe(at(KOL, 3, 16, 0));
  });
});

describe("Hinglish with the English clock", () => {
  it.each([
    ["roz 8 am", ["2026-03-06T02:30:00Z", "2026-03-07T02:30:00Z", "2026-03-08T02:30:00Z"]],
    ["har roz 8 am", ["2026-03-06T02:30:00Z", "2026-03-07T02:30:00Z", "2026-03-08T02:30:00Z"]],
    ["roz 8 pm dawai", ["2026-03-05T14:30:00Z", "2026-03-06T14:30:00Z", "2026-03-07T14:30:00Z"]],
  ])("%s is every day at that time, never once with roz dropped", (text, want) => {
    expect(runs(text, "Asia/Kolkata")).toEqual(want);
  });

  it("kal 7:30 pm is tomorrow evening", () => {
    expect(runs("kal 7:30 pm", "Asia/Kolkata")).toEqual(["2026-03-06T14:00:00Z"]);
  });
});
