import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { DateTime, IANAZone } from "luxon";

/**
 * Expected fire times for eval cases, computed WITHOUT the code under test: wall-clock
 * arithmetic on luxon's zone offsets only, with duely's documented DST rule (docs/dst.md) for
 * fixed-time schedules: a wall time in a gap runs once at the transition, a wall time that
 * happens twice runs once, in the first pass. Case authors run it by hand:
 *
 *   npx tsx evals/expected-fires.ts --tz America/New_York --now 2026-03-05T15:07:30Z --at 08:00 --days 1-5
 */

const MINUTE = 60_000;

/** Offset of `zone` at instant `t`, in ms. */
const offsetAt = (zone: IANAZone, t: number) => zone.offset(t) * MINUTE;

export interface WallInstant {
  /** The instant the wall time runs at under the default policy. */
  at: number;
  kind: "ordinary" | "gap" | "overlap";
  /** For an overlap: both passes, earlier first. */
  both?: [number, number];
}

/**
 * The instant(s) a local wall time names: one normally, two in a fall-back overlap (first kept),
 * none in a spring-forward gap (then the transition, found by bisection on the offset).
 */
export function resolveWall(tz: string, y: number, mo: number, d: number, h: number, mi: number): WallInstant {
  const zone = IANAZone.create(tz);
  if (!zone.isValid) throw new Error(`unknown zone ${tz}`);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // The offsets in force a day and a half either side cover any single transition that day.
  const offsets = [...new Set([offsetAt(zone, wall - 36 * 3_600_000), offsetAt(zone, wall + 36 * 3_600_000)])];
  const valid = offsets
    .map((o) => wall - o)
    .filter((t) => offsetAt(zone, t) === wall - t)
    .sort((a, b) => a - b);
  if (valid.length === 2) return { at: valid[0]!, kind: "overlap", both: [valid[0]!, valid[1]!] };
  if (valid.length === 1) return { at: valid[0]!, kind: "ordinary" };
  // Gap: the wall time read with each offset lands on the other side of the jump.
  let lo = Math.min(...offsets.map((o) => wall - o));
  let hi = Math.max(...offsets.map((o) => wall - o));
  const before = offsetAt(zone, lo);
  while (hi - lo > MINUTE) {
    const mid = Math.floor((lo + hi) / 2 / MINUTE) * MINUTE;
    if (offsetAt(zone, mid) === before) lo = mid;
    else hi = mid;
  }
  return { at: hi, kind: "gap" };
}

export type DayRule = "daily" | "weekdays" | "weekends" | readonly number[] | { monthDay: number } | { month: number; day: number };

export interface WallSpec {
  tz: string;
  /** ISO instant: fires strictly after it count. */
  now: string;
  /** Wall times "HH:MM", 24 h. */
  times: readonly string[];
  days: DayRule;
  count?: number;
}

function dayMatches(rule: DayRule, date: DateTime): boolean {
  if (rule === "daily") return true;
  if (rule === "weekdays") return date.weekday <= 5;
  if (rule === "weekends") return date.weekday >= 6;
  if (Array.isArray(rule)) return rule.includes(date.weekday);
  const r = rule as { monthDay: number } | { month: number; day: number };
  if ("monthDay" in r) return date.day === r.monthDay;
  return date.month === r.month && date.day === r.day;
}

const hm = (s: string): [number, number] => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(s);
  if (!m) throw new Error(`time ${s} is not HH:MM`);
  return [Number(m[1]), Number(m[2])];
};

/** Fixed wall-time repetitions (daily, weekly, monthly, yearly) as ISO UTC strings. */
export function wallFires(spec: WallSpec): string[] {
  const now = Date.parse(spec.now);
  const count = spec.count ?? 5;
  const out: number[] = [];
  let date = DateTime.fromMillis(now, { zone: spec.tz }).startOf("day");
  for (let i = 0; i < 366 * 6 && out.length < count; i++, date = date.plus({ days: 1 })) {
    if (!dayMatches(spec.days, date)) continue;
    const instants = spec.times
      .map(hm)
      .map(([h, mi]) => resolveWall(spec.tz, date.year, date.month, date.day, h, mi).at)
      .sort((a, b) => a - b);
    for (const t of new Set(instants)) if (t > now && out.length < count) out.push(t);
  }
  return out.map(iso);
}

/** One wall time on one local date ("2026-03-06", "09:00"). */
export function onDate(tz: string, date: string, time: string): string {
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi] = hm(time);
  return iso(resolveWall(tz, y, mo, d, h, mi).at);
}

export const iso = (t: number) => new Date(t).toISOString().replace(".000Z", "Z");

function parseDays(s: string): DayRule {
  if (s === "daily" || s === "weekdays" || s === "weekends") return s;
  if (s.startsWith("month:")) return { monthDay: Number(s.slice(6)) };
  if (s.startsWith("year:")) {
    const [month, day] = s.slice(5).split("-").map(Number) as [number, number];
    return { month, day };
  }
  const days: number[] = [];
  for (const part of s.split(",")) {
    const [a, b] = part.split("-").map(Number) as [number, number | undefined];
    for (let d = a; d <= (b ?? a); d++) days.push(d);
  }
  return days;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const tz = arg("tz");
  const now = arg("now");
  const at = arg("at");
  if (!tz || !now || !at) {
    process.stderr.write(
      "usage: expected-fires --tz ZONE --now ISO --at HH:MM[,HH:MM] [--days daily|weekdays|weekends|1-5|1,3,5|month:15|year:12-25] [--count 5]\n",
    );
    process.exit(2);
  }
  const fires = wallFires({ tz, now, times: at.split(","), days: parseDays(arg("days") ?? "daily"), count: Number(arg("count") ?? 5) });
  process.stdout.write(`${JSON.stringify(fires)}\n`);
}
