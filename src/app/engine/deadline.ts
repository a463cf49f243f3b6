import type { DelayQueue } from "../../ports/queue.js";

/** A store or queue call that did not answer in time. Whatever it was asked to do may still happen. */
export class CallTimeout extends Error {
  constructor(call: string, ms: number) {
    super(`${call} did not answer within ${ms} ms`);
    this.name = "CallTimeout";
  }
}

/**
 * The deadline on every store and queue call (`call_timeout_ms`; a receive gets its wait on top).
 * The engine's loops await these calls one after another: one request that never answers (a
 * half-open connection, a client without a request timeout) would stop the watcher's ticks, the
 * claim loop or the outcome writes for good. Past the deadline the call counts as failed with its
 * effect unknown, which every caller already handles: reads are tried again, writes are read back
 * (commit-check.ts). The abandoned request itself is left to its client to close. The store's
 * deadline is set in engine-store.ts, with the store's other duties; this is the queue's.
 */
export function withQueueDeadline(queue: DelayQueue, ms: number): DelayQueue {
  return bounded<DelayQueue>(queue, "queue", (method, args) => (method === "receive" ? ms + Number(args[1] ?? 0) : ms));
}

function bounded<T extends object>(target: T, name: string, limitOf: (method: string, args: unknown[]) => number): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      const value: unknown = Reflect.get(t, prop, receiver);
      if (typeof value !== "function" || prop === "close") return value;
      return (...args: unknown[]) => {
        const out: unknown = value.apply(t, args);
        return out instanceof Promise ? withDeadline(out, limitOf(String(prop), args), `${name}.${String(prop)}`) : out;
      };
    },
  });
}

/**
 * `call`, or a CallTimeout naming `what` once `ms` pass first. The timer is armed only when the
 * call is still pending at the end of this turn of the event loop (so `ms` counts from there): a
 * SQLite call answers within the turn and arms none. An armed timer, even cleared, keeps its
 * place in libuv's schedule and wakes an idle process `ms` later for nothing.
 */
export function withDeadline<T>(call: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const arm = setImmediate(() => {
      timer = setTimeout(() => reject(new CallTimeout(what, ms)), ms);
    });
    const settle = () => {
      clearImmediate(arm);
      clearTimeout(timer);
    };
    call.then(
      (value) => {
        settle();
        resolve(value);
      },
      (e: unknown) => {
        settle();
        reject(e);
      },
    );
  });
}
