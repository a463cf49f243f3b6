import type { ScheduleExpect } from "../harness/case.js";
import type { FinalTask } from "../harness/transcript.js";

/**
 * Compares what the created task(s) will do — their next fire instants, read from the store —
 * with the expected instants. Spelling is irrelevant: `0 8 * * 1-5`, `0 8 * * MON-FRI` and the
 * phrase "every weekday at 8am" pass alike when they fire at the same instants.
 * Returns null on a match, else what differs.
 */
export function scheduleMatches(want: ScheduleExpect, tasks: FinalTask[], now: number): string | null {
  if ("next" in want) {
    const options = [want.next, ...(want.alternatives ?? [])].map((xs) => xs.map(Date.parse));
    const fits = (got: number[]) => options.some((o) => o.every((t, i) => got[i] === t));
    const show = (got: number[]) =>
      `expected ${list(want.next)}${want.alternatives ? ` (or ${want.alternatives.length} alternative(s))` : ""}, got ${list(got.slice(0, want.next.length))}`;
    if (want.union) {
      const merged = [...new Set(tasks.flatMap((t) => t.next.map(Date.parse)))].sort((a, b) => a - b);
      return fits(merged) ? null : show(merged);
    }
    for (const t of tasks) {
      const got = t.next.map(Date.parse);
      if (!fits(got)) return show(got);
    }
    return null;
  }
  if ("at" in want) {
    const targets = (Array.isArray(want.at) ? want.at : [want.at]).map(Date.parse);
    for (const t of tasks) {
      if (t.next.length !== 1)
        return `expected one run at ${list(targets)}, got ${t.next.length === 0 ? "no run" : `a repetition ${list(t.next.map(Date.parse))}`}`;
      const at = Date.parse(t.next[0]!);
      if (!targets.some((x) => Math.abs(x - at) <= want.tolerance_s * 1000)) {
        return `expected one run at ${list(targets)}${want.tolerance_s ? ` ±${want.tolerance_s}s` : ""}, got ${list([at])}`;
      }
    }
    return null;
  }
  if ("every_s" in want) {
    const step = want.every_s * 1000;
    const within = (want.first_within_s ?? want.every_s) * 1000;
    for (const t of tasks) {
      const got = t.next.map(Date.parse);
      if (got.length < 3) return `expected a repetition every ${want.every_s}s, got ${got.length} fire(s)`;
      const gaps = got.slice(1).map((x, i) => x - got[i]!);
      if (gaps.some((g) => g !== step)) return `expected every ${want.every_s}s, got gaps of ${gaps.map((g) => g / 1000).join(", ")}s`;
      if (!(got[0]! > now && got[0]! - now <= within)) return `expected the first run within ${within / 1000}s of now, got ${list([got[0]!])}`;
    }
    return null;
  }
  for (const t of tasks)
    if (t.schedule.type !== "immediate") return `expected an immediate run, got a ${String(t.schedule.type)} schedule ${list(t.next.map(Date.parse))}`;
  return null;
}

const iso = (t: number) => (Number.isNaN(t) ? "?" : new Date(t).toISOString().replace(":00.000Z", "Z"));
function list(xs: readonly (number | string)[]): string {
  return `[${xs.map((x) => iso(typeof x === "string" ? Date.parse(x) : x)).join(", ")}]`;
}
