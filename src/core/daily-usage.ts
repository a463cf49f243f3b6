import { z } from "zod";

/**
 * A daily budget, counted per UTC day: calls and tokens an owner's LLM work used today. Pure:
 * the state and the time are passed in. A call is admitted while both are under their caps;
 * the call that crosses the token cap is allowed to finish (its size is known only after).
 */

export const DailyCaps = z.strictObject({
  /** Model calls per owner per UTC day. */
  calls: z.number().int().min(0).max(1_000_000_000),
  /** Model tokens (prompt and completion) per owner per UTC day. */
  tokens: z.number().int().min(0).max(1_000_000_000_000),
});
export type DailyCaps = z.infer<typeof DailyCaps>;

export const DailyUsage = z.strictObject({
  /** `YYYY-MM-DD`, UTC. */
  day: z.string(),
  calls: z.number().int().min(0),
  tokens: z.number().int().min(0),
});
export type DailyUsage = z.infer<typeof DailyUsage>;

const DAY_MS = 86_400_000;

export const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);
/** The next UTC midnight after `now`: when today's usage stops counting. */
export const nextUtcMidnight = (now: number) => Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;

/** Today's usage: a state from another day (or none) counts as nothing used. */
export function usageToday(state: unknown, now: number): DailyUsage {
  const parsed = DailyUsage.safeParse(state);
  const day = utcDay(now);
  return parsed.success && parsed.data.day === day ? parsed.data : { day, calls: 0, tokens: 0 };
}

/** Whether one more call fits today's caps; if not, how long until the budget resets. */
export function admitCall(state: unknown, caps: DailyCaps, now: number): { ok: true } | { ok: false; retryAfterMs: number; spent: "calls" | "tokens" } {
  const used = usageToday(state, now);
  if (used.calls >= caps.calls) return { ok: false, retryAfterMs: nextUtcMidnight(now) - now, spent: "calls" };
  if (used.tokens >= caps.tokens) return { ok: false, retryAfterMs: nextUtcMidnight(now) - now, spent: "tokens" };
  return { ok: true };
}

/** Today's usage after one more call that used `tokens`. */
export function recordCall(state: unknown, tokens: number, now: number): DailyUsage {
  const used = usageToday(state, now);
  return { ...used, calls: used.calls + 1, tokens: used.tokens + Math.max(0, Math.round(tokens)) };
}
