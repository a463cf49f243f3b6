import { describe, expect, it } from "vitest";
import { DomainError } from "../../../src/core/errors.js";
import { parsePhrase } from "../../../src/core/phrase/index.js";
import { nextFireTimes } from "../../../src/core/schedule/index.js";

/** Thursday 5 March 2026, 10:00 on the wall clock of `zone`, as the instants below were worked out. */
const NOW: Record<string, number> = {
  "America/New_York": Date.parse("2026-03-05T15:00:00Z"),
  "Europe/Rome": Date.parse("2026-03-05T09:00:00Z"),
  "Europe/Berlin": Date.parse("2026-03-05T09:00:00Z"),
  "Europe/Madrid": Date.parse("2026-03-05T09:00:00Z"),
  "Europe/Paris": Date.parse("2026-03-05T09:00:00Z"),
  "America/Sao_Paulo": Date.parse("2026-03-05T13:00:00Z"),
  "Asia/Kolkata": Date.parse("2026-03-05T04:30:00Z"),
};

const fires = (text: string, zone: string, n = 3) => {
  const now = NOW[zone] ?? 0;
  const reading = parsePhrase(text, { timezone: zone, now });
  return { reading, at: nextFireTimes(reading.schedule, now, n).map((t) => new Date(t).toISOString()) };
};

function refused(text: string, zone: string): DomainError {
  try {
    parsePhrase(text, { timezone: zone, now: NOW[zone] ?? 0 });
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error(`expected '${text}' to be refused`);
}

// Expected instants: wall times decided by hand, converted with Python's zoneinfo.
describe("several weekdays named bare are a weekly habit", () => {
  it.each([
    ["Monday, Wednesday and Friday at 6:30 gym", "America/New_York", ["2026-03-06T11:30:00.000Z", "2026-03-09T10:30:00.000Z", "2026-03-11T10:30:00.000Z"]],
    ["on Monday and Friday at 9am", "America/New_York", ["2026-03-06T14:00:00.000Z", "2026-03-09T13:00:00.000Z", "2026-03-13T13:00:00.000Z"]],
    ["lunedì, mercoledì e venerdì alle 6:30 palestra", "Europe/Rome", ["2026-03-06T05:30:00.000Z", "2026-03-09T05:30:00.000Z", "2026-03-11T05:30:00.000Z"]],
    ["segunda, quarta e sexta às 6h30 academia", "America/Sao_Paulo", ["2026-03-06T09:30:00.000Z", "2026-03-09T09:30:00.000Z", "2026-03-11T09:30:00.000Z"]],
    ["mo, mi und fr um 6:30 fitness", "Europe/Berlin", ["2026-03-06T05:30:00.000Z", "2026-03-09T05:30:00.000Z", "2026-03-11T05:30:00.000Z"]],
    ["सोमवार, बुधवार और शुक्रवार सुबह 6:30 बजे जिम", "Asia/Kolkata", ["2026-03-06T01:00:00.000Z", "2026-03-09T01:00:00.000Z", "2026-03-11T01:00:00.000Z"]],
    ["martes y jueves a las 19", "Europe/Madrid", ["2026-03-05T18:00:00.000Z", "2026-03-10T18:00:00.000Z", "2026-03-12T18:00:00.000Z"]],
  ])("%s", (text, zone, want) => {
    const { reading, at } = fires(text, zone);
    expect(at).toEqual(want);
    expect(reading.notes.some((n) => n.includes("every week on those days"))).toBe(true);
  });

  it("keeps a single-run cue: 'this' or 'next' beside the list names that week's dates, once each", () => {
    const { reading } = fires("next Monday and Friday at 9am", "America/New_York");
    expect(reading.schedule).toMatchObject({ kind: "cron", expr: expect.stringMatching(/^0 9 \d+ \d+ \*$/u) });
    expect(reading.endAt).toBeDefined();
  });

  it("still asks when each day has its own time", () => {
    expect(refused("Monday at 9 and Friday at 10", "America/New_York").message).toMatch(/each with its own time/);
  });

  it("leaves one bare weekday a single run", () => {
    expect(fires("Friday at 9am", "America/New_York").reading.schedule.kind).toBe("once");
  });
});

describe("several days of the month in one list", () => {
  const want = (zone: string) =>
    zone === "Asia/Kolkata"
      ? ["2026-03-15T03:30:00.000Z", "2026-04-01T03:30:00.000Z", "2026-04-15T03:30:00.000Z"]
      : zone === "America/Sao_Paulo"
        ? ["2026-03-15T12:00:00.000Z", "2026-04-01T12:00:00.000Z", "2026-04-15T12:00:00.000Z"]
        : ["2026-03-15T08:00:00.000Z", "2026-04-01T07:00:00.000Z", "2026-04-15T07:00:00.000Z"];
  it.each([
    ["los días 1 y 15 de cada mes a las 9", "Europe/Madrid"],
    ["am 1. und 15. jedes monats um 9 uhr", "Europe/Berlin"],
    ["todo dia 1 e 15 às 9h", "America/Sao_Paulo"],
    ["nos dias 1 e 15 de cada mês às 9h", "America/Sao_Paulo"],
    ["le 1 et 15 de chaque mois à 9h", "Europe/Paris"],
    ["har mahine 1 aur 15 tarikh ko subah 9 baje", "Asia/Kolkata"],
    ["हर महीने 1 और 15 तारीख को सुबह 9 बजे", "Asia/Kolkata"],
  ])("%s", (text, zone) => {
    expect(fires(text, zone).at).toEqual(want(zone));
  });
});
