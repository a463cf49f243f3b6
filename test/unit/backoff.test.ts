import { describe, expect, it } from "vitest";
import { backoffDelay } from "../../src/core/backoff.js";
import { decideRetry } from "../../src/core/retry.js";

describe("backoffDelay: the one backoff of every retry loop", () => {
  it("grows the ceiling by the factor per failure, up to the maximum", () => {
    const b = { baseMs: 20, maxMs: 5_000, jitter: "none" as const };
    expect([0, 1, 2, 3, 8, 9, 40].map((n) => backoffDelay(b, n, 0.3))).toEqual([20, 40, 80, 160, 5_000, 5_000, 5_000]);
    expect(backoffDelay({ baseMs: 5_000, factor: 5, jitter: "none" }, 2, 0)).toBe(125_000);
  });

  it("draws below the ceiling with full jitter, and in its upper half with equal jitter, from the injected random", () => {
    expect(backoffDelay({ baseMs: 10, maxMs: 1_000, jitter: "full" }, 3, 0)).toBe(0);
    expect(backoffDelay({ baseMs: 10, maxMs: 1_000, jitter: "full" }, 3, 0.5)).toBe(40);
    expect(backoffDelay({ baseMs: 10, maxMs: 1_000, jitter: "full" }, 3, 0.999_999)).toBe(79);
    expect(backoffDelay({ baseMs: 10, maxMs: 1_000, jitter: "equal" }, 3, 0)).toBe(40);
    expect(backoffDelay({ baseMs: 10, maxMs: 1_000, jitter: "equal" }, 3, 0.5)).toBe(60);
  });

  it("is what a task's retry policy waits: full jitter below min(max, base · factor^(attempt-1))", () => {
    const policy = { max_attempts: 5, base_delay_ms: 5_000, factor: 5, max_delay_ms: 100_000 };
    expect(decideRetry(policy, 1, { permanent: false }, 0.5)).toEqual({ kind: "retry", delayMs: 2_500 });
    expect(decideRetry(policy, 3, { permanent: false }, 0.5)).toEqual({ kind: "retry", delayMs: 50_000 });
  });

  it("retries at once an attempt its dead process cut off, within the same budget", () => {
    const policy = { max_attempts: 3, base_delay_ms: 5_000, factor: 5, max_delay_ms: 100_000 };
    expect(decideRetry(policy, 2, { permanent: false, retryNow: true }, 0.5)).toEqual({ kind: "retry", delayMs: 0 });
    expect(decideRetry(policy, 3, { permanent: false, retryNow: true }, 0.5)).toEqual({ kind: "dead" });
  });
});
