import { afterEach, beforeEach, expect } from "vitest";
import type { Job, Run, RunKey } from "../../../src/core/model.js";
import type { Logger } from "../../../src/ports/logger.js";
import type { Page, Store, Tx } from "../../../src/ports/store.js";
import { makeEvent, T0 } from "../../support/builders.js";

export interface OpenedStore {
  store: Store;
  /** Closes the store and removes whatever `open` created. */
  cleanup(): Promise<void>;
  /** Spoils a stored run behind the store's back, as a bad manual edit would: its result is no longer JSON; its key and status stay. */
  corruptRun(key: RunKey): Promise<void>;
  /** Spoils a stored job the same way: its schedule is not one; its id, owner, status and version stay. */
  corruptJob(id: string): Promise<void>;
}

/** MUST return a new, empty store each time (scanJobs reads everything), saying what it quarantines to `log` when given. */
export type OpenStore = (opts?: { log?: Logger }) => Promise<OpenedStore>;

/** Opens a fresh store before each test of the calling describe block, hands it to `use`, and cleans it up after. */
export function eachFreshStore(open: OpenStore, use: (store: Store, opened: OpenedStore) => void, opts: { log?: Logger } = {}): void {
  let cleanup = async () => {};
  beforeEach(async () => {
    const opened = await open(opts);
    use(opened.store, opened);
    cleanup = opened.cleanup;
  });
  afterEach(async () => {
    await cleanup();
  });
}

/** Setup writes that must land: the test is about what follows them. */
export function writers(current: () => Store) {
  return {
    create: async (...jobs: Job[]) => {
      expect(await current().commit({ writes: jobs.map((job) => ({ op: "put_job", job, expectVersion: null })) })).toBe(true);
    },
    insert: async (...runs: Run[]) => {
      expect(await current().commit({ writes: runs.map((run) => ({ op: "insert_run", run })) })).toBe(true);
    },
  };
}

/** A worker's claim: queued → running, attempt + 1, leased. */
export const claimed = (run: Run, worker = "worker-1"): Run => ({
  ...run,
  status: "running",
  attempt: run.attempt + 1,
  lease_owner: worker,
  lease_until: T0 + 30_000,
  wake_at: T0 + 30_000,
  started_at: T0,
  updated_at: T0,
});

export const claimTx = (run: Run, worker = "worker-1"): Tx => ({
  writes: [{ op: "update_run", run: claimed(run, worker), expect: { status: run.status, attempt: run.attempt } }],
  events: [makeEvent(run, "running", { attempt: run.attempt + 1, detail: worker })],
});

/** Follows cursors to the end; every page holds at most `limit` items. */
export async function readAll<T>(fetch: (cursor: string | null) => Promise<Page<T>>, limit: number): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const page: Page<T> = await fetch(cursor);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    if (page.cursor === null) return items;
    cursor = page.cursor;
  }
  throw new Error("the listing never ended: a cursor kept coming back");
}
