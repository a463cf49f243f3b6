import { DomainError } from "../errors.js";
import { daysInMonth } from "./wall-time.js";

/**
 * Five-field Vixie cron, `m h dom mon dow`: numbers, three-letter names (JAN, MON), `*`, ranges,
 * lists and steps (`*∕15`, `1-5/2`, and `5/15` read as `5-59/15` like cronie), plus the two
 * Quartz/EventBridge day items people ask for and Vixie cannot say: `L` in day-of-month (the
 * month's last day) and, in day-of-week, `5L` (the month's last Friday) and `1#2` (its second
 * Monday). They may stand in a list (`1,L`, `1#1,3#3`) but not in a range or step. The other
 * Quartz and seconds extensions (`L-3`, W, ?, H, a sixth field) are refused rather than guessed at.
 *
 * We parse the fields ourselves instead of through cron-parser: its grammar is wider than
 * Vixie's (it takes 6 fields, `L`, `#`, `H`, and fills in a three-field expression), and the one
 * rule that matters most here — whether day-of-month and day-of-week combine by AND or OR —
 * depends on the raw text (does the field start with `*`?), which its parsed fields lose.
 */
export interface CronFields {
  /** Indexed by value: minutes[0..59], hours[0..23], daysOfMonth[1..31], months[1..12], daysOfWeek[0..6] (0 = Sunday). */
  readonly minutes: readonly boolean[];
  readonly hours: readonly boolean[];
  readonly daysOfMonth: readonly boolean[];
  readonly months: readonly boolean[];
  readonly daysOfWeek: readonly boolean[];
  /** `L` in day-of-month: the month's last day. */
  readonly lastDayOfMonth: boolean;
  /** `5L` and `1#2` in day-of-week: `nth` 1–5 counts from the month's start, -1 is the last. */
  readonly weekdaysInMonth: ReadonlyArray<{ weekday: number; nth: number }>;
  /**
   * Vixie cron: a day field that starts with `*` (even `*∕2`) counts as unrestricted. When either
   * day field does, a day must match both; when neither does, matching either is enough. So
   * `0 9 1 * 1` is "the 1st, and every Monday" but `0 9 *∕2 * 1` is "odd days that are Mondays".
   */
  readonly dayOfMonthStar: boolean;
  readonly dayOfWeekStar: boolean;
  /** nextMinute[m] = smallest allowed minute ≥ m, or -1; same for hours. Index 60 / 24 is -1. */
  readonly nextMinute: Int8Array;
  readonly nextHour: Int8Array;
}

export const CRON_EXPECTED = 'five fields "m h dom mon dow", e.g. "0 8 * * 1-5"';

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  names?: readonly string[];
  /** Value of the first name: JAN is 1, SUN is 0. */
  nameBase?: number;
  /** Largest step that still yields more than one value: a bigger one is almost surely a misunderstanding. */
  maxStep: number;
}

const MONTH_NAMES = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const DAY_NAMES = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

const SPECS: readonly FieldSpec[] = [
  { name: "minute", min: 0, max: 59, maxStep: 59 },
  { name: "hour", min: 0, max: 23, maxStep: 23 },
  { name: "day-of-month", min: 1, max: 31, maxStep: 30 },
  { name: "month", min: 1, max: 12, names: MONTH_NAMES, nameBase: 1, maxStep: 11 },
  { name: "day-of-week", min: 0, max: 7, names: DAY_NAMES, nameBase: 0, maxStep: 6 },
];

const MACROS: Record<string, string> = {
  "@yearly": "0 0 1 1 *",
  "@annually": "0 0 1 1 *",
  "@monthly": "0 0 1 * *",
  "@weekly": "0 0 * * 0",
  "@daily": "0 0 * * *",
  "@midnight": "0 0 * * *",
  "@hourly": "0 * * * *",
};

const QUARTZ = /[?]|(?:^|,)(?:L-\d+|\d+W|LW|H(?:\(\d+-\d+\))?(?:\/\d+)?)(?:,|$)/i;
const ITEM = /^(?:(\*)|([0-9a-z]+)(?:-([0-9a-z]+))?)(?:\/([0-9]+))?$/;
/** `5L`, `FRIL`; `1#2`, `MON#2`. */
const LAST_WEEKDAY = /^([0-9]|[a-z]{3})l$/;
const NTH_WEEKDAY = /^([0-9]|[a-z]{3})#([0-9])$/;

function invalid(expr: string, reason: string, hint?: string): DomainError {
  return new DomainError("invalid_schedule", `Invalid cron expression ${JSON.stringify(expr)}: ${reason}.`, {
    field: "schedule.expr",
    expected: CRON_EXPECTED,
    ...(hint !== undefined && { hint }),
  });
}

function parseValue(expr: string, spec: FieldSpec, token: string): number {
  if (/^[0-9]+$/.test(token)) {
    const n = Number(token);
    if (n < spec.min || n > spec.max) throw invalid(expr, `${spec.name} ${n} is out of range ${spec.min}-${spec.max}`);
    return n;
  }
  const index = spec.names?.indexOf(token) ?? -1;
  if (index < 0) {
    const known = spec.names ? ` (names: ${spec.names.map((n) => n.toUpperCase()).join(", ")})` : "";
    throw invalid(expr, `${spec.name} value ${JSON.stringify(token)} is not a number${known}`);
  }
  return index + (spec.nameBase ?? 0);
}

interface ParsedField {
  allowed: boolean[];
  last: boolean;
  inMonth: Array<{ weekday: number; nth: number }>;
}

function parseField(expr: string, spec: FieldSpec, text: string): ParsedField {
  const out: ParsedField = { allowed: new Array<boolean>(spec.max + 1).fill(false), last: false, inMonth: [] };
  if (QUARTZ.test(text)) {
    throw invalid(expr, `${spec.name} ${JSON.stringify(text)} uses a Quartz extension (L-n, W, ?, H) that this cron does not have`);
  }
  for (const item of text.toLowerCase().split(",")) {
    if (!readDayItem(expr, spec, item, out)) readItem(expr, spec, item, out.allowed);
  }
  return out;
}

/** `L` in day-of-month, `5L` or `1#2` in day-of-week; false for any other item. */
function readDayItem(expr: string, spec: FieldSpec, item: string, out: ParsedField): boolean {
  const last = LAST_WEEKDAY.exec(item);
  const nth = NTH_WEEKDAY.exec(item);
  if (item !== "l" && last === null && nth === null) return false;
  const wanted = item === "l" ? "day-of-month" : "day-of-week";
  if (spec.name !== wanted) {
    throw invalid(expr, `${spec.name} item ${JSON.stringify(item)} is only allowed in ${wanted} (L there, 5L and 1#2 in day-of-week)`);
  }
  if (item === "l") {
    out.last = true;
    return true;
  }
  const weekday = parseValue(expr, spec, (last ?? nth)?.[1] ?? "") % 7;
  const n = nth === null ? -1 : Number(nth[2]);
  if (n === 0 || n > 5) throw invalid(expr, `day-of-week ${JSON.stringify(item)}: the week of the month must be 1-5`);
  out.inMonth.push({ weekday, nth: n });
  return true;
}

function readItem(expr: string, spec: FieldSpec, item: string, allowed: boolean[]): void {
  const m = ITEM.exec(item);
  if (m === null) throw invalid(expr, `${spec.name} item ${JSON.stringify(item)} is not a number, name, range or step`);
  const [, star, loText, hiText, stepText] = m;
  let lo = spec.min;
  let hi = spec.max;
  if (star === undefined && loText !== undefined) {
    lo = parseValue(expr, spec, loText);
    // `5/15` means 5 through the end of the range, as in cronie and cron-parser.
    hi = hiText !== undefined ? parseValue(expr, spec, hiText) : stepText !== undefined ? spec.max : lo;
    if (spec.max === 7 && hi === 0 && lo > 0) hi = 7; // FRI-SUN: Sunday as the end of a range
    if (lo > hi) throw invalid(expr, `${spec.name} range ${item} runs backwards`);
  }
  const step = stepText === undefined ? 1 : Number(stepText);
  if (step < 1 || step > spec.maxStep) {
    throw invalid(
      expr,
      `${spec.name} step ${stepText} must be between 1 and ${spec.maxStep}`,
      "For intervals cron cannot express (every 90 minutes, every 3 days), use an every schedule.",
    );
  }
  for (let v = lo; v <= hi; v += step) allowed[v] = true;
}

function nextTable(allowed: readonly boolean[], size: number): Int8Array {
  const table = new Int8Array(size + 1).fill(-1);
  for (let v = size - 1; v >= 0; v--) table[v] = allowed[v] ? v : (table[v + 1] ?? -1);
  return table;
}

function parse(expr: string): CronFields {
  const trimmed = expr.trim();
  const macro = MACROS[trimmed.toLowerCase()];
  if (macro !== undefined) throw invalid(expr, `macros are not supported`, `Write ${JSON.stringify(macro)} instead.`);
  const texts = trimmed.split(/\s+/);
  if (texts.length !== 5) {
    const seconds = texts.length === 6 ? "; a seconds field is not supported" : "";
    throw invalid(expr, `expected 5 fields, got ${trimmed === "" ? 0 : texts.length}${seconds}`);
  }
  const [minute, hour, dom, month, dow] = texts.map((text, i) => parseField(expr, SPECS[i] as FieldSpec, text)) as [
    ParsedField,
    ParsedField,
    ParsedField,
    ParsedField,
    ParsedField,
  ];
  if (dow.allowed[7]) dow.allowed[0] = true; // 7 is Sunday too
  return {
    minutes: minute.allowed,
    hours: hour.allowed,
    daysOfMonth: dom.allowed,
    months: month.allowed,
    daysOfWeek: dow.allowed.slice(0, 7),
    lastDayOfMonth: dom.last,
    weekdaysInMonth: dow.inMonth,
    dayOfMonthStar: texts[2]?.startsWith("*") ?? false,
    dayOfWeekStar: texts[4]?.startsWith("*") ?? false,
    nextMinute: nextTable(minute.allowed, 60),
    nextHour: nextTable(hour.allowed, 24),
  };
}

const MAX_CACHED = 2048;
const cache = new Map<string, CronFields>();

/** Parses (memoized per expression string) or throws DomainError invalid_schedule. */
export function parseCron(expr: string): CronFields {
  let fields = cache.get(expr);
  if (fields === undefined) {
    if (typeof expr !== "string") throw invalid(String(expr), "it is not a string");
    fields = parse(expr);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(expr, fields);
  }
  return fields;
}

/**
 * Vixie cron's "fixed-time" job: neither the minute nor the hour field starts with `*`. Such a
 * job names a wall-clock time, so DST moves it; any other job follows real time.
 */
export function isFixedTime(expr: string): boolean {
  const [minute = "", hour = ""] = expr.trim().split(/\s+/);
  return !minute.startsWith("*") && !hour.startsWith("*");
}

/** Whether a calendar day passes the dom/dow test (see `dayOfMonthStar`). */
export function dayMatches(fields: CronFields, year: number, month: number, day: number, weekday: number): boolean {
  const monthDays = daysInMonth(year, month);
  const dom = fields.daysOfMonth[day] === true || (fields.lastDayOfMonth && day === monthDays);
  const dow =
    fields.daysOfWeek[weekday] === true ||
    fields.weekdaysInMonth.some((w) => w.weekday === weekday && (w.nth === -1 ? day + 7 > monthDays : Math.ceil(day / 7) === w.nth));
  return fields.dayOfMonthStar || fields.dayOfWeekStar ? dom && dow : dom || dow;
}
