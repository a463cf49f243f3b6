/**
 * The periodic checks a process runs while it waits (the wake watch, the sweeper, the pruner, the
 * SQLite file check), on one timer. Each armed its own before,
 * and checks with the same period armed a moment apart woke the process once each: an idle laptop
 * service woke three times in 0.3 s every 5 minutes.
 */
export interface PeriodicChecks {
  /**
   * Runs `check` again and again until the returned function is called: never later than
   * `intervalMs` after its previous run (or its registration), and sooner by at most a fifth of
   * `intervalMs` when the timer wakes for another check then. So a 5-minute check rides on a
   * 60-second check's wake-up instead of waking the process itself. With `keepsAlive`, the
   * process does not exit while it is registered (as a role's own timer kept it alive).
   */
  every(intervalMs: number, check: () => void, opts?: { keepsAlive?: boolean }): () => void;
}

/** A check may run this much of its interval early, to share a wake-up. */
const EARLY_FRACTION = 1 / 5;

/** Node fires a timer of more than 2^31-1 ms after 1 ms, so none is armed further. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What the one timer runs on: Node's timers and monotonic clock, or a test's. */
export interface Timers {
  now(): number;
  arm(run: () => void, ms: number, keepsAlive: boolean): unknown;
  disarm(handle: unknown): void;
}

const nodeTimers: Timers = {
  now: () => performance.now(),
  arm(run, ms, keepsAlive) {
    const t = setTimeout(run, ms);
    if (!keepsAlive) t.unref();
    return t;
  },
  disarm(handle) {
    // Node keeps the list of a cleared unref'd timer queued (it expects http to arm another), so
    // the process still wakes at the cleared deadline; a ref'd timer's list goes with it.
    (handle as NodeJS.Timeout).ref();
    clearTimeout(handle as NodeJS.Timeout);
  },
};

interface Entry {
  intervalMs: number;
  check: () => void;
  keepsAlive: boolean;
  dueAt: number;
}

/**
 * The one timer: armed for the earliest due check only, and re-armed only when that changes, so
 * a process holds one pending timer however many checks it runs. When it fires, every check
 * due before its early margin runs, in registration order.
 */
export function sharedTimer(timers: Timers = nodeTimers): PeriodicChecks {
  const entries = new Set<Entry>();
  let armed: { handle: unknown; at: number; keepsAlive: boolean } | null = null;

  function rearm(): void {
    let at = Number.POSITIVE_INFINITY;
    let keepsAlive = false;
    for (const e of entries) {
      at = Math.min(at, e.dueAt);
      keepsAlive ||= e.keepsAlive;
    }
    if (armed && armed.at === at && armed.keepsAlive === keepsAlive) return;
    if (armed) timers.disarm(armed.handle);
    armed = null;
    if (at === Number.POSITIVE_INFINITY) return;
    const ms = Math.min(MAX_TIMER_MS, Math.max(0, at - timers.now()));
    armed = { handle: timers.arm(fire, ms, keepsAlive), at, keepsAlive };
  }

  function fire(): void {
    armed = null;
    const now = timers.now();
    let failure: { error: unknown } | null = null;
    for (const e of [...entries]) {
      if (e.dueAt - e.intervalMs * EARLY_FRACTION > now || !entries.has(e)) continue;
      e.dueAt = now + e.intervalMs;
      try {
        e.check();
      } catch (error) {
        // One check's failure must not stop the others, nor the timer; it still surfaces, as an
        // exception thrown from its own timer did.
        failure ??= { error };
      }
    }
    rearm();
    if (failure) throw failure.error;
  }

  return {
    every(intervalMs, check, opts = {}) {
      const entry: Entry = { intervalMs, check, keepsAlive: opts.keepsAlive === true, dueAt: timers.now() + intervalMs };
      entries.add(entry);
      rearm();
      return () => {
        if (entries.delete(entry)) rearm();
      };
    },
  };
}
