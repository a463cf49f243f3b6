import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import { groupCommits } from "../../src/app/engine/commit-group.js";
import type { Run } from "../../src/core/model.js";
import { PartialCommit, type Store, type Tx } from "../../src/ports/store.js";
import { makeJob, makeRun, T0 } from "../support/builders.js";

// A worker's commitEach calls of one turn of the event loop go to the store as one commitEach
// (src/app/engine/commit-group.ts): applied in call order, each tx all or nothing with its own
// conditions, each call answered with its own txs' results, and a failure given to each call.

let store: Store;
/** The number of txs of each commitEach the store was sent. */
let sent: number[];
/** Set to make the store's next commitEach throw this instead. */
let failNext: ((txs: Tx[]) => unknown) | null;

beforeEach(() => {
  const real = openSqliteStore({ path: ":memory:" });
  sent = [];
  failNext = null;
  store = new Proxy(real, {
    get(target, prop, receiver) {
      if (prop !== "commitEach") return Reflect.get(target, prop, receiver);
      return async (txs: Tx[]) => {
        sent.push(txs.length);
        const fail = failNext;
        failNext = null;
        if (fail) throw fail(txs);
        return target.commitEach(txs);
      };
    },
  });
});

afterEach(async () => {
  await store.close();
});

const job = makeJob({ owner: "o" });
const queued = makeRun(job, T0, { status: "queued" });
const insert = (run: Run): Tx => ({ writes: [{ op: "insert_run", run }] });
const claim = (run: Run, attempt: number): Tx => ({
  writes: [{ op: "update_run", run: { ...run, status: "running", attempt: attempt + 1 }, expect: { status: "queued", attempt } }],
});
const turn = () => new Promise<void>((r) => setImmediate(r));

describe("groupCommits", () => {
  it("sends the calls of one turn as one commitEach, applied in call order, each answered with its own results", async () => {
    const grouped = groupCommits(store);
    const first = grouped.commitEach([insert(queued)]);
    // Sees the first call's insert: the calls are applied in the order they were made.
    const second = grouped.commitEach([claim(queued, 0), claim(queued, 0)]);
    expect(await first).toEqual([true]);
    // The second claim of the same run is refused (its attempt moved); the first still landed.
    expect(await second).toEqual([true, false]);
    expect(sent).toEqual([3]);
    expect((await store.getRun(queued))?.attempt).toBe(1);
  });

  it("sends the calls of different turns apart, and an empty call not at all", async () => {
    const grouped = groupCommits(store);
    expect(await grouped.commitEach([])).toEqual([]);
    expect(await grouped.commitEach([insert(queued)])).toEqual([true]);
    await turn();
    expect(await grouped.commitEach([claim(queued, 0)])).toEqual([true]);
    expect(sent).toEqual([1, 1]);
  });

  it("splits a PartialCommit: each call learns what is known of its own txs", async () => {
    const grouped = groupCommits(store);
    failNext = () => new PartialCommit([true, null, false], new Error("throttled"));
    const first = grouped.commitEach([insert(queued)]).catch((e: unknown) => e);
    const second = grouped.commitEach([insert(queued), insert(queued)]).catch((e: unknown) => e);
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBeInstanceOf(PartialCommit);
    expect((a as PartialCommit).results).toEqual([true]);
    expect(b).toBeInstanceOf(PartialCommit);
    expect((b as PartialCommit).results).toEqual([null, false]);
    expect(sent).toEqual([3]);
  });

  it("fails every call of a group the store failed", async () => {
    const grouped = groupCommits(store);
    const boom = new Error("disk I/O error");
    failNext = () => boom;
    const calls = [grouped.commitEach([insert(queued)]), grouped.commitEach([claim(queued, 0)])].map((p) => p.catch((e: unknown) => e));
    expect(await Promise.all(calls)).toEqual([boom, boom]);
    // Nothing landed, and the next turn's call is sent on its own.
    expect(await grouped.commitEach([insert(queued)])).toEqual([true]);
    expect(sent).toEqual([2, 1]);
  });

  it("passes other calls through", async () => {
    const grouped = groupCommits(store);
    await grouped.commitEach([insert(queued)]);
    expect(await grouped.getRun(queued)).toEqual(queued);
  });
});
