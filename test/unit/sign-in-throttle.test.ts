import { describe, expect, it } from "vitest";
import { ACCOUNT_FAILURES, signInGuard } from "../../src/adapters/auth/sign-in-guard.js";
import { afterFailure, type FailureRecord, type FailureSpec, waitBeforeAttempt } from "../../src/core/sign-in-throttle.js";
import { silentLogger } from "../../src/ports/logger.js";
import { FakeClock } from "../support/fake-clock.js";

const SPEC: FailureSpec = { free: 3, baseDelayMs: 1_000, maxDelayMs: 8_000, forgetAfterMs: 60_000 };
const T0 = 1_000_000;

function failures(n: number, at = T0): FailureRecord | undefined {
  let rec: FailureRecord | undefined;
  for (let i = 0; i < n; i++) rec = afterFailure(rec, SPEC, at);
  return rec;
}

describe("sign-in throttle (pure)", () => {
  it("lets the free failures through without a wait, then doubles the wait with each failure up to the cap", () => {
    expect(waitBeforeAttempt(undefined, SPEC, T0)).toBe(0);
    expect(waitBeforeAttempt(failures(2), SPEC, T0)).toBe(0);
    expect([3, 4, 5, 6, 7, 20].map((n) => waitBeforeAttempt(failures(n), SPEC, T0))).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
  });

  it("counts the wait from the last failure, and forgets a key left alone long enough", () => {
    const rec = failures(4)!;
    expect(waitBeforeAttempt(rec, SPEC, T0 + 1_500)).toBe(500);
    expect(waitBeforeAttempt(rec, SPEC, T0 + 2_000)).toBe(0);
    expect(afterFailure(rec, SPEC, T0 + 59_999)).toEqual({ failures: 5, lastAt: T0 + 59_999 });
    expect(waitBeforeAttempt(rec, SPEC, T0 + 60_000)).toBe(0);
    expect(afterFailure(rec, SPEC, T0 + 60_000)).toEqual({ failures: 1, lastAt: T0 + 60_000 });
  });

  it("gains no wait from a clock stepping back", () => {
    const rec = afterFailure(failures(3), SPEC, T0 - 5_000)!;
    expect(rec.lastAt).toBe(T0);
  });
});

describe("sign-in guard", () => {
  const wrong = async () => null;

  it("refuses to check an owner's password after the free failures, for every address, until the wait is over", async () => {
    const clock = new FakeClock(T0);
    const guard = signInGuard({ clock, log: silentLogger });
    for (let i = 0; i < ACCOUNT_FAILURES.free; i++)
      expect(await guard.attempt("ann", `10.0.0.${i}`, wrong)).toEqual({ kind: "wrong", failuresOfOwner: i + 1, failuresFromAddress: 1 });
    let checked = false;
    const right = async () => {
      checked = true;
      return "ann";
    };
    expect(await guard.attempt("ann", "10.0.0.99", right)).toEqual({ kind: "throttled", retryAfterMs: 1_000, why: "owner" });
    expect(checked).toBe(false);
    expect(await guard.attempt("bob", "10.0.0.99", async () => "bob")).toEqual({ kind: "signed_in", owner: "bob" });
    clock.advance(1_000);
    expect(await guard.attempt("ann", "10.0.0.99", right)).toEqual({ kind: "signed_in", owner: "ann" });
    // A success starts the owner over.
    expect(await guard.attempt("ann", "10.0.0.99", wrong)).toEqual({ kind: "wrong", failuresOfOwner: 1, failuresFromAddress: 1 });
    expect(await guard.attempt("ann", "10.0.0.99", right)).toEqual({ kind: "signed_in", owner: "ann" });
  });

  it("refuses an address that failed across many names, not the others", async () => {
    const clock = new FakeClock(T0);
    const guard = signInGuard({ clock, log: silentLogger, address: { ...SPEC, free: 4 } });
    for (let i = 0; i < 4; i++) await guard.attempt(`name-${i}`, "203.0.113.5", wrong);
    expect(await guard.attempt("ann", "203.0.113.5", async () => "ann")).toMatchObject({ kind: "throttled", why: "address" });
    expect(await guard.attempt("ann", "203.0.113.6", async () => "ann")).toEqual({ kind: "signed_in", owner: "ann" });
  });

  it("runs at most the allowed checks at once, queues a bounded number, and refuses the rest at once", async () => {
    const guard = signInGuard({ clock: new FakeClock(T0), log: silentLogger, concurrentChecks: 2, waitingChecks: 5 });
    let running = 0;
    let most = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const check = async () => {
      running++;
      most = Math.max(most, running);
      await gate;
      running--;
      return null;
    };
    const all = Array.from({ length: 20 }, (_, i) => guard.attempt(`n${i}`, `198.51.100.${i}`, check));
    await new Promise((r) => setTimeout(r, 10));
    release();
    const outcomes = await Promise.all(all);
    expect(most).toBe(2);
    expect(outcomes.filter((o) => o.kind === "wrong")).toHaveLength(7);
    expect(outcomes.filter((o) => o.kind === "throttled" && o.why === "busy" && o.retryAfterMs === 1_000)).toHaveLength(13);
  });

  it("remembers a bounded number of keys, dropping the stalest", async () => {
    const clock = new FakeClock(T0);
    const guard = signInGuard({ clock, log: silentLogger, maxKeys: 10, account: { ...SPEC, free: 1 } });
    await guard.attempt("first", "192.0.2.1", wrong);
    expect(await guard.attempt("first", "192.0.2.1", wrong)).toMatchObject({ kind: "throttled" });
    for (let i = 0; i < 10; i++) await guard.attempt(`other-${i}`, "192.0.2.2", wrong);
    expect(await guard.attempt("first", "192.0.2.3", async () => "first")).toEqual({ kind: "signed_in", owner: "first" });
  });
});
