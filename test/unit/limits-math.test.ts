import { describe, expect, it } from "vitest";
import { admitCall, nextUtcMidnight, recordCall } from "../../src/core/daily-usage.js";
import { refill, refillMs, refillMsFrom, reserve, take } from "../../src/core/token-bucket.js";

const spec = { burst: 3, per_minute: 6 };
const T = Date.parse("2026-03-03T10:00:00Z");

describe("token bucket", () => {
  it("starts full, empties by one a charge, and says how long until the next token", () => {
    let state: unknown = null;
    for (let i = 0; i < 3; i++) {
      const t = take(state, spec, 1, T);
      expect(t.ok).toBe(true);
      state = t.state;
    }
    const refused = take(state, spec, 1, T);
    expect(refused).toMatchObject({ ok: false, retryAfterMs: 10_000 });
    expect(take(refused.state, spec, 1, T + 10_000).ok).toBe(true);
  });

  it("refills at per_minute up to burst, never beyond, and ignores a clock step back", () => {
    expect(refill({ tokens: 0, at: T }, spec, T + 60_000).tokens).toBe(3);
    expect(refill({ tokens: 0, at: T }, spec, T + 15_000).tokens).toBeCloseTo(1.5);
    expect(refill({ tokens: 1, at: T }, spec, T - 60_000)).toEqual({ tokens: 1, at: T });
  });

  it("reads an unreadable stored state as a full bucket", () => {
    expect(refill({ tokens: "many" }, spec, T)).toEqual({ tokens: 3, at: T });
  });

  it("rounds the wait up to the whole millisecond the token is there", () => {
    const seven = { burst: 1, per_minute: 7 };
    const refused = take(take(null, seven, 1, T).state, seven, 1, T);
    expect(refused).toEqual({ ok: false, state: { tokens: 0, at: T }, retryAfterMs: 8_572 });
    expect(take(refused.state, seven, 1, T + 8_571).ok).toBe(false);
    expect(take(refused.state, seven, 1, T + 8_572).ok).toBe(true);
    // A charge of several tokens waits for all of them.
    expect(take({ tokens: 1, at: T }, spec, 3, T).retryAfterMs).toBe(20_000);
  });

  it("reserve: takes a token there now, else books the next one to come, each its own", () => {
    const first = reserve(null, spec, T);
    expect(first).toEqual({ state: { tokens: 2, at: T }, waitMs: 0 });
    let state: unknown = { tokens: 1, at: T };
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = reserve(state, spec, T);
      waits.push(r.waitMs);
      state = r.state;
    }
    expect(waits).toEqual([0, 10_000, 20_000, 30_000]);
    expect(state).toEqual({ tokens: -3, at: T });
    // The refill pays the debt first.
    expect(reserve(state, spec, T + 30_000)).toEqual({ state: { tokens: -1, at: T + 30_000 }, waitMs: 10_000 });
    expect(reserve({ tokens: 0, at: T }, { burst: 1, per_minute: 7 }, T).waitMs).toBe(8_572);
  });

  it("a bucket is full again after burst / per_minute minutes, or after its debt and the burst", () => {
    expect(refillMs(spec)).toBe(30_000);
    expect(refillMs({ burst: 1, per_minute: 7 })).toBe(8_572);
    expect(refillMsFrom({ tokens: 1, at: T }, spec)).toBe(20_000);
    expect(refillMsFrom({ tokens: -2, at: T }, spec)).toBe(50_000);
    expect(refillMsFrom({ tokens: 0, at: T }, { burst: 1, per_minute: 7 })).toBe(8_572);
  });
});

describe("daily LLM usage", () => {
  const caps = { calls: 2, tokens: 1_000 };

  it("admits calls until either cap is reached, then until the next UTC midnight", () => {
    let used: unknown = null;
    expect(admitCall(used, caps, T)).toEqual({ ok: true });
    used = recordCall(used, 400, T);
    expect(admitCall(used, caps, T)).toEqual({ ok: true });
    used = recordCall(used, 700, T);
    expect(admitCall(used, caps, T)).toEqual({ ok: false, spent: "calls", retryAfterMs: nextUtcMidnight(T) - T });
    expect(admitCall(recordCall(null, 1_000, T), caps, T)).toMatchObject({ ok: false, spent: "tokens" });
  });

  it("starts a new day from nothing", () => {
    const yesterday = recordCall(recordCall(null, 5_000, T), 5_000, T);
    expect(admitCall(yesterday, caps, nextUtcMidnight(T))).toEqual({ ok: true });
    expect(nextUtcMidnight(T)).toBe(Date.parse("2026-03-04T00:00:00Z"));
  });
});
