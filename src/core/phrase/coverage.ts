import type { Schedule } from "../schedule/model.js";
import { conditionNextTo } from "./conditions.js";
import type { Found } from "./fragments.js";
import type { Grammar } from "./grammar.js";
import { PART_HOURS } from "./read-time.js";
import { refuse } from "./refusals.js";

/**
 * The coverage rule: a reading may leave out only words known to carry no schedule meaning.
 * Every fragment of the chosen cluster must have been read, and every word of the grammar's
 * lexicon of schedule-bearing words (weekday and month names, ordinals, "except", "every",
 * "until", "next month", counts, durations, clock times …) anywhere in the text must lie inside
 * a fragment that was read. Anything left over is refused, quoting it: a reading that drops
 * "except Wednesday" or "for two weeks" would create a task the user did not ask for.
 *
 * One word outside the reading is let through: a bare frequency that says what the schedule
 * says ("Every Friday at 4pm, send me a weekly summary"), found in `others`; one with a part of
 * the day says it only when every run falls in that part ("Every day at 2:30 am … nightly").
 */
export function checkCoverage(
  grammar: Grammar,
  lowered: string,
  shown: string,
  cluster: readonly Found[],
  used: ReadonlySet<Found>,
  others: readonly Found[],
  schedule: Schedule,
): void {
  const words: string[] = [];
  for (const f of cluster) if (!used.has(f) && f.fragment.kind !== "noise") words.push(f.text.trim());
  const period = periodOf(schedule);
  const read = [...used, ...others.filter((f) => !cluster.includes(f) && period !== null && frequencyOf(f, schedule) === period)];
  const single = schedule.kind === "once" || schedule.kind === "immediate";
  for (const lexicon of [grammar.bearing, ...(single && grammar.repeats !== undefined ? [grammar.repeats] : [])]) {
    for (const m of lowered.matchAll(lexicon)) {
      const start = m.index;
      const end = start + m[0].length;
      if (!read.some((f) => f.start <= start && end <= f.end)) words.push(shown.slice(start, end).trim());
    }
  }
  for (const m of lowered.matchAll(YEAR_APART)) {
    const end = m.index + m[0].length;
    const start = end - (m[1]?.length ?? 0);
    if (!read.some((f) => f.start <= start && end <= f.end)) words.push(shown.slice(start, end));
  }
  const start = Math.min(...cluster.map((f) => f.start));
  const end = Math.max(...cluster.map((f) => f.end));
  const condition = conditionNextTo(grammar.lang, lowered, shown, start, end);
  if (condition !== null) words.push(condition);
  const unique = [...new Set(words.filter((w) => w !== ""))];
  if (unique.length > 0) throw refuse.unusedWords(unique, grammar.examples);
}

/**
 * A year in digits said apart from its date, after a comma or "in" ("March 10 at 9am, 2028"):
 * in any language, unread it would move the run by years, so it is asked. Only there: a year in
 * the task's own words ("file the 2026 taxes") stays words.
 */
const YEAR_APART = /(?:,|\bin)\s*((?:19|20)\d\d)(?!\d)/gu;

type Period = "day" | "week" | "month";

/**
 * "daily", "weekly", "monthly" alone: the period a bare frequency word names, else null.
 * "nightly", "every evening": a day, when `schedule` runs only in that part of the day.
 */
function frequencyOf(f: Found, schedule: Schedule): Period | null {
  const x = f.fragment;
  if (x.kind === "daily") return x.part === undefined || hoursOf(schedule).every(PART_HOURS[x.part]) ? "day" : null;
  if (x.kind === "interval" && x.every === 1 && x.weekday === undefined && (x.unit === "day" || x.unit === "week" || x.unit === "month")) return x.unit;
  return null;
}

/** The period a schedule repeats with: every day, on some weekdays every week, on days of the month. */
function periodOf(s: Schedule): Period | null {
  if (s.kind === "every") return s.every === 1 && (s.unit === "day" || s.unit === "week" || s.unit === "month") ? s.unit : null;
  if (s.kind !== "cron") return null;
  const days = [s.expr, ...(s.also ?? [])].map((e) => e.trim().split(/\s+/u).slice(2).join(" "));
  const [first] = days;
  if (first === undefined || days.some((d) => d !== first)) return null;
  const [dom, month, dow] = first.split(" ");
  if (month !== "*") return null;
  if (dom === "*" && dow === "*") return "day";
  if (dom === "*" && dow !== undefined && !dow.includes("#") && !dow.includes("L")) return "week";
  if (dow === "*") return "month";
  return null;
}

/** The hours a cron schedule runs at, when each of its expressions names them; [NaN] otherwise. */
function hoursOf(s: Schedule): number[] {
  if (s.kind !== "cron") return [Number.NaN];
  return [s.expr, ...(s.also ?? [])].flatMap((e) => (e.trim().split(/\s+/u)[1] ?? "").split(",").map((h) => (/^\d{1,2}$/u.test(h) ? Number(h) : Number.NaN)));
}
