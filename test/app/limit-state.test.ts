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
    }
    expect(updates).toBe(0);
    // The same calls with limits on are refused well before that.
    const on = new Limits(counted, settings, clock);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => on.chargeCreate("alice")));
    expect(outcomes.filter((o) => o.status === "rejected")).toHaveLength(15);
    await state!.close();
  });
});
