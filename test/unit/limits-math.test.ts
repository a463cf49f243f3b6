import { describe, expect, it } from "vitest";
import { admitCall, nextUtcMidnight, recordCall } from "../../src/core/daily-usage.js";
import { refill, take } from "../../src/core/token-bucket.js";

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
