import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { memoryLimitState } from "../../src/adapters/limits/memory-limit-state.js";
import { openSqliteLimitState } from "../../src/adapters/store/sqlite/sqlite-limit-state.js";
import { DEFAULT_LIMITS } from "../../src/app/limit-settings.js";
import { Limits } from "../../src/app/limits.js";
import type { LimitState } from "../../src/ports/limit-state.js";
import { LlmBudgetSpent } from "../../src/ports/llm-budget.js";
import { FakeClock } from "../support/fake-clock.js";

const dir = mkdtempSync(join(tmpdir(), "duely-limits-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const settings = {
  ...DEFAULT_LIMITS,
  creates: { burst: 5, per_minute: 1 },
  executions: { burst: 4, per_minute: 60 },
  llm_per_day: { calls: 2, tokens: 10_000 },
};

/** Each case gives one or more LimitStates over the SAME state (two of them: two processes' connections). */
const CASES: [string, (clock: FakeClock) => LimitState[]][] = [
  ["memory", (clock) => [memoryLimitState(() => clock.now())]],
  [
    "sqlite, two connections to one file",
    (clock) => {
      const path = join(dir, `${Math.random()}.db`);
      return [openSqliteLimitState({ path, now: () => clock.now() }), openSqliteLimitState({ path, now: () => clock.now() })];
    },
  ],
];

describe.each(CASES)("rate limits over %s", (_name, open) => {
  it("lets exactly `burst` of many concurrent creates through, then answers retry_after_s naming the setting", async () => {
    const clock = new FakeClock("2026-03-03T10:00:00Z");
    const states = open(clock);
    const limits = states.map((s) => new Limits(s, settings, clock));
    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => limits[i % limits.length]!.chargeCreate("alice")));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(5);
    const refused = outcomes.find((o) => o.status === "rejected")!.reason as { code: string; retryAfterS: number; hint: string };
    expect(refused).toMatchObject({ code: "limit_exceeded", retryAfterS: 60 });
    expect(refused.hint).toMatch(/limits\.creates/);
    // Another owner has a bucket of their own.
    await expect(limits[0]!.chargeCreate("bob")).resolves.toBeUndefined();
    clock.advance(60_000);
    await expect(limits[0]!.chargeCreate("alice")).resolves.toBeUndefined();
    await Promise.all(states.map((s) => s.close()));
  });

  it("books each execution over the rate a token of its own, one refill interval after the previous one", async () => {
    const clock = new FakeClock("2026-03-03T10:00:00Z");
    const [state] = open(clock);
    const limits = new Limits(state!, settings, clock);
    const waits = await Promise.all(Array.from({ length: 6 }, () => limits.reserveExecution("alice")));
    expect(waits).toEqual([0, 0, 0, 0, 1_000, 2_000]);
    // The booked tokens are spent: the next one comes after them.
    clock.advance(1_000);
    expect(await limits.reserveExecution("alice")).toBe(2_000);
    expect(await limits.reserveExecution("bob")).toBe(0);
    await state!.close();
  });

  it("spends the daily LLM budget per owner and resets it at midnight UTC", async () => {
    const clock = new FakeClock("2026-03-03T23:00:00Z");
    const [state] = open(clock);
    const limits = new Limits(state!, settings, clock);
    for (let i = 0; i < 2; i++) {
      await limits.admit("alice");
      await limits.record("alice", 100);
    }
    const spent = await limits.admit("alice").catch((e: unknown) => e);
    expect(spent).toBeInstanceOf(LlmBudgetSpent);
    expect(spent).toMatchObject({ permanent: false, retryAfterMs: 3_600_000 });
    await expect(limits.admit("bob")).resolves.toBeUndefined();
    clock.advance(3_600_000);
    await expect(limits.admit("alice")).resolves.toBeUndefined();
    await state!.close();
  });

  it("limits nothing when the operator turns limits off", async () => {
    const clock = new FakeClock("2026-03-03T10:00:00Z");
    const [state] = open(clock);
    let updates = 0;
    const counted: LimitState = {
      update: (key, change) => {
        updates++;
        return state!.update(key, change);
      },
      close: () => state!.close(),
    };
    const off = new Limits(counted, { ...settings, enabled: false }, clock);
    // Four times the burst of creates and executions, and past the daily LLM calls: all let through at once.
    for (let i = 0; i < 20; i++) {
      await expect(off.chargeCreate("alice")).resolves.toBeUndefined();
      await expect(off.chargeRunNow("alice")).resolves.toBeUndefined();
      expect(await off.reserveExecution("alice")).toBe(0);
      await expect(off.admit("alice")).resolves.toBeUndefined();
      await expect(off.record("alice", 5_000)).resolves.toBeUndefined();
    }
    expect(updates).toBe(0);
    // The same calls with limits on are refused well before that.
    const on = new Limits(counted, settings, clock);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => on.chargeCreate("alice")));
    expect(outcomes.filter((o) => o.status === "rejected")).toHaveLength(15);
    await state!.close();
  });
  it("rounds retry_after_s up, so a retry after that long succeeds, and refuses run now by its own setting", async () => {
    const clock = new FakeClock("2026-03-03T10:00:00Z");
    const [state] = open(clock);
    // One token every 60/7 s: 8,572 ms after the burst is spent, 9 s rounded up.
    const limits = new Limits(state!, { ...settings, creates: { burst: 1, per_minute: 7 }, run_now: { burst: 2, per_minute: 2 } }, clock);
    await limits.chargeCreate("alice");
    const refused = (await limits.chargeCreate("alice").catch((e: unknown) => e)) as { retryAfterS: number };
    expect(refused).toMatchObject({ code: "limit_exceeded", retryAfterS: 9 });
    clock.advance(8_571);
    await expect(limits.chargeCreate("alice")).rejects.toMatchObject({ retryAfterS: 1 });
    clock.advance(1);
    await expect(limits.chargeCreate("alice")).resolves.toBeUndefined();
    // Run now has its own bucket (burst 2), untouched by the creates.
    await limits.chargeRunNow("alice");
    await limits.chargeRunNow("alice");
    const runNow = (await limits.chargeRunNow("alice").catch((e: unknown) => e)) as { hint: string };
    expect(runNow).toMatchObject({ code: "limit_exceeded", retryAfterS: 30 });
    expect(runNow.hint).toMatch(/limits\.run_now/);
    await state!.close();
  });

  it("keeps a bucket's state until it is full again, and no longer", async () => {
    const clock = new FakeClock("2026-03-03T10:00:00Z");
    const [state] = open(clock);
    const kept = new Map<string, number>();
    const recorded: LimitState = {
      update: (key, change) =>
        state!.update(key, (prev) => {
          const c = change(prev);
          kept.set(key, c.expiresAt);
          return c;
        }),
      close: () => state!.close(),
    };
    const limits = new Limits(recorded, settings, clock);
    const t0 = clock.now();
    // Creates: one of 5 taken at 1 a minute, full again in a minute; forgotten then, the bucket is as full.
    await limits.chargeCreate("alice");
    expect(kept.get("creates#alice")).toBe(t0 + 5 * 60_000);
    // Executions: 6 reserved of 4 at 60 a minute, 2 in debt: full again after 6 s.
    for (let i = 0; i < 6; i++) await limits.reserveExecution("alice");
    expect(kept.get("executions#alice")).toBe(t0 + 6_000);
    // Until then the debt holds: 3 s on, the next booking waits behind the 2 still owed.
    clock.advance(3_000);
    expect(await limits.reserveExecution("alice")).toBe(0);
    expect(await limits.reserveExecution("alice")).toBe(1_000);
    // The day's LLM usage is kept through the next UTC day.
    await limits.record("alice", 10);
    expect(kept.get("llm#alice")).toBe(Date.parse("2026-03-05T00:00:00Z"));
    await state!.close();
  });

  it("a refilled bucket is not forgotten early: one token back a minute later, not the whole burst", async () => {
    const clock = new FakeClock("2026-03-03T10:00:00Z");
    const [state] = open(clock);
    const limits = new Limits(state!, settings, clock);
    for (let i = 0; i < 5; i++) await limits.chargeCreate("alice");
    clock.advance(60_000);
    await limits.chargeCreate("alice");
    await expect(limits.chargeCreate("alice")).rejects.toMatchObject({ code: "limit_exceeded", retryAfterS: 60 });
    await state!.close();
  });
});

describe("execution charges of one owner made together", () => {
  /** A LimitState over memory that counts its updates: each is a read and a conditional write on a shared store. */
  const counting = (clock: FakeClock) => {
    const inner = memoryLimitState(() => clock.now());
    const keys: string[] = [];
    const state: LimitState = {
      update: (key, change) => {
        keys.push(key);
        return inner.update(key, change);
      },
      close: () => inner.close(),
    };
    return { state, keys };
  };

  it("share one update of the owner's bucket, each still booked a token of its own", async () => {
    const clock = new FakeClock("2026-03-03T10:00:00Z");
    const { state, keys } = counting(clock);
    const limits = new Limits(state, settings, clock);
    const waits = await Promise.all([...Array.from({ length: 50 }, () => limits.reserveExecution("flood")), limits.reserveExecution("steady")]);
    expect(waits.slice(0, 6)).toEqual([0, 0, 0, 0, 1_000, 2_000]);
    expect(waits[49]).toBe(46_000);
    expect(waits[50]).toBe(0);
    expect(keys).toEqual(["executions#flood", "executions#steady"]);
  });

  it("made while an update is in flight wait for it, then share the next one", async () => {
    const clock = new FakeClock("2026-03-03T10:00:00Z");
    const { state, keys } = counting(clock);
    const limits = new Limits(state, settings, clock);
    const first = limits.reserveExecution("flood");
    await Promise.resolve();
    const later = Array.from({ length: 5 }, () => limits.reserveExecution("flood"));
    expect(await Promise.all([first, ...later])).toEqual([0, 0, 0, 0, 1_000, 2_000]);
    expect(keys).toEqual(["executions#flood", "executions#flood"]);
  });
});
