import { afterFailure, type FailureRecord, type FailureSpec, isForgotten, waitBeforeAttempt } from "../../core/sign-in-throttle.js";
import type { Clock } from "../../ports/clock.js";
import type { Logger } from "../../ports/logger.js";

export interface SignInGuardOptions {
  clock: Clock;
  log: Logger;
  /** Per owner name as typed (known or not). @default ACCOUNT_FAILURES */
  account?: FailureSpec;
  /** Per client address. @default ADDRESS_FAILURES */
  address?: FailureSpec;
  /** Password checks (32 MiB of scrypt each) running at once, over every caller. @default 2 */
  concurrentChecks?: number;
  /** Checks waiting for a slot; beyond them an attempt is refused at once. @default 16 */
  waitingChecks?: number;
  /** Keys remembered per kind; the oldest go first when full, so memory stays bounded. @default 10_000 */
  maxKeys?: number;
}

const MINUTE = 60_000;
/** 5 tries free, then 1 s, 2 s, 4 s … up to 15 min between tries; forgotten after a day without a failure. */
export const ACCOUNT_FAILURES: FailureSpec = { free: 5, baseDelayMs: 1_000, maxDelayMs: 15 * MINUTE, forgetAfterMs: 24 * 60 * MINUTE };
/** An address may mistype across several names (a shared office NAT): 20 free, then the same doubling. */
export const ADDRESS_FAILURES: FailureSpec = { free: 20, baseDelayMs: 1_000, maxDelayMs: 15 * MINUTE, forgetAfterMs: 24 * 60 * MINUTE };

export type SignInOutcome =
  | { kind: "signed_in"; owner: string }
  /** A wrong name or password; how many failures the name and the address have now. */
  | { kind: "wrong"; failuresOfOwner: number; failuresFromAddress: number }
  /** Not checked: the name or the address must wait, or too many checks are running. */
  | { kind: "throttled"; retryAfterMs: number; why: "owner" | "address" | "busy" };

/** Failure records by key, bounded: a flood of made-up names or addresses evicts the oldest. */
class FailureTable {
  private readonly records = new Map<string, FailureRecord>();
  private readonly spec: FailureSpec;
  private readonly maxKeys: number;
  constructor(spec: FailureSpec, maxKeys: number) {
    this.spec = spec;
    this.maxKeys = maxKeys;
  }
  wait(key: string, now: number): number {
    return waitBeforeAttempt(this.records.get(key), this.spec, now);
  }
  fail(key: string, now: number): FailureRecord {
    const next = afterFailure(this.records.get(key), this.spec, now);
    this.records.delete(key);
    this.records.set(key, next);
    if (this.records.size > this.maxKeys) {
      for (const [k, rec] of this.records) if (isForgotten(rec, this.spec, now)) this.records.delete(k);
      // Map order is insertion order, and a failure re-inserts its key: the first is the stalest.
      while (this.records.size > this.maxKeys) this.records.delete(this.records.keys().next().value!);
    }
    return next;
  }
  clear(key: string): void {
    this.records.delete(key);
  }
}

/**
 * Throttles owner sign-ins in this process: growing waits per owner name and per client
 * address after failures (src/core/sign-in-throttle.ts), and a cap on password checks at
 * once, so that guesses cost the guesser time and cannot load the CPU. Logs each refusal to
 * check; the caller records the failures (the audit trail).
 */
export function signInGuard(o: SignInGuardOptions) {
  const accounts = new FailureTable(o.account ?? ACCOUNT_FAILURES, o.maxKeys ?? 10_000);
  const addresses = new FailureTable(o.address ?? ADDRESS_FAILURES, o.maxKeys ?? 10_000);
  const slots = o.concurrentChecks ?? 2;
  const maxWaiting = o.waitingChecks ?? 16;
  let running = 0;
  const waiting: (() => void)[] = [];

  const throttled = (name: string, address: string): SignInOutcome | null => {
    const now = o.clock.now();
    const byOwner = accounts.wait(name, now);
    const byAddress = addresses.wait(address, now);
    if (byOwner === 0 && byAddress === 0) return null;
    const why = byOwner >= byAddress ? "owner" : "address";
    const retryAfterMs = Math.max(byOwner, byAddress);
    o.log.log("warn", "sign-in refused: too many failed sign-ins", { owner: name, address, why, retry_after_s: Math.ceil(retryAfterMs / 1000) });
    return { kind: "throttled", retryAfterMs, why };
  };

  async function slot(): Promise<boolean> {
    if (running < slots) {
      running++;
      return true;
    }
    if (waiting.length >= maxWaiting) return false;
    // The slot passes straight from the finishing check to this one: `running` stays counted.
    await new Promise<void>((resolve) => waiting.push(resolve));
    return true;
  }
  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  return {
    /** Checks a password with `check` (null: wrong) unless the name or address must wait or every slot is taken. */
    async attempt(name: string, address: string, check: () => Promise<string | null>): Promise<SignInOutcome> {
      const early = throttled(name, address);
      if (early) return early;
      if (!(await slot())) {
        o.log.log("warn", "sign-in refused: too many password checks at once", { owner: name, address });
        return { kind: "throttled", retryAfterMs: 1_000, why: "busy" };
      }
      let owner: string | null;
      try {
        // Failures recorded while this attempt waited for its slot count.
        const late = throttled(name, address);
        if (late) return late;
        owner = await check();
      } finally {
        release();
      }
      const now = o.clock.now();
      if (owner !== null) {
        accounts.clear(name);
        return { kind: "signed_in", owner };
      }
      const byOwner = accounts.fail(name, now);
      const byAddress = addresses.fail(address, now);
      return { kind: "wrong", failuresOfOwner: byOwner.failures, failuresFromAddress: byAddress.failures };
    },
  };
}
export type SignInGuard = ReturnType<typeof signInGuard>;
