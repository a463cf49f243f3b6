import type { Run } from "../../core/model.js";
import type { Store, Tx } from "../../ports/store.js";

export interface StoreSignals {
  /** Before every call but close: the wake watch compares the clocks (cheap: two reads). */
  called(): void;
  /** The runs a commit wrote, or may have written (its answer was lost): a sleeping watcher may need to look sooner. */
  written(runs: Run[]): void;
}

const runsOf = (txs: readonly Tx[]): Run[] => txs.flatMap((tx) => tx.writes.flatMap((w) => (w.op === "put_job" ? [] : [w.run])));

/**
 * The same store, telling a sleeping engine what it must know to sleep: that the process is
 * doing something (a request, a timer) and that runs were written. Every write of an exclusive
 * store goes through here, whoever makes it (a tool, the worker, the watcher, the sweeper), so a
 * watcher told of each one needs no poll to find them.
 */
export function withStoreSignals(store: Store, signals: StoreSignals): Store {
  return new Proxy(store, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function" || prop === "close") return value;
      if (prop === "commit" || prop === "commitEach") {
        return async (arg: Tx | Tx[]) => {
          signals.called();
          const txs = Array.isArray(arg) ? arg : [arg];
          try {
            return await value.call(target, arg);
          } finally {
            // Landed, refused or unknown: a look the watcher did not need costs one tick.
            signals.written(runsOf(txs));
          }
        };
      }
      return (...args: unknown[]) => {
        signals.called();
        return value.apply(target, args);
      };
    },
  });
}
