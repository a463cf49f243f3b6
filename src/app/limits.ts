import { admitCall, nextUtcMidnight, recordCall } from "../core/daily-usage.js";
import { DomainError } from "../core/errors.js";
import { type BucketSpec, type BucketState, refillMs, refillMsFrom, reserve, take } from "../core/token-bucket.js";
import type { Clock } from "../ports/clock.js";
import type { LimitState } from "../ports/limit-state.js";
import { type LlmBudget, LlmBudgetSpent } from "../ports/llm-budget.js";
import type { LimitSettings } from "./limit-settings.js";

const DAY_MS = 86_400_000;

interface Charges {
  waiting: { resolve: (waitMs: number) => void; reject: (e: unknown) => void }[];
  running: boolean;
}

/**
 * The per-owner rate limits (settings in limit-settings.ts), over shared LimitState: a token
 * bucket for creates, one for executions, and the daily LLM budget. The math is in core
 * (token-bucket.ts, daily-usage.ts); this class only keys it by owner and reads the clock.
 */
export class Limits implements LlmBudget {
  private readonly state: LimitState | null;
  private readonly settings: LimitSettings;
  private readonly clock: Clock;
  /** Per owner, execution charges waiting for the bucket's next update, and whether one is in flight. */
  private readonly charging = new Map<string, Charges>();

  /** `state` null: nothing is limited (tests, tools that build an engine without a store). */
  constructor(state: LimitState | null, settings: LimitSettings, clock: Clock) {
    this.state = settings.enabled ? state : null;
    this.settings = settings;
    this.clock = clock;
  }

  /** Charges one task create; over the limit, throws `limit_exceeded` with `retryAfterS`. */
  async chargeCreate(owner: string): Promise<void> {
    const wait = await this.charge(`creates#${owner}`, this.settings.creates);
    if (wait > 0) throw overRate("task creates", "limits.creates", this.settings.creates, wait);
  }

  /** Charges one run asked for now (outside the schedule); over the limit, throws `limit_exceeded` with `retryAfterS`. */
  async chargeRunNow(owner: string): Promise<void> {
    const wait = await this.charge(`run_now#${owner}`, this.settings.run_now);
    if (wait > 0) throw overRate("runs now", "limits.run_now", this.settings.run_now, wait);
  }

  /**
   * Charges one run of `owner`'s, now or from a token still to come: 0 when it may start now,
   * else how long it must wait for the token booked for it (ms), each booking one refill
   * interval after the previous one. Either way the run is paid for: the caller must not charge
   * it again when it comes back. The worker calls it as it claims a run, whatever started the
   * run, so nothing else may charge a run.
   *
   * Charges of one owner made together (a claim batch charges all its runs at once) share one
   * update of the bucket, and wait for the one in flight: each update is a read and a
   * conditional write of one item on a shared store, so 50 of them at once lose races to one
   * another and back off, and a batch holding one owner's flood took 8–15 s to charge.
   */
  reserveExecution(owner: string): Promise<number> {
    if (!this.state) return Promise.resolve(0);
    return new Promise<number>((resolve, reject) => {
      let charges = this.charging.get(owner);
      if (!charges) {
        charges = { waiting: [], running: false };
        this.charging.set(owner, charges);
      }
      charges.waiting.push({ resolve, reject });
      if (!charges.running) {
        charges.running = true;
        // After this turn: every charge the caller makes in it joins the same update.
        queueMicrotask(() => {
          this.chargeWaiting(owner, charges).catch(() => {});
        });
      }
    });
  }

  /** One update for every charge of `owner` waiting, then again for those that came meanwhile. */
  private async chargeWaiting(owner: string, charges: Charges): Promise<void> {
    while (charges.waiting.length > 0) {
      const batch = charges.waiting.splice(0);
      const spec = this.settings.executions;
      const now = this.clock.now();
      try {
        const waits = await this.state!.update(`executions#${owner}`, (prev) => {
          let state = prev;
          const out: number[] = [];
          for (let i = 0; i < batch.length; i++) {
            const r = reserve(state, spec, now);
            state = r.state;
            out.push(r.waitMs);
          }
          return { next: state, expiresAt: now + refillMsFrom(state as BucketState, spec), result: out };
        });
        for (const [i, c] of batch.entries()) c.resolve(waits[i]!);
      } catch (e) {
        for (const c of batch) c.reject(e);
      }
    }
    this.charging.delete(owner);
  }

  async admit(owner: string): Promise<void> {
    if (!this.state) return;
    const caps = this.settings.llm_per_day;
    const now = this.clock.now();
    const verdict = await this.state.update(`llm#${owner}`, (prev) => ({
      next: prev,
      expiresAt: nextUtcMidnight(now) + DAY_MS,
      result: admitCall(prev, caps, now),
    }));
    if (!verdict.ok) throw new LlmBudgetSpent(verdict.spent, verdict.retryAfterMs);
  }

  async record(owner: string, tokens: number): Promise<void> {
    if (!this.state) return;
    const now = this.clock.now();
    await this.state.update(`llm#${owner}`, (prev) => ({ next: recordCall(prev, tokens, now), expiresAt: nextUtcMidnight(now) + DAY_MS, result: undefined }));
  }

  /** Takes one token; 0 when taken, else the wait in ms. */
  private async charge(key: string, spec: BucketSpec): Promise<number> {
    if (!this.state) return 0;
    const now = this.clock.now();
    return this.state.update(key, (prev) => {
      const taken = take(prev, spec, 1, now);
      return { next: taken.state, expiresAt: now + refillMs(spec), result: taken.retryAfterMs };
    });
  }
}

function overRate(what: string, setting: string, spec: BucketSpec, waitMs: number): DomainError {
  const retryAfterS = Math.max(1, Math.ceil(waitMs / 1000));
  return new DomainError("limit_exceeded", `Too many ${what}: at most ${spec.burst} at once and ${spec.per_minute} a minute per user.`, {
    expected: `at most ${spec.per_minute} ${what} a minute`,
    hint: `Wait ${retryAfterS} s (retry_after_s) and call again; the operator sets this limit as ${setting} in the duely config.`,
    retryAfterS,
  });
}
