import { PartialCommit, type Store, type Tx } from "../../ports/store.js";

interface Call {
  txs: Tx[];
  resolve: (results: boolean[]) => void;
  reject: (e: unknown) => void;
}

/**
 * The store as one worker writes to it: the `commitEach` calls it makes in one turn of the event
 * loop (the outcomes its completer writes, the starts and claims of the next wave, lease
 * extensions) go to the store as one `commitEach`, one transaction, each tx still all or nothing
 * with its own conditions. A transaction's commit costs about what 50 run updates do (the WAL
 * write of every page it touched), and a wave's finishes and the next wave's starts touch the
 * same pages. The calls are applied in the order they were made, as if made one after another.
 * A failed group fails each call in it as the store failed it: a PartialCommit is split (each
 * call gets what is known of its own txs), any other error is each call's, whose caller reads
 * back what landed as it does for any lost answer. Other calls pass through.
 */
export function groupCommits(store: Store): Store {
  let pending: Call[] = [];

  async function flush(): Promise<void> {
    const calls = pending;
    pending = [];
    const all = calls.flatMap((c) => c.txs);
    let results: boolean[];
    try {
      results = await store.commitEach(all);
    } catch (e) {
      let at = 0;
      for (const c of calls) {
        const part = e instanceof PartialCommit ? new PartialCommit(e.results.slice(at, at + c.txs.length) as (boolean | null)[], e.cause) : e;
        at += c.txs.length;
        c.reject(part);
      }
      return;
    }
    let at = 0;
    for (const c of calls) {
      c.resolve(results.slice(at, at + c.txs.length));
      at += c.txs.length;
    }
  }

  const commitEach = (txs: Tx[]): Promise<boolean[]> => {
    if (txs.length === 0) return Promise.resolve([]);
    return new Promise<boolean[]>((resolve, reject) => {
      // The first call of a turn schedules the write; those made before it runs join it.
      if (pending.length === 0) setImmediate(() => void flush());
      pending.push({ txs, resolve, reject });
    });
  };

  return new Proxy(store, {
    get(target, prop, receiver) {
      return prop === "commitEach" ? commitEach : Reflect.get(target, prop, receiver);
    },
  });
}
