import type { Run } from "../../core/model.js";
import { PartialCommit, type Store, type Tx } from "../../ports/store.js";
import type { ChangeFeed } from "../changes.js";
import { withDeadline } from "./deadline.js";

/** What the engine must hear from its store calls to sleep instead of polling. */
export interface StoreSignals {
  /** Before every call but close: the wake watch compares the clocks (cheap: two reads). */
  called(): void;
  /** The runs a commit wrote, or may have written (its answer was lost): a sleeping watcher may need to look sooner. */
  written(runs: Run[]): void;
}

const runsOf = (txs: readonly Tx[]): Run[] => txs.flatMap((tx) => tx.writes.flatMap((w) => (w.op === "put_job" ? [] : [w.run])));

/**
 * The store as every use case and role of an engine sees it, in one wrapper:
 * - every call but close has the call deadline (`call_timeout_ms`, see deadline.ts);
 * - every call tells the wake watch the process is doing something, and every commit tells a
 *   sleeping watcher the runs it wrote (landed, refused or unknown: a look the watcher did not
 *   need costs one tick), so a watcher told of each write needs no poll to find it;
 * - every transaction the store confirms is announced once on the change stream. One whose answer
 *   was lost is not: whoever reads it back announces it if it landed.
 * A Proxy rather than a spread: a store may be a class whose methods live on its prototype.
 */
export function engineStore(store: Store, o: { deadlineMs: number; signals: StoreSignals; feed: ChangeFeed }): Store {
  const { deadlineMs, signals, feed } = o;
  return new Proxy(store, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== "function" || prop === "close") return value;
      const call = (args: unknown[]): unknown => {
        signals.called();
        const out: unknown = value.apply(target, args);
        return out instanceof Promise ? withDeadline(out, deadlineMs, `store.${String(prop)}`) : out;
      };
      if (prop === "commit") {
        return async (tx: Tx) => {
          let ok: boolean;
          try {
            ok = (await call([tx])) as boolean;
          } finally {
            signals.written(runsOf([tx]));
          }
          if (ok) feed.landed(tx);
          return ok;
        };
      }
      if (prop === "commitEach") {
        return async (txs: Tx[]) => {
          let results: boolean[];
          try {
            results = (await call([txs])) as boolean[];
          } catch (e) {
            signals.written(runsOf(txs));
            if (e instanceof PartialCommit) for (const [i, tx] of txs.entries()) if (e.results[i] === true) feed.landed(tx);
            throw e;
          }
          signals.written(runsOf(txs));
          for (const [i, tx] of txs.entries()) if (results[i] === true) feed.landed(tx);
          return results;
        };
      }
      return (...args: unknown[]) => call(args);
    },
  });
}
