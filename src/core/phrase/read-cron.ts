import type { CronSchedule, Schedule } from "../schedule/model.js";
import type { ReadContext } from "./read-context.js";
import type { TimeOfDay } from "./read-time.js";
import { refuse } from "./refusals.js";

/** More expressions than this is no longer a schedule a person can check by reading it. */
const MAX_EXPRESSIONS = 12;

/**
 * A cron schedule that runs at `times` on the days the other fields name. One expression lists
 * one set of minutes for all its hours, so the times are grouped by their minutes: "8:15 and
 * 17:45" is two expressions, "every 30 minutes from 8 to 12" is `0,30 8-11` and `0 12`. Every
 * expression names fixed minutes and hours, so DST treats each time as a wall-clock time.
 */
export function cronAt(ctx: ReadContext, times: TimeOfDay[], dom: string, month: string, dow: string): CronSchedule {
  const byHour = new Map<number, Set<number>>();
  for (const t of times) byHour.set(t.hour, (byHour.get(t.hour) ?? new Set()).add(t.minute));
  const byMinutes = new Map<string, { minutes: number[]; hours: number[] }>();
  for (const hour of [...byHour.keys()].sort((a, b) => a - b)) {
    const minutes = [...(byHour.get(hour) ?? [])].sort((a, b) => a - b);
    const key = minutes.join(",");
    const group = byMinutes.get(key) ?? { minutes, hours: [] };
    group.hours.push(hour);
    byMinutes.set(key, group);
  }
  const exprs = [...byMinutes.values()]
    .sort((a, b) => (a.hours[0] ?? 0) * 60 + (a.minutes[0] ?? 0) - ((b.hours[0] ?? 0) * 60 + (b.minutes[0] ?? 0)))
    .map((g) => `${cronList(g.minutes)} ${cronList(g.hours)} ${dom} ${month} ${dow}`);
  const [expr, ...also] = exprs;
  if (expr === undefined) throw new Error("cronAt needs at least one time");
  if (exprs.length > MAX_EXPRESSIONS)
    throw refuse.notExpressible(`Times with ${exprs.length} different sets of minutes`, "Offer fewer times, or one task per time.");
  return { kind: "cron", expr, ...(also.length > 0 && { also }), timezone: ctx.timezone };
}

/**
 * "every day at 7 except in March": the months excepted taken out of each expression's month
 * field. Only a cron schedule that runs in every month can lose some; an interval counted in
 * elapsed time or a date every year cannot say it, and is refused. (A single run never gets here:
 * readCluster asks about it, since the exception says a repetition was meant.)
 */
export function withoutMonths(schedule: Schedule, months: number[]): Schedule {
  if (months.length === 0) return schedule;
  const kept = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].filter((m) => !months.includes(m));
  const fields = (expr: string) => expr.trim().split(/\s+/u);
  const exprs = schedule.kind === "cron" ? [schedule.expr, ...(schedule.also ?? [])] : [];
  if (schedule.kind !== "cron" || exprs.some((e) => fields(e)[3] !== "*")) {
    throw refuse.notExpressible(
      "A month excepted from this repetition",
      "Offer a repetition on days or weekdays at a time, e.g. 'every day at 7am except in August'.",
    );
  }
  if (kept.length === 0) throw refuse.conflicting("an exception of every month");
  const month = cronList(kept);
  const [expr, ...also] = exprs.map((e) => {
    const [minute, hour, dom, , dow] = fields(e);
    return `${minute} ${hour} ${dom} ${month} ${dow}`;
  });
  return { ...schedule, expr: expr ?? schedule.expr, ...(also.length > 0 && { also }) };
}

/**
 * "1,2,3,4,5" → "1-5", "9,11,13,15,17" → "9-17/2": a run of three or more becomes a range, an
 * even step over four or more values a stepped range, for a readable expression.
 */
export function cronList(values: number[]): string {
  const step = (values[1] ?? 0) - (values[0] ?? 0);
  if (values.length >= 4 && step > 1 && values.every((v, i) => i === 0 || v - (values[i - 1] ?? 0) === step)) {
    return `${values[0]}-${values.at(-1)}/${step}`;
  }
  const parts: string[] = [];
  for (let i = 0; i < values.length; ) {
    let j = i;
    while (j + 1 < values.length && values[j + 1] === (values[j] ?? 0) + 1) j++;
    parts.push(j - i >= 2 ? `${values[i]}-${values[j]}` : values.slice(i, j + 1).join(","));
    i = j + 1;
  }
  return parts.join(",");
}
