import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonlArchive } from "../../src/adapters/archive/jsonl-archive.js";
import { openSqliteRetention } from "../../src/adapters/store/sqlite/sqlite-retention.js";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import { Pruner } from "../../src/app/engine/pruner.js";
import { DEFAULT_RETENTION } from "../../src/app/retention-settings.js";
import type { Job, Run, RunStatus } from "../../src/core/model.js";
import { silentLogger } from "../../src/ports/logger.js";
import type { RunRetention } from "../../src/ports/run-retention.js";
import type { Store } from "../../src/ports/store.js";
import { makeEvent, makeJob, makeRun } from "../support/builders.js";
import { FakeClock } from "../support/fake-clock.js";

const DAY = 86_400_000;
const NOW = Date.parse("2026-09-01T00:00:00Z");
const OLD = NOW - 120 * DAY;

let dir: string;
let store: Store;
let retention: RunRetention;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "duely-prune-"));
  store = openSqliteStore({ path: join(dir, "duely.db") });
  retention = openSqliteRetention({ path: join(dir, "duely.db") });
});
afterEach(async () => {
  await retention.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `n` runs of `job`, an hour apart from `from`, finished with `status` (two events each). */
async function seed(job: Job, n: number, from: number, status: RunStatus = "succeeded"): Promise<Run[]> {
  const runs = Array.from({ length: n }, (_, i) => {
    const at = from + i * 3_600_000;
    const terminal = ["succeeded", "failed", "skipped", "cancelled"].includes(status);
    return makeRun(job, at, { status, attempt: 1, ...(terminal && { finished_at: at + 1_000 }), updated_at: at + 1_000 });
  });
  await store.commit({
    writes: [{ op: "put_job", job, expectVersion: null }, ...runs.map((run) => ({ op: "insert_run" as const, run }))],
    events: runs.flatMap((run) => [makeEvent(run, "running", { at: run.scheduled_at }), makeEvent(run, status, { at: run.scheduled_at + 1_000 })]),
  });
  return runs;
}

const pruner = (archive: string | null = null, settings = {}) =>
  new Pruner({
    retention,
    archive: archive ? jsonlArchive(archive) : null,
    clock: new FakeClock(new Date(NOW).toISOString()),
    log: silentLogger,
    settings: { ...DEFAULT_RETENTION, batch: 7, ...settings },
  });
const runsOf = async (job: Job) => (await store.listJobRuns(job.id, { limit: 1_000 })).items;

describe("pruning old finished runs on SQLite", () => {
  it("deletes finished runs past the age with their events, in batches, keeping each task's newest 20", async () => {
    const busy = makeJob({ owner: "alice" });
    const old = await seed(busy, 30, OLD);
    const recent = await seed(makeJob({ owner: "alice" }), 30, NOW - 10 * DAY);
    const few = makeJob({ owner: "bob" });
    await seed(few, 5, OLD);
    expect(await pruner().tick()).toBe(10);
    const left = await runsOf(busy);
    expect(left).toHaveLength(20);
    expect(left.map((r) => r.scheduled_at)).toEqual(
      old
        .slice(10)
        .map((r) => r.scheduled_at)
        .reverse(),
    );
    expect(await store.listEvents(old[0]!)).toEqual([]);
    expect(await store.listEvents(old[10]!)).toHaveLength(2);
    expect(await runsOf(few)).toHaveLength(5);
    expect(await store.listJobRuns(recent[0]!.job_id, { limit: 100 }).then((p) => p.items.length)).toBe(30);
  });

  it("never deletes a run that is not finished, however old", async () => {
    const job = makeJob();
    const stuck = await seed(job, 3, OLD - 10 * DAY, "running");
    const waiting = [makeRun(job, OLD - 5 * DAY, { status: "retrying", attempt: 2 }), makeRun(job, OLD - 4 * DAY, { status: "queued" })];
    await store.commit({ writes: waiting.map((run) => ({ op: "insert_run" as const, run })) });
    const finished = Array.from({ length: 25 }, (_, i) =>
      makeRun(job, OLD + i * 3_600_000, { status: "failed", attempt: 3, finished_at: OLD + i * 3_600_000 }),
    );
    await store.commit({ writes: finished.map((run) => ({ op: "insert_run" as const, run })) });
    expect(await pruner().tick()).toBe(5);
    const left = await runsOf(job);
    expect(left.filter((r) => ["running", "retrying", "queued"].includes(r.status))).toHaveLength(stuck.length + waiting.length);
  });

  it("archives each pruned run with its events to a JSON Lines file before deleting it", async () => {
    const job = makeJob();
    const runs = await seed(job, 24, OLD);
    const path = join(dir, "archive", "runs.jsonl");
    expect(await pruner(path).tick()).toBe(4);
    const lines = readFileSync(path, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { run: Run; events: unknown[] });
    expect(lines.map((l) => l.run.scheduled_at)).toEqual(runs.slice(0, 4).map((r) => r.scheduled_at));
    expect(lines.every((l) => l.events.length === 2)).toBe(true);
  });

  it("stops after max_batches and goes on at the next look", async () => {
    const job = makeJob();
    await seed(job, 40, OLD);
    const p = pruner(null, { batch: 3, max_batches: 2 });
    expect(await p.tick()).toBe(6);
    expect(await p.tick()).toBe(6);
    expect(await runsOf(job)).toHaveLength(28);
  });
});
