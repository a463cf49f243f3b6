import { DomainError } from "../core/errors.js";
import { parsePhrase } from "../core/phrase/index.js";
import { parseCount, parseInstant, render, type ScheduleOutput } from "./schedule-command.js";

/** `duely schedule parse "<phrase>" --tz <IANA>`: same output shape as `schedule next`, plus what was read. */
export function schedulePhrase(phrase: string, opts: { tz?: string; now?: string; count?: string }, realNow: number): ScheduleOutput & { matched: string } {
  if (!opts.tz) throw new DomainError("invalid_argument", "--tz is required.", { field: "tz", expected: 'an IANA zone, e.g. "Asia/Taipei"' });
  const now = opts.now === undefined ? realNow : parseInstant(opts.now, "now");
  const reading = parsePhrase(phrase, { timezone: opts.tz, now });
  return { ...render(reading.schedule, now, parseCount(opts.count), reading.notes, reading), matched: reading.matched };
}
