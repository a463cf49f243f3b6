import cronstrue from "cronstrue";
import { parseCron } from "./cron-fields.js";
import { type CronSchedule, cronExprs, type EverySchedule, type Schedule } from "./model.js";
import { civilOfWall, dayOfWeek, formatWallDate, formatWallTime, wallDays } from "./wall-time.js";
import { formatInZone, isValidTimeZone, zoneRules } from "./zone.js";

/**
 * A sentence a person (or a model reading a tool result) can check against what they asked
 * for: "At 08:00, Monday through Friday (America/New_York)". Never throws: an expression
 * cronstrue cannot read is echoed as is.
 */
export function describeSchedule(s: Schedule): string {
  switch (s.kind) {
    case "immediate":
      return "Once, right away";
    case "once":
      return isValidTimeZone(s.timezone) ? `Once at ${formatInZone(s.timezone, s.at)} (${s.timezone})` : `Once at ${new Date(s.at).toISOString()}`;
    case "cron":
      return `${describeCrons(cronExprs(s))} (${s.timezone})${skippedDays(s)}${startOfCron(s)}`;
    case "every":
      return describeEvery(s);
  }
}

const say = (expr: string): string => cronstrue.toString(expr, { use24HourTimeFormat: true, throwExceptionOnParseError: true });
/** cronstrue's text for one field alone, without its "At 00:00, " lead. */
const part = (expr: string): string => say(expr).replace(/^At 00:00, /, "");

/**
 * cronstrue reads both day fields as "and", which is right for neither case when both are
 * restricted: Vixie cron takes either day (`0 9 1 * 1`: the 1st, and every Monday), except when
 * one field starts with `*` (`0 9 *∕2 * 1`: odd days that are also Mondays). Say which.
 */
function describeCron(expr: string): string {
  try {
    const [minute, hour, dom, month, dow] = expr.trim().split(/\s+/);
    if (minute === undefined || hour === undefined || dom === undefined || month === undefined || dow === undefined || dom === "*" || dow === "*") {
      return say(expr);
    }
    const time = say(`${minute} ${hour} * * *`);
    const months = month === "*" ? "" : `, ${part(`0 0 * ${month} *`)}`;
    const days = part(`0 0 ${dom} * *`);
    const weekdays = part(`0 0 * * ${dow}`).replace(/^only /, "");
    const either = dom.startsWith("*") || dow.startsWith("*") ? `${days}, but only ${weekdays}` : `${days}, or ${weekdays}`;
    return `${time}, ${either}${months}`;
  } catch {
    return `Cron "${expr}"`;
  }
}

/**
 * Several expressions: when they share the day fields, "At 08:15, and at 17:45, Monday through
 * Friday"; otherwise each in full, joined by "and".
 */
function describeCrons(exprs: string[]): string {
  const [first, ...more] = exprs;
  if (first === undefined) return "";
  if (more.length === 0) return describeCron(first);
  const fields = exprs.map((e) => e.trim().split(/\s+/));
  const days = fields.map((f) => f.slice(2).join(" "));
  if (new Set(days).size > 1) return joinAnd(exprs.map(describeCron), "; and ");
  try {
    const times = fields.map((f) => say(`${f[0]} ${f[1]} * * *`));
    const dayPart = days[0] === "* * *" ? "" : describeCron(`0 0 ${days[0]}`).replace(/^At 00:00/, "");
    return `${joinAnd(times, ", and ")}${dayPart}`;
  } catch {
    return joinAnd(exprs.map(describeCron), "; and ");
  }
}

/** "At 08:15", "At 17:45" → "At 08:15, and at 17:45". */
const joinAnd = (parts: string[], and: string): string => parts.map((p, i) => (i === 0 ? p : p.charAt(0).toLowerCase() + p.slice(1))).join(and);

/** Vixie cron skips a month without the listed day ("0 9 31 * *" runs seven times a year): say so. */
function skippedDays(s: CronSchedule): string {
  const late = new Set<number>();
  for (const expr of cronExprs(s)) {
    try {
      const f = parseCron(expr);
      if (f.dayOfMonthStar) continue;
      for (const day of [29, 30, 31]) if (f.daysOfMonth[day] === true) late.add(day);
    } catch {
      // An invalid expression is echoed as is; describeCron has said so.
    }
  }
  const list = [...late];
  if (list.length === 0) return "";
  const names = list.length === 1 ? `day ${list[0]}` : `days ${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
  return list.length === 1 ? `; ${names} is skipped in months without it` : `; ${names} are skipped in months without them`;
}

const UNIT_NAMES = { minute: "minute", hour: "hour", day: "day", week: "week", month: "month" } as const;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** ", starting 2026-03-09": a cron that waits for its start says the day, as an every-interval does. */
function startOfCron(s: CronSchedule): string {
  if (s.start === undefined) return "";
  if (!isValidTimeZone(s.timezone)) return `, starting ${new Date(s.start).toISOString()}`;
  return `, starting ${formatWallDate(s.start + zoneRules(s.timezone).offsetAt(s.start))}`;
}

function describeEvery(s: EverySchedule): string {
  const unit = UNIT_NAMES[s.unit];
  const every = s.every === 1 ? `Every ${unit}` : `Every ${s.every} ${unit}s`;
  if (!isValidTimeZone(s.timezone)) return `${every} from ${new Date(s.anchor).toISOString()}`;
  const start = formatInZone(s.timezone, s.anchor);
  if (s.unit === "minute" || s.unit === "hour") return `${every} from ${start} (${s.timezone})`;

  const wall = s.anchor + zoneRules(s.timezone).offsetAt(s.anchor);
  const at = `at ${formatWallTime(wall)}`;
  const since = `starting ${formatWallDate(wall)}`;
  if (s.unit === "day") return `${every} ${at} (${s.timezone}), ${since}`;
  if (s.unit === "week") {
    const weekday = WEEKDAYS[dayOfWeek(wallDays(wall))] ?? "";
    return `${every} on ${weekday} ${at} (${s.timezone}), ${since}`;
  }
  const day = civilOfWall(wall).day;
  const clamp = day > 28 ? "; the last day in shorter months" : "";
  return `${every} on day ${day} ${at} (${s.timezone}), ${since}${clamp}`;
}
