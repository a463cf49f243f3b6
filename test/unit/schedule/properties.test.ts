import { CronExpressionParser } from "cron-parser";
import fc from "fast-check";
import { DateTime, IANAZone } from "luxon";
import { describe, expect, it } from "vitest";
import { nextFireTimes, nextOccurrence } from "../../../src/core/schedule/index.js";
import type { DstPolicy, Occurrence } from "../../../src/core/schedule/model.js";
import { nextResolvedOccurrences } from "../../../src/core/schedule/next.js";
import { cronExpression, ZONES } from "./arbitraries.js";
import { cron } from "./support.js";

/*
 * The oracles here share no code with src/core/schedule: field sets come from cron-parser, wall
 * times from luxon's DateTime.fromMillis (an instant shown in a zone, which is deterministic),
 * and the DST rules are restated from docs/dst.md.
 */

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** Transition instants in 2026, with the zone, written out from the tz rules. */
const TRANSITIONS: readonly [string, string][] = [
  ["America/New_York", "2026-03-08T07:00:00Z"],
  ["America/New_York", "2026-11-01T06:00:00Z"],
  ["Europe/London", "2026-03-29T01:00:00Z"],
  ["Europe/London", "2026-10-25T01:00:00Z"],
  ["Australia/Sydney", "2026-04-04T16:00:00Z"],
  ["Australia/Sydney", "2026-10-03T16:00:00Z"],
  ["Australia/Lord_Howe", "2026-04-04T15:00:00Z"],
  ["Australia/Lord_Howe", "2026-10-03T15:30:00Z"],
  ["America/Santiago", "2026-04-05T03:00:00Z"],
  ["America/Santiago", "2026-09-06T04:00:00Z"],
  ["Pacific/Chatham", "2026-04-04T14:00:00Z"],
  ["Pacific/Chatham", "2026-09-26T14:00:00Z"],
];

interface Wall {
  minute: number;
  hour: number;
  day: number;
  month: number;
  weekday: number;
  /** The wall time as-if-UTC, for grouping instants that show the same clock reading. */
  key: number;
}

function wallOf(t: number, zone: string): Wall {
  const d = DateTime.fromMillis(t, { zone });
  return { minute: d.minute, hour: d.hour, day: d.day, month: d.month, weekday: d.weekday % 7, key: Date.UTC(d.year, d.month - 1, d.day, d.hour, d.minute) };
}

function wallFromKey(key: number): Wall {
  const d = new Date(key);
  return { minute: d.getUTCMinutes(), hour: d.getUTCHours(), day: d.getUTCDate(), month: d.getUTCMonth() + 1, weekday: d.getUTCDay(), key };
}

/** Vixie matching over cron-parser's field sets; null when cron-parser refuses the expression. */
function matcher(expr: string): ((w: Wall) => boolean) | null {
  let fields: ReturnType<typeof CronExpressionParser.parse>["fields"];
  try {
    fields = CronExpressionParser.parse(expr).fields;
  } catch {
    return null;
  }
  const set = (xs: readonly (number | string)[]): Set<number> => new Set(xs.map((x) => (x === "L" ? -1 : Number(x))));
  const [minutes, hours, doms, months] = [fields.minute, fields.hour, fields.dayOfMonth, fields.month].map((f) => set(f.values));
  const dows = new Set([...set(fields.dayOfWeek.values)].map((d) => d % 7));
  const texts = expr.split(" ");
  const either = !(texts[2]?.startsWith("*") || texts[4]?.startsWith("*"));
  return (w) =>
    minutes!.has(w.minute) &&
    hours!.has(w.hour) &&
    months!.has(w.month) &&
    (either ? doms!.has(w.day) || dows.has(w.weekday) : doms!.has(w.day) && dows.has(w.weekday));
}

const isFixed = (expr: string): boolean => !expr.startsWith("*") && !(expr.split(" ")[1] ?? "").startsWith("*");

const offsetAt = (zone: string, t: number): number => IANAZone.create(zone).offset(t);

describe("properties over random expressions and zones", () => {
  it("gives 20 strictly increasing fires, each matching the fields in the zone or at a documented gap shift", () => {
    const after = fc.oneof(
      fc.integer({ min: Date.parse("2024-01-01T00:00:00Z"), max: Date.parse("2032-01-01T00:00:00Z") }),
      fc.tuple(fc.constantFrom(...TRANSITIONS.map(([, at]) => Date.parse(at))), fc.integer({ min: -3 * 24 * HOUR, max: 24 * HOUR })).map(([t, d]) => t + d),
    );
    fc.assert(
      fc.property(cronExpression, fc.constantFrom(...ZONES, ...TRANSITIONS.map(([z]) => z)), after, (expr, zone, from) => {
        const matches = matcher(expr);
        fc.pre(matches !== null);
        const s = cron(expr, zone);
        const fires = nextFireTimes(s, from, 20);
        expect(
          nextResolvedOccurrences(s, from, 40)
            .filter((o) => o.skip === undefined)
            .slice(0, 20)
            .map((o) => o.at),
        ).toEqual(fires);
        let previous = from;
        for (const t of fires) {
          expect(t).toBeGreaterThan(previous);
          previous = t;
          if (matches!(wallOf(t, zone))) continue;
          // Otherwise it must be a spring-forward instant with a matching wall time in the gap.
          const before = offsetAt(zone, t - 1000);
          const afterOffset = offsetAt(zone, t);
          expect(afterOffset, `${expr} in ${zone} fired at ${new Date(t).toISOString()}`).toBeGreaterThan(before);
          const gapStart = wallOf(t - 1000, zone).key + MINUTE;
          const gapEnd = wallOf(t, zone).key;
          let found = false;
          for (let w = gapStart; w < gapEnd && !found; w += MINUTE) found = matches!(wallFromKey(w));
          expect(found, `${expr} in ${zone}: no matching wall time in the gap before ${new Date(t).toISOString()}`).toBe(true);
        }
      }),
      { numRuns: 400, seed: 2026 },
    );
  }, 15_000);

  // Every instant, minute by minute, shown in the zone by luxon: the whole truth for two days.
  interface Around {
    instants: number[];
    walls: Wall[];
    /** Wall time → the instants that show it (one, two in an overlap, none in a gap). */
    byWall: Map<number, number[]>;
  }
  const minutesAround = new Map<string, Around>();
  function around(zone: string, at: number): Around {
    const key = `${zone} ${at}`;
    let cached = minutesAround.get(key);
    if (cached === undefined) {
      const instants: number[] = [];
      for (let t = at - 30 * HOUR; t <= at + 30 * HOUR; t += MINUTE) instants.push(t);
      const walls = instants.map((t) => wallOf(t, zone));
      const byWall = new Map<number, number[]>();
      walls.forEach((w, i) => {
        const list = byWall.get(w.key) ?? [];
        list.push(instants[i]!);
        byWall.set(w.key, list);
      });
      cached = { instants, walls, byWall };
      minutesAround.set(key, cached);
    }
    return cached;
  }

  it("matches a minute-by-minute brute force around transitions, for every policy", () => {
    const policy = fc.record(
      { gap: fc.constantFrom("skip", "run_at_transition"), overlap: fc.constantFrom("first", "second", "both") },
      { requiredKeys: [] },
    ) as fc.Arbitrary<DstPolicy>;
    fc.assert(
      fc.property(cronExpression, fc.constantFrom(...TRANSITIONS), policy, (expr, [zone, iso], dst) => {
        const matches = matcher(expr);
        fc.pre(matches !== null);
        const at = Date.parse(iso);
        const gapPolicy = dst.gap ?? (isFixed(expr) ? "run_at_transition" : "skip");
        const overlapPolicy = dst.overlap ?? (isFixed(expr) ? "first" : "both");

        const { instants, walls, byWall } = around(zone, at);
        const fires = new Set<number>();
        const markers = new Set<number>();
        const firstKey = walls[0]!.key + HOUR;
        const lastKey = walls[walls.length - 1]!.key - HOUR;
        for (let key = firstKey; key <= lastKey; key += MINUTE) {
          if (!matches!(wallFromKey(key))) continue;
          const ts = byWall.get(key) ?? [];
          if (ts.length === 1) fires.add(ts[0]!);
          else if (ts.length === 2) {
            if (overlapPolicy !== "second") fires.add(ts[0]!);
            if (overlapPolicy !== "first") fires.add(ts[1]!);
          } else {
            const transition = instants[walls.findIndex((w) => w.key > key)]!;
            (gapPolicy === "skip" ? markers : fires).add(transition);
          }
        }
        for (const f of fires) markers.delete(f); // a real fire at the transition stands for the gap

        const from = at - 24 * HOUR;
        const to = at + 24 * HOUR;
        const inWindow = (t: number): boolean => t > from && t <= to;
        const occurrences: Occurrence[] = [];
        for (let o = nextOccurrence(cron(expr, zone, dst), from); o !== null && inWindow(o.at); o = nextOccurrence(cron(expr, zone, dst), o.at)) {
          occurrences.push(o);
        }
        expect(occurrences.filter((o) => o.skip === undefined).map((o) => o.at)).toEqual([...fires].filter(inWindow).sort((a, b) => a - b));
        expect(occurrences.filter((o) => o.skip !== undefined).map((o) => o.at)).toEqual([...markers].filter(inWindow).sort((a, b) => a - b));
      }),
      { numRuns: 200, seed: 8 },
    );
  }, 15_000);
});

describe("properties of every schedules", () => {
  it("puts step k of a day, week or month schedule on the anchor's date + k units at the anchor's wall time", () => {
    const schedule = fc.record({
      every: fc.integer({ min: 1, max: 40 }),
      unit: fc.constantFrom("day", "week", "month") as fc.Arbitrary<"day" | "week" | "month">,
      anchor: fc.integer({ min: Date.parse("2025-01-01T00:00:00Z"), max: Date.parse("2027-01-01T00:00:00Z") }).map((t) => t - (t % MINUTE)),
      timezone: fc.constantFrom(...ZONES, ...TRANSITIONS.map(([z]) => z)),
    });
    fc.assert(
      fc.property(schedule, ({ every, unit, anchor, timezone }) => {
        const s = { kind: "every", every, unit, anchor, timezone } as const;
        const occurrences = nextResolvedOccurrences(s, anchor - 1, 12);
        expect(occurrences).toHaveLength(12);
        const start = DateTime.fromMillis(anchor, { zone: timezone });
        // Civil arithmetic in UTC, where luxon's plus() has no DST to get wrong; months clamp like ours.
        const civilStart = DateTime.fromObject({ year: start.year, month: start.month, day: start.day }, { zone: "UTC" });
        occurrences.forEach((o, k) => {
          const date = civilStart.plus(unit === "month" ? { months: k * every } : { days: k * every * (unit === "week" ? 7 : 1) });
          const shown = DateTime.fromMillis(o.at, { zone: timezone });
          const expected = Date.UTC(date.year, date.month - 1, date.day, start.hour, start.minute);
          if (o.dst === "gap_shifted" || o.skip !== undefined) {
            // The wall time did not exist: the instant is a spring-forward transition that jumped over it.
            expect(offsetAt(timezone, o.at)).toBeGreaterThan(offsetAt(timezone, o.at - 1000));
            expect(wallOf(o.at - 1000, timezone).key).toBeLessThan(expected);
            expect(wallOf(o.at, timezone).key).toBeGreaterThan(expected);
          } else {
            expect(Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute)).toBe(expected);
          }
        });
      }),
      { numRuns: 300, seed: 11 },
    );
  });
});
