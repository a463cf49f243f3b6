import { describe, expect, it } from "vitest";
import { parsePhrase } from "../../../src/core/phrase/index.js";
import { nextFireTimes } from "../../../src/core/schedule/index.js";

/** Thursday 5 March 2026, 10:00 on the wall clock of each zone. */
const NOW: Record<string, number> = {
  "Europe/Paris": Date.parse("2026-03-05T09:00:00Z"),
  "America/Sao_Paulo": Date.parse("2026-03-05T13:00:00Z"),
  "America/New_York": Date.parse("2026-03-05T15:00:00Z"),
  "Europe/Rome": Date.parse("2026-03-05T09:00:00Z"),
  "Europe/Madrid": Date.parse("2026-03-05T09:00:00Z"),
  "Europe/Berlin": Date.parse("2026-03-05T09:00:00Z"),
};

const firstRuns = (text: string, zone: string, n: number) => {
  const now = NOW[zone] ?? 0;
  return nextFireTimes(parsePhrase(text, { timezone: zone, now }).schedule, now, n).map((t) => new Date(t).toISOString());
};

// Expected instants: wall times decided by hand, converted with Python's zoneinfo.
describe("hours in words, half past and quarter to, and a typed 'evry'", () => {
  it.each([
    ["demain à huit heures et demie", "Europe/Paris", "2026-03-06T07:30:00.000Z"],
    ["demain à neuf heures moins le quart", "Europe/Paris", "2026-03-06T07:45:00.000Z"],
    ["vendredi à 9h moins le quart", "Europe/Paris", "2026-03-06T07:45:00.000Z"],
    ["à 9h et demie demain", "Europe/Paris", "2026-03-06T08:30:00.000Z"],
    ["ce soir à 20 heures 30", "Europe/Paris", "2026-03-05T19:30:00.000Z"],
    ["amanhã às oito e meia", "America/Sao_Paulo", "2026-03-06T11:30:00.000Z"],
    ["amanhã às 8h e meia", "America/Sao_Paulo", "2026-03-06T11:30:00.000Z"],
    ["amanhã às 8 horas e meia", "America/Sao_Paulo", "2026-03-06T11:30:00.000Z"],
  ])("%s", (text, zone, at) => {
    expect(firstRuns(text, zone, 2)).toEqual([at]);
  });

  it("reads 'evry' as 'every' (it was read as a single Tuesday)", () => {
    expect(firstRuns("evry tuesday 3pm", "America/New_York", 3)).toEqual(["2026-03-10T19:00:00.000Z", "2026-03-17T19:00:00.000Z", "2026-03-24T19:00:00.000Z"]);
  });
});

describe("the first of next month said in words", () => {
  it.each([
    ["il primo del mese prossimo alle 10", "Europe/Rome"],
    ["am ersten nächsten monats um 10", "Europe/Berlin"],
    ["am ersten des nächsten monats um 10", "Europe/Berlin"],
  ])("%s", (text, zone) => {
    expect(firstRuns(text, zone, 2)).toEqual(["2026-04-01T08:00:00.000Z"]);
  });
});

describe("the n-th weekday of next month, once", () => {
  it.each([
    ["first monday of next month at 10am", "America/New_York", "2026-04-06T14:00:00.000Z"],
    ["the last friday of next month at 5pm", "America/New_York", "2026-04-24T21:00:00.000Z"],
    ["el primer lunes del mes que viene a las 10", "Europe/Madrid", "2026-04-06T08:00:00.000Z"],
    ["le premier lundi du mois prochain à 10h", "Europe/Paris", "2026-04-06T08:00:00.000Z"],
    ["le dernier vendredi du mois prochain à 17h", "Europe/Paris", "2026-04-24T15:00:00.000Z"],
  ])("%s", (text, zone, at) => {
    expect(firstRuns(text, zone, 2)).toEqual([at]);
  });
});
