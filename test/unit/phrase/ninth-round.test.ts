import { describe, expect, it } from "vitest";
import { isDomainError } from "../../../src/core/errors.js";
import { parsePhrase } from "../../../src/core/phrase/index.js";
import { nowIn, runs } from "./tuning-runs.js";

/** The refusal `text` gets at 10:00 in `timezone`, or null when it is read. */
function refusal(text: string, timezone: string): { code: string; message: string; hint: string | undefined } | null {
  try {
    parsePhrase(text, { timezone, now: nowIn(timezone) });
    return null;
  } catch (e) {
    if (!isDomainError(e)) throw e;
    return { code: e.code, message: e.message, hint: e.hint };
  }
}

describe("a bare hour from 1 to 6, night or day", () => {
  it("is asked, naming both readings and how to say each", () => {
    const r = refusal("remind me at 2 to call mom", "America/New_York");
    expect(r?.code).toBe("ambiguous_schedule");
    expect(r?.message).toContain("02:00");
    expect(r?.message).toContain("14:00");
    expect(r?.hint).toBe(`Ask the user: "02:00 (at night) or 14:00 (in the afternoon)?" Say '2am' or '2pm'.`);
  });

  it("is asked in every language, in a one-shot and in a repetition", () => {
    const asked: Array<[string, string]> = [
      ["兩點提醒我打電話", "Asia/Taipei"],
      ["三點半提醒我接小孩", "Asia/Taipei"],
      ["两点提醒我开会", "Asia/Shanghai"],
      ["at 6 tomorrow", "America/New_York"],
      ["every day at 3", "America/New_York"],
      ["remind me at half past 3 tomorrow", "America/New_York"],
      ["recuérdame a las 4 llamar al banco", "Europe/Madrid"],
      ["am Freitag um 3", "Europe/Berlin"],
      ["毎日5時", "Asia/Tokyo"],
      ["kal 2 baje", "Asia/Kolkata"],
    ];
    for (const [text, zone] of asked) expect(runs(text, zone), text).toEqual({ refused: "ambiguous_schedule" });
  });

  it("names the early morning and the evening for 5 and 6", () => {
    expect(refusal("at 6 tomorrow", "America/New_York")?.hint).toContain("06:00 (early in the morning) or 18:00 (in the evening)");
  });

  it("is read when a part of the day, am/pm or the 24-hour clock settles it", () => {
    expect(runs("凌晨兩點提醒我收衣服", "Asia/Taipei")).toEqual(["2026-03-05T18:00:00Z"]);
    expect(runs("下午兩點半", "Asia/Taipei")).toEqual(["2026-03-05T06:30:00Z"]);
    expect(runs("tomorrow at 2pm", "America/New_York")).toEqual(["2026-03-06T19:00:00Z"]);
    expect(runs("tomorrow at 02:00", "America/New_York")).toEqual(["2026-03-06T07:00:00Z"]);
    expect(runs("a las 4 de la tarde", "Europe/Madrid")).toEqual(["2026-03-05T15:00:00Z"]);
    expect(runs("every day at 6, 12 and 18", "America/New_York")).toEqual(["2026-03-05T17:00:00Z", "2026-03-05T23:00:00Z", "2026-03-06T11:00:00Z"]);
  });

  it("keeps a time written as clocks show it on the 24-hour clock", () => {
    expect(runs("wake me up at 6:30 tomorrow", "America/New_York")).toEqual(["2026-03-06T11:30:00Z"]);
    expect(runs("segunda, quarta e sexta às 6h30 academia", "America/Sao_Paulo")).toEqual([
      "2026-03-06T09:30:00Z",
      "2026-03-09T09:30:00Z",
      "2026-03-11T09:30:00Z",
    ]);
  });

  it("is read as the afternoon on a named day whose morning hour has passed", () => {
    expect(runs("today at 4", "America/New_York")).toEqual(["2026-03-05T21:00:00Z"]);
  });

  it("is read after an earlier time in a list, and from 7 on the 24-hour clock", () => {
    expect(runs("every day at 9 and 5", "America/New_York")).toEqual(["2026-03-05T22:00:00Z", "2026-03-06T14:00:00Z", "2026-03-06T22:00:00Z"]);
    expect(runs("tomorrow at 7", "America/New_York")).toEqual(["2026-03-06T12:00:00Z"]);
  });
});

describe("a date written with slashes, in the language's order", () => {
  it("reads month first in Chinese and Japanese, wherever the date stands", () => {
    expect(runs("3/20 下午3點", "Asia/Taipei")).toEqual(["2026-03-20T07:00:00Z"]);
    expect(runs("下午3點 3/20", "Asia/Taipei")).toEqual(["2026-03-20T07:00:00Z"]);
    expect(runs("3/20 15時", "Asia/Tokyo")).toEqual(["2026-03-20T06:00:00Z"]);
  });

  it("reads day first in Spanish and German", () => {
    expect(runs("el 20/3 a las 17", "Europe/Madrid")).toEqual(["2026-03-20T16:00:00Z"]);
    expect(runs("am 20/3 um 17 Uhr", "Europe/Berlin")).toEqual(["2026-03-20T16:00:00Z"]);
  });

  it("asks about numbers that cannot be a month and a day rather than dropping them", () => {
    expect(runs("13/20 下午3點", "Asia/Taipei")).toEqual({ refused: "ambiguous_schedule" });
  });

  it("takes no fraction of a unit for a date", () => {
    expect(refusal("cada 1/2 hora", "Europe/Madrid")?.message).toBe("The phrase names no date, time or repetition.");
    expect(refusal("每1/2小時", "Asia/Taipei")?.message).toBe("The phrase names no date, time or repetition.");
  });
});

describe("a weekday said beside a date", () => {
  it("confirms the date it falls on", () => {
    expect(runs("on friday the 13th at 10am", "America/New_York")).toEqual(["2026-03-13T14:00:00Z"]);
    expect(runs("friday march 13 at 10am", "America/New_York")).toEqual(["2026-03-13T14:00:00Z"]);
    expect(runs("週五 3/13 早上10點", "Asia/Taipei")).toEqual(["2026-03-13T02:00:00Z"]);
  });

  it("is still a second date when the date does not fall on it", () => {
    expect(runs("thursday the 13th at 10am", "America/New_York")).toEqual({ refused: "ambiguous_schedule" });
  });
});
