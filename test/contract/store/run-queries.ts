import { describe, expect, it } from "vitest";
import type { Job, Run } from "../../../src/core/model.js";
import type { Store } from "../../../src/ports/store.js";
import { HOUR_MS, MINUTE_MS, makeJob, makeJobInShard, makeRun, T0 } from "../../support/builders.js";
import { eachFreshStore, type OpenStore, readAll, writers } from "./fixture.js";

/** Run queries: a bucket by status and time, a shard by wake time, a job's runs by page. */
export function describeRunQueryContract(open: OpenStore): void {
  let store: Store;
  const { insert } = writers(() => store);

  describe("queryBucket", () => {
    eachFreshStore(open, (s) => {
      store = s;
    });

    const SHARD = 3;
    const bucket = makeRun(makeJobInShard(SHARD), T0).bucket;

    it("lists a bucket's runs of one status by scheduled time, then job id", async () => {
      const [a, b] = [makeJobInShard(SHARD), makeJobInShard(SHARD)].sort((x, y) => (x.id < y.id ? -1 : 1)) as [Job, Job];
      const runs = [makeRun(b, T0 + 20 * MINUTE_MS), makeRun(a, T0 + 20 * MINUTE_MS), makeRun(b, T0 + 5 * MINUTE_MS), makeRun(a, T0 + 40 * MINUTE_MS)];
      await insert(...runs);
      const found = await store.queryBucket({ bucket, status: "pending", from: T0, to: T0 + HOUR_MS - 1, limit: 10 });
      expect(found).toEqual([runs[2], runs[1], runs[0], runs[3]]);
    });

    it("includes both ends of the scheduled range and nothing outside it", async () => {
      const job = makeJobInShard(SHARD);
      const [outLow, atFrom, atTo, outHigh] = [10, 11, 30, 31].map((m) => makeRun(job, T0 + m * MINUTE_MS)) as [Run, Run, Run, Run];
      await insert(outLow, atFrom, atTo, outHigh);
      const found = await store.queryBucket({ bucket, status: "pending", from: atFrom.scheduled_at, to: atTo.scheduled_at, limit: 10 });
      expect(found).toEqual([atFrom, atTo]);
    });

    it("leaves out runs of other statuses", async () => {
      const job = makeJobInShard(SHARD);
      const pending = makeRun(job, T0 + MINUTE_MS);
      const queued = makeRun(job, T0 + 2 * MINUTE_MS, { status: "queued" });
      await insert(pending, queued);
      expect(await store.queryBucket({ bucket, status: "pending", from: T0, to: T0 + HOUR_MS, limit: 10 })).toEqual([pending]);
      expect(await store.queryBucket({ bucket, status: "queued", from: T0, to: T0 + HOUR_MS, limit: 10 })).toEqual([queued]);
    });

    it("never returns runs of another shard or another hour", async () => {
      const mine = makeRun(makeJobInShard(SHARD), T0 + MINUTE_MS);
      const otherShard = makeRun(makeJobInShard(SHARD + 1), T0 + MINUTE_MS);
      const nextHour = makeRun(makeJobInShard(SHARD), T0 + HOUR_MS + MINUTE_MS);
      await insert(mine, otherShard, nextHour);
      expect(await store.queryBucket({ bucket, status: "pending", from: T0 - HOUR_MS, to: T0 + 2 * HOUR_MS, limit: 10 })).toEqual([mine]);
    });

    it("returns at most limit runs and pages strictly after the given key, ties broken by job id", async () => {
      const jobs = [makeJobInShard(SHARD), makeJobInShard(SHARD), makeJobInShard(SHARD)].sort((x, y) => (x.id < y.id ? -1 : 1));
      const runs = [...jobs.map((j) => makeRun(j, T0 + MINUTE_MS)), ...jobs.slice(0, 2).map((j) => makeRun(j, T0 + 2 * MINUTE_MS))];
      await insert(...runs.slice().reverse());
      const q = { bucket, status: "pending" as const, from: T0, to: T0 + HOUR_MS, limit: 2 };
      const pages: Run[][] = [];
      let after: Run | undefined;
      for (let i = 0; i < 10; i++) {
        const found = await store.queryBucket(after ? { ...q, after } : q);
        expect(found.length).toBeLessThanOrEqual(2);
        if (found.length === 0) break;
        pages.push(found);
        after = found[found.length - 1];
      }
      expect(pages).toEqual([runs.slice(0, 2), runs.slice(2, 4), runs.slice(4)]);
    });
  });

  describe("listWaking", () => {
    eachFreshStore(open, (s) => {
      store = s;
    });

    const SHARD = 5;

    it("lists a shard's runs whose wake_at is at or before the bound, earliest first", async () => {
      const [a, b] = [makeJobInShard(SHARD), makeJobInShard(SHARD)];
      const at10 = makeRun(a, T0, { status: "queued", wake_at: T0 + 10 });
      const at5 = makeRun(b, T0, { status: "running", attempt: 1, wake_at: T0 + 5 });
      const at7 = makeRun(a, T0 + HOUR_MS, { status: "retrying", attempt: 1, wake_at: T0 + 7 });
      const later = makeRun(b, T0 + HOUR_MS, { status: "queued", wake_at: T0 + 11 });
      await insert(at10, at5, later, at7);
      expect(await store.listWaking({ shard: SHARD, before: T0 + 10, limit: 10 })).toEqual([at5, at7, at10]);
    });

    it("never returns runs without a wake_at", async () => {
      const job = makeJobInShard(SHARD);
      const pending = makeRun(job, T0);
      const done = makeRun(job, T0 + MINUTE_MS, { status: "succeeded", attempt: 1 });
      await insert(pending, done);
      expect(await store.listWaking({ shard: SHARD, before: Number.MAX_SAFE_INTEGER, limit: 10 })).toEqual([]);
    });

    it("leaves out runs of other shards", async () => {
      const mine = makeRun(makeJobInShard(SHARD), T0, { status: "queued", wake_at: T0 });
      const other = makeRun(makeJobInShard(SHARD + 1), T0, { status: "queued", wake_at: T0 });
      await insert(mine, other);
      expect(await store.listWaking({ shard: SHARD, before: T0, limit: 10 })).toEqual([mine]);
    });

    it("returns at most limit runs, the earliest ones", async () => {
      const job = makeJobInShard(SHARD);
      const runs = [3, 1, 2].map((m) => makeRun(job, T0 + m * MINUTE_MS, { status: "queued", wake_at: T0 + m }));
      await insert(...runs);
      expect(await store.listWaking({ shard: SHARD, before: T0 + 10, limit: 2 })).toEqual([runs[1], runs[2]]);
    });

    it("follows wake_at through updates, dropping a run whose wake_at is cleared", async () => {
      const run = makeRun(makeJobInShard(SHARD), T0, { status: "queued", wake_at: T0 });
      await insert(run);
      const done = { ...run, status: "succeeded" as const, attempt: 1, wake_at: null, finished_at: T0 };
      expect(await store.commit({ writes: [{ op: "update_run", run: done, expect: { status: "queued", attempt: 0 } }] })).toBe(true);
      expect(await store.listWaking({ shard: SHARD, before: T0 + HOUR_MS, limit: 10 })).toEqual([]);
    });
  });

  describe("listJobRuns", () => {
    eachFreshStore(open, (s) => {
      store = s;
    });

    it("lists a job's runs newest first, each exactly once across pages", async () => {
      const job = makeJob();
      const runs = [0, 1, 2, 3, 4].map((h) => makeRun(job, T0 + h * HOUR_MS));
      await insert(...runs, makeRun(makeJob(), T0 + 2 * HOUR_MS));
      const all = await readAll((cursor) => store.listJobRuns(job.id, { limit: 2, cursor }), 2);
      expect(all).toEqual(runs.slice().reverse());
    });

    it("returns an empty last page for a job without runs", async () => {
      expect(await store.listJobRuns(makeJob().id, { limit: 5 })).toEqual({ items: [], cursor: null });
    });
  });

  // A capability (a store one process owns): the watcher sleeps on it instead of polling.
  describe("earliest (where the store has it)", () => {
    eachFreshStore(open, (s) => {
      store = s;
    });

    it("finds the first pending run strictly after a time, across shards and hours, ignoring other statuses", async (ctx) => {
      if (!store.earliest) return ctx.skip();
      const [a, b] = [makeJobInShard(1), makeJobInShard(7)];
      await insert(
        makeRun(a, T0 + MINUTE_MS),
        makeRun(b, T0 + 3 * HOUR_MS),
        makeRun(a, T0 + 2 * HOUR_MS + 5 * MINUTE_MS, { status: "queued", wake_at: T0 + 2 * HOUR_MS }),
        makeRun(b, T0 + 5 * HOUR_MS),
      );
      expect(await store.earliest({ kind: "pending", after: T0 })).toBe(T0 + MINUTE_MS);
      expect(await store.earliest({ kind: "pending", after: T0 + MINUTE_MS })).toBe(T0 + 3 * HOUR_MS);
      expect(await store.earliest({ kind: "pending", after: T0 + 5 * HOUR_MS })).toBeNull();
    });

    it("finds the first wake time strictly after a time, of any status that has one", async (ctx) => {
      if (!store.earliest) return ctx.skip();
      const job = makeJobInShard(2);
      await insert(
        makeRun(job, T0 + MINUTE_MS),
        makeRun(job, T0 + 2 * MINUTE_MS, { status: "retrying", wake_at: T0 + 10 * MINUTE_MS }),
        makeRun(makeJobInShard(9), T0 + 3 * MINUTE_MS, { status: "running", wake_at: T0 + 4 * MINUTE_MS }),
      );
      expect(await store.earliest({ kind: "waking", after: Number.MIN_SAFE_INTEGER })).toBe(T0 + 4 * MINUTE_MS);
      expect(await store.earliest({ kind: "waking", after: T0 + 4 * MINUTE_MS })).toBe(T0 + 10 * MINUTE_MS);
      expect(await store.earliest({ kind: "waking", after: T0 + 10 * MINUTE_MS })).toBeNull();
    });
  });
}
