import { isDomainError } from "../../../src/core/errors.js";
import { parsePhrase } from "../../../src/core/phrase/index.js";
import { nextFireTimes } from "../../../src/core/schedule/index.js";

// Thursday 5 March 2026, 10:00 on each zone's wall clock: the `now` of the tuning sets' rows
// (independent/wall_times.py), whose runs were worked out by hand.
const NOW: Record<string, string> = {
  "Europe/Madrid": "2026-03-05T09:00:00Z",
  "Europe/Paris": "2026-03-05T09:00:00Z",
  "Europe/Rome": "2026-03-05T09:00:00Z",
  "Europe/Berlin": "2026-03-05T09:00:00Z",
  "Europe/London": "2026-03-05T10:00:00Z",
  "America/New_York": "2026-03-05T15:00:00Z",
  "America/Sao_Paulo": "2026-03-05T13:00:00Z",
  "Asia/Taipei": "2026-03-05T02:00:00Z",
  "Asia/Hong_Kong": "2026-03-05T02:00:00Z",
  "Asia/Macau": "2026-03-05T02:00:00Z",
  "Asia/Shanghai": "2026-03-05T02:00:00Z",
  "Asia/Tokyo": "2026-03-05T01:00:00Z",
  "Asia/Seoul": "2026-03-05T01:00:00Z",
  "Asia/Kolkata": "2026-03-05T04:30:00Z",
};

/** The rows' `now` in `timezone`. */
export function nowIn(timezone: string): number {
  const now = Date.parse(NOW[timezone] ?? "");
  if (Number.isNaN(now)) throw new Error(`no 'now' for ${timezone}: add it to tuning-runs.ts`);
  return now;
}

/** What `text` reads as in `timezone` at that `now`: its first runs (one for a one-shot, else three), or the refusal's code. */
export function runs(text: string, timezone: string): string[] | { refused: string } {
  const now = nowIn(timezone);
  try {
    const { schedule } = parsePhrase(text, { timezone, now });
    return nextFireTimes(schedule, now, schedule.kind === "once" ? 1 : 3).map((t) => new Date(t).toISOString().replace(".000Z", "Z"));
  } catch (e) {
    if (isDomainError(e)) return { refused: e.code };
    throw e;
  }
}

/** The reading of `text` at the tuning sets' `now` in `timezone`. */
export const readingOf = (text: string, timezone: string) => parsePhrase(text, { timezone, now: nowIn(timezone) });

/** The refusal `text` gets, as code and message; fails when it is read. */
export function refusalOf(text: string, timezone: string): { code: string; message: string } {
  try {
    readingOf(text, timezone);
  } catch (e) {
    if (isDomainError(e)) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error(`'${text}' was read`);
}
