import { z } from "zod";

/**
 * A token bucket: it holds at most `burst` tokens and gains `per_minute` of them a minute; each
 * charged action takes one. So an owner may do `burst` things at once, then `per_minute` a
 * minute for as long as they like. Pure: the state and the time are passed in.
 */

export const BucketSpec = z.strictObject({
  /** Tokens the bucket holds when full: how many may happen at once after a quiet spell. */
  burst: z.number().int().min(1).max(1_000_000),
  /** Tokens gained per minute: the sustained rate. */
  per_minute: z.number().min(0.001).max(1_000_000),
});
export type BucketSpec = z.infer<typeof BucketSpec>;

export const BucketState = z.strictObject({
  /** Below zero: tokens already promised to reservations (see `reserve`), paid back by the refill. */
  tokens: z.number(),
  /** Epoch ms the token count was computed at. */
  at: z.number(),
});
export type BucketState = z.infer<typeof BucketState>;

export interface Taken {
  ok: boolean;
  /** The state to store (unchanged but refilled when the charge was refused). */
  state: BucketState;
  /** When refused: how long until `cost` tokens are there. 0 when taken. */
  retryAfterMs: number;
}

/** The bucket at `now`: a missing or unreadable state is a full bucket; a clock step back adds nothing. */
export function refill(state: unknown, spec: BucketSpec, now: number): BucketState {
  const parsed = BucketState.safeParse(state);
  if (!parsed.success) return { tokens: spec.burst, at: now };
  const { tokens, at } = parsed.data;
  const gained = (Math.max(0, now - at) * spec.per_minute) / 60_000;
  return { tokens: Math.min(spec.burst, tokens + gained), at: Math.max(at, now) };
}

/** Takes `cost` tokens if the bucket has them. */
export function take(state: unknown, spec: BucketSpec, cost: number, now: number): Taken {
  const full = refill(state, spec, now);
  if (full.tokens >= cost) return { ok: true, state: { ...full, tokens: full.tokens - cost }, retryAfterMs: 0 };
  const missing = cost - full.tokens;
  return { ok: false, state: full, retryAfterMs: Math.ceil((missing * 60_000) / spec.per_minute) };
}

export interface Reserved {
  /** The state to store: the token is taken, from the future if need be. */
  state: BucketState;
  /** How long until the reserved token is there: 0 when it was there now. */
  waitMs: number;
}

/**
 * Takes one token now or books the next one to come: the bucket goes below zero, so each
 * reservation waits for a token of its own, one refill interval after the previous one. A queue
 * of runs over the rate is thus spread out at the rate, each told its own time once, instead of
 * all being told the same time and racing for one token then (the others told again, and so on).
 */
export function reserve(state: unknown, spec: BucketSpec, now: number): Reserved {
  const full = refill(state, spec, now);
  const tokens = full.tokens - 1;
  return { state: { ...full, tokens }, waitMs: tokens >= 0 ? 0 : Math.ceil((-tokens * 60_000) / spec.per_minute) };
}

/** How long a bucket left alone takes to be full again: its stored state may expire after that. */
export const refillMs = (spec: BucketSpec) => Math.ceil((spec.burst * 60_000) / spec.per_minute);

/** How long `state` takes to be full again: reservations in debt first, then the burst. */
export const refillMsFrom = (state: BucketState, spec: BucketSpec) => Math.ceil(((spec.burst - state.tokens) * 60_000) / spec.per_minute);
