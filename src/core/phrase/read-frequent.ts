import { addDays, localTimeAt, resolveLocalTime } from "../schedule/index.js";
import type { Schedule } from "../schedule/model.js";
import { count, formatClock } from "./format.js";
import type { ClockReading, Fragment, PartOfDay, Weekday } from "./fragments.js";
import { type FoundOf, findsOf, type ReadContext, timesOf } from "./read-context.js";
import { cronAt, cronList } from "./read-cron.js";
import { everyFrom } from "./read-every.js";
import { clockToTime, type TimeOfDay } from "./read-time.js";
import { refuse } from "./refusals.js";

type Interval = Extract<Fragment, { kind: "interval" }> & { unit: "minute" | "hour" };

/**
 * "every 15 minutes", "hourly", "every 2 hours on weekdays", "every 2 hours from 9am",
 * "every 2 hours from 9 to 5" (a window: cron at each time from the start to the end, both
 * included, on the days named).
 */
export function readFrequent(ctx: ReadContext, interval: Interval, days: Weekday[] | null, monthDays: number[], dailyParts: PartOfDay[]): Schedule {
  const { every, unit } = interval;
  const clocks = findsOf(ctx, "clock");
  const windows = findsOf(ctx, "window");
  // A part of the day said right before the one clock ("從下午一點開始每三小時") only sets that
  // clock's half of the day; any other part ("every 15 minutes in the morning") is a window.
  const parts = findsOf(ctx, "part").filter((p) => !(clocks.length === 1 && windows.length === 0 && saidWith(ctx, p, clocks[0])));
  if (dailyParts.length > 0 || parts.length > 0 || clocks.length > 1 || (windows.length > 0 && clocks.length > 0) || windows.length > 1) {
    throw refuse.notExpressible(
      "A repetition within a part of the day ('every 15 minutes in the morning')",
      "Offer the repetition between two clock times, e.g. 'every hour from 9am to 5pm', or all day.",
    );
  }
  const dom = monthDays.length > 0 ? cronList(monthDays) : "*";
  const dow = days === null ? "*" : cronList(days);
  if (dom !== "*" && dow !== "*") throw refuse.conflicting("both days of the month and weekdays");
  const [window] = windows;
  const past = [...new Set(findsOf(ctx, "minutePast").map((f) => f.fragment.minute))];
  if (past.length > 0) return pastTheHour(ctx, interval, past, window === undefined && clocks.length === 0, dom, dow);
  if (window !== undefined) return cronAt(ctx, windowTimes(ctx, window, unit === "minute" ? every : every * 60), dom, "*", dow);
  if (days !== null || monthDays.length > 0) {
    const perDay = unit === "minute" ? 60 : 24;
    if (clocks.length > 0 || perDay % every !== 0) {
      throw refuse.notExpressible(
        `Every ${every} ${unit}s on some days only`,
        `Offer an interval that divides ${perDay} ${unit}s evenly (e.g. 15 minutes, 2 hours), started at midnight, or a window ('every ${every} ${unit}s from 9am to 5pm').`,
      );
    }
    const step = every === 1 ? "*" : `*/${every}`;
    const expr = unit === "minute" ? `${step} * ${dom} * ${dow}` : `0 ${step} ${dom} * ${dow}`;
    return { kind: "cron", expr, timezone: ctx.timezone };
  }
  const [time] = timesOf(ctx);
  if (time !== undefined) {
    const schedule = everyFrom(ctx, every, unit, time, () => true);
    ctx.notes.push(`first run at ${formatClock(time.hour, time.minute)}, then every ${count(every, unit)} of elapsed time`);
    return schedule;
  }
  return { kind: "every", every, unit, anchor: alignedStart(ctx, every, unit), timezone: ctx.timezone };
}

/** Whether `part` is said right before `clock`, with nothing but spaces between. */
function saidWith(ctx: ReadContext, part: FoundOf<"part">, clock: FoundOf<"clock"> | undefined): boolean {
  return clock !== undefined && part.end <= clock.start && ctx.text.slice(part.end, clock.start).trim() === "";
}

/** "every hour at :30", "every 2 hours on the half hour": cron at that minute, the hours stepped from midnight. */
function pastTheHour(ctx: ReadContext, interval: Interval, minutes: number[], alone: boolean, dom: string, dow: string): Schedule {
  const [minute, ...others] = minutes;
  if (minute === undefined || others.length > 0 || !alone || interval.unit !== "hour") {
    throw refuse.conflicting("a minute past the hour with another time or repetition");
  }
  if (minute > 59) throw refuse.badClock(`:${minute}`);
  if (24 % interval.every !== 0) {
    throw refuse.notExpressible(`Every ${interval.every} hours at a minute past the hour`, "Offer an interval that divides 24 hours evenly.");
  }
  const hours = interval.every === 1 ? "*" : `*/${interval.every}`;
  return { kind: "cron", expr: `${minute} ${hours} ${dom} * ${dow}`, timezone: ctx.timezone };
}

/** The times from the window's start to its end, both included, `stepMinutes` apart. */
function windowTimes(ctx: ReadContext, window: FoundOf<"window">, stepMinutes: number): TimeOfDay[] {
  const { from, to } = window.fragment;
  const start = endTime(window, from, null);
  let end = endTime(window, to, start);
  // "to midnight" ends the day.
  if (to.exact === "midnight") end = { hour: 23, minute: 59 };
  const first = start.hour * 60 + start.minute;
  const last = end.hour * 60 + end.minute;
  if (last <= first) {
    throw refuse.notExpressible(
      `A window that ends before it starts or runs past midnight ('${window.text.trim()}')`,
      "Offer a window within one day, e.g. 'from 9am to 5pm'.",
    );
  }
  ctx.notes.push(`read '${window.text.trim()}' as ${formatClock(start.hour, start.minute)} to ${formatClock(end.hour, end.minute)}, both included`);
  const times: TimeOfDay[] = [];
  for (let m = first; m <= last; m += stepMinutes) times.push({ hour: Math.floor(m / 60), minute: m % 60 });
  return times;
}

/**
 * One end of a window on the 24-hour clock. A bare end hour below the start is in the afternoon
 * ("from 9 to 5" is 09:00–17:00), as people say office hours.
 */
function endTime(window: FoundOf<"window">, c: ClockReading, start: TimeOfDay | null): TimeOfDay {
  if (c.exact === "noon") return { hour: 12, minute: 0 };
  if (c.exact === "midnight") return { hour: 0, minute: 0 };
  const clock = { kind: "clock", hour: c.hour, minute: c.minute, meridiem: c.meridiem } as const;
  const time = clockToTime(window, clock, c.part ?? null, []);
  const bare = c.meridiem === null && c.part === undefined && c.hour >= 1 && c.hour <= 12;
  if (start !== null && bare && time.hour * 60 + time.minute <= start.hour * 60 + start.minute && c.hour < 12) return { hour: c.hour + 12, minute: c.minute };
  return time;
}

/**
 * The first run of "every N minutes/hours" with no start time: the next wall-clock boundary
 * that is a multiple of N (every 15 minutes at 10:07 -> 10:15; every 2 hours at 10:07 ->
 * 12:00) when N divides the hour (or the day), as a cron step would; else now + N, to the minute.
 */
function alignedStart(ctx: ReadContext, every: number, unit: "minute" | "hour"): number {
  const wall = localTimeAt(ctx.now, ctx.timezone);
  const perUnit = unit === "minute" ? 60_000 : 3_600_000;
  if (unit === "minute" && 60 % every === 0) {
    const startOfHour = ctx.now - wall.minute * 60_000 - Math.round(wall.second * 1000);
    const at = startOfHour + (Math.floor(wall.minute / every) + 1) * every * 60_000;
    const first = localTimeAt(at, ctx.timezone);
    ctx.notes.push(`first run at ${formatClock(first.hour, first.minute)} (aligned to the hour's ${every}-minute marks)`);
    return at;
  }
  if (unit === "hour" && 24 % every === 0) {
    const hour = (Math.floor(wall.hour / every) + 1) * every;
    const day = hour >= 24 ? addDays(wall, 1) : wall;
    const at = resolveLocalTime({ ...day, hour: hour % 24, minute: 0 }, ctx.timezone).at;
    ctx.notes.push(
      `first run at ${formatClock(hour % 24, 0)} (aligned to ${every}-hour marks from midnight), then every ${count(every, "hour")} of elapsed time`,
    );
    return at;
  }
  const at = ctx.now - (ctx.now % 60_000) + every * perUnit;
  const first = localTimeAt(at, ctx.timezone);
  ctx.notes.push(`first run at ${formatClock(first.hour, first.minute)}, ${count(every, unit)} from now (to the minute)`);
  return at;
}
