import { afterEach, describe, expect, it } from "vitest";
import type { Job, Run, RunKey } from "../../src/core/model.js";
import type { Logger, LogLevel } from "../../src/ports/logger.js";
import { type HarnessOptions, openHarness } from "./engine-harness.js";

/** How the engine's read paths meet unreadable records on one backend: where its store lives, and how to spoil what it stores. */
export interface UnreadableBackend {
  /** Per test, when the backend is slower than vitest's default (an emulator creating tables). */
  timeoutMs?: number;
  /** Called once per test: the harness's store (absent: the harness's SQLite file) and the tampering, given the harness's file path. */
  open(): Promise<{
    openStore?: HarnessOptions["openStore"];
    tamper(path: string): { corruptRun(key: RunKey): Promise<void>; corruptJob(id: string): Promise<void>; deleteRun(key: RunKey): Promise<void> };
    cleanup(): Promise<void>;
  }>;
}

type Harness = Awaited<ReturnType<typeof openHarness>>;

const notify = { type: "notify" as const, message: "ping" };
const daily = { kind: "cron" as const, expr: "0 8 * * *", timezone: "UTC" };
const everyMinute = { kind: "cron" as const, expr: "* * * * *", timezone: "UTC" };
const onceAt = (iso: string) => ({ kind: "once" as const, at: Date.parse(iso), timezone: "UTC" });
const keyOf = (run: Run): RunKey => ({ job_id: run.job_id, scheduled_at: run.scheduled_at });

/**
 * One unreadable record costs only its own task, on every read path of the engine: the watcher's
 * bucket scan and waking scan, the embedded recovery, the sweeper, the owner's listing and
 * create, and the claim. Each test spoils one record behind the store's back and checks that
 * the other tasks go on, that the record is in the quarantine, and that it was logged once.
 */
export function describeUnreadablePaths(name: string, backend: UnreadableBackend): void {
  describe(`one unreadable record costs only its own task (${name})`, { ...(backend.timeoutMs && { timeout: backend.timeoutMs }) }, () => {
    let h: Harness | undefined;
    let cleanup = async () => {};
    let tamper: ReturnType<Awaited<ReturnType<UnreadableBackend["open"]>>["tamper"]>;
    const lines: { level: LogLevel; message: string; data: Record<string, unknown> | undefined }[] = [];
    const log: Logger = { log: (level, message, data) => lines.push({ level, message, data }) };

    afterEach(async () => {
      await h?.close();
      h = undefined;
      await cleanup();
      lines.length = 0;
    });

    async function start(at: string, opts: { exclusive?: boolean } = {}): Promise<Harness> {
      const b = await backend.open();
      cleanup = b.cleanup;
      h = await openHarness(at, { shard_count: 1 }, { log, ...(b.openStore && { openStore: b.openStore }), ...opts });
      tamper = b.tamper(h.path);
      return h;
    }

    const create = async (title: string, schedule: Parameters<Harness["engine"]["jobs"]["create"]>[1]["schedule"], owner = "alice"): Promise<Job> =>
      (await h!.engine.jobs.create(owner, { title, action: notify, schedule })).job;
    const runsOf = async (job: Job): Promise<Run[]> => (await h!.store.listJobRuns(job.id, { limit: 100 })).items.reverse();
    const statusesOf = async (job: Job) => (await runsOf(job)).map((r) => r.status);

    /** The quarantine holds exactly these records, and each was logged once, as an error. */
    async function quarantinedOnce(...keys: string[]): Promise<void> {
      const entries = await h!.store.quarantined({ limit: 100 });
      expect(entries.map((e) => `${e.kind} ${e.key}`).sort()).toEqual([...keys].sort());
      const told = lines.filter((l) => l.message.includes("quarantined"));
      expect(told.map((l) => `${l.data?.kind} ${l.data?.key}`).sort()).toEqual([...keys].sort());
      expect(told.every((l) => l.level === "error")).toBe(true);
    }

    it("the watcher's bucket scan queues the other runs of a bucket that holds an unreadable run, tick after tick", async () => {
      await start("2026-06-01T10:00:00Z");
      const [bad, good] = [await create("bad", onceAt("2026-06-01T10:05:00Z")), await create("good", onceAt("2026-06-01T10:05:00Z"))];
      const [badRun] = await runsOf(bad!);
      await tamper.corruptRun(keyOf(badRun!));
      h!.clock.set("2026-06-01T10:04:30Z"); // within the look-ahead: the scan queues the good run now
      const ticks = [await h!.engine.watcher.tick(), await h!.engine.watcher.tick(), await h!.engine.watcher.tick()];
      expect(ticks.map((t) => [t.enqueued, t.errors])).toEqual([
        [1, 0],
        [0, 0],
        [0, 0],
      ]);
      h!.clock.set("2026-06-01T10:05:00Z");
      expect(await h!.engine.worker.runOnce()).toBe(1);
      expect(await statusesOf(good!)).toEqual(["succeeded"]);
      expect(lines.filter((l) => l.message.includes("could not scan"))).toEqual([]);
      await quarantinedOnce(`run ${bad!.id}@${badRun!.scheduled_at}`);
    });

    it("the watcher's waking scan re-sends the other queued runs of a shard that holds an unreadable one", async () => {
      await start("2026-06-01T10:00:00Z");
      const [bad, good] = [await create("bad", { kind: "immediate" }), await create("good", { kind: "immediate" })];
      const [badRun] = await runsOf(bad!);
      // A new process without the old one's queue: only the waking scan can send the queued runs again.
      h!.restart();
      await tamper.corruptRun(keyOf(badRun!));
      h!.clock.advance(h!.engine.settings.stale_queued_ms + 1_000);
      const tick = await h!.engine.watcher.tick();
      expect(tick).toMatchObject({ resent: 1, errors: 0 });
      expect(await h!.engine.worker.runOnce()).toBe(1);
      expect(await statusesOf(good!)).toEqual(["succeeded"]);
      await h!.engine.watcher.tick();
      await quarantinedOnce(`run ${bad!.id}@${badRun!.scheduled_at}`);
    });

    it("the embedded recovery at start sends again every readable queued run at once, past an unreadable one", async () => {
      await start("2026-06-01T10:00:00Z", { exclusive: true });
      const jobs = [await create("bad", { kind: "immediate" }), await create("a", { kind: "immediate" }), await create("b", { kind: "immediate" })];
      const [badRun] = await runsOf(jobs[0]!);
      await tamper.corruptRun(keyOf(badRun!));
      // The process before met it (and said so): the new one says nothing more of it.
      expect((await runsOf(jobs[0]!)).map((r) => r.status)).toEqual([]);
      h!.restart();
      expect(await h!.engine.recover()).toEqual({ resent: 2, reaped: 0 });
      // No clock step: the healthy runs start now, not `stale_queued_ms` later.
      expect(await h!.engine.worker.runOnce()).toBe(2);
      expect([await statusesOf(jobs[1]!), await statusesOf(jobs[2]!)]).toEqual([["succeeded"], ["succeeded"]]);
      await quarantinedOnce(`run ${jobs[0]!.id}@${badRun!.scheduled_at}`);
    });

    it("the sweeper walks past an unreadable task and one whose head run is unreadable, and re-creates another task's deleted head run", async () => {
      await start("2026-06-01T00:00:00Z");
      const [bad, badHead, good] = [await create("bad", daily), await create("bad head", daily), await create("good", daily)];
      const [head] = await runsOf(good!);
      const [unreadableHead] = await runsOf(badHead!);
      await tamper.corruptJob(bad!.id);
      await tamper.corruptRun(keyOf(unreadableHead!));
      await tamper.deleteRun(keyOf(head!));
      const stats = await h!.engine.sweeper.sweep();
      expect(stats).toMatchObject({ jobs: 2, repaired: 1, errors: 0, unreadable: 1 });
      expect((await runsOf(good!)).map((r) => [r.scheduled_at, r.status])).toEqual([[head!.scheduled_at, "pending"]]);
      expect(await h!.engine.sweeper.sweep()).toMatchObject({ repaired: 0, errors: 0, unreadable: 1 });
      expect(lines.filter((l) => l.message.includes("sweeper could not look at a task"))).toEqual([]);
      await quarantinedOnce(`job ${bad!.id}`, `run ${badHead!.id}@${unreadableHead!.scheduled_at}`);
    });

    it("the owner's listing shows every other task, also one whose run is unreadable", async () => {
      await start("2026-06-01T00:00:00Z");
      const bad = await create("bad", daily);
      await create("plain", daily);
      const withBadRun = await create("bad run", daily);
      const [badRun] = await runsOf(withBadRun);
      await tamper.corruptJob(bad.id);
      await tamper.corruptRun(keyOf(badRun!));
      for (let i = 0; i < 2; i++) {
        const page = await h!.engine.jobs.list("alice", { limit: 10 });
        expect(page.items.map((s) => s.job.title)).toEqual(["bad run", "plain"]);
        expect(page.items[1]!.next_run_at).toBe(Date.parse("2026-06-01T08:00:00Z"));
      }
      await quarantinedOnce(`job ${bad.id}`, `run ${withBadRun.id}@${badRun!.scheduled_at}`);
    });

    it("the owner's create reads past an unreadable task, and still answers a repeated create with the first", async () => {
      await start("2026-06-01T00:00:00Z");
      const bad = await create("bad", daily);
      await tamper.corruptJob(bad.id);
      const first = await h!.engine.jobs.create("alice", { title: "digest", action: notify, schedule: daily });
      const again = await h!.engine.jobs.create("alice", { title: "digest", action: notify, schedule: daily });
      expect(first.deduplicated).toBe(false);
      expect(again).toMatchObject({ deduplicated: true, job: { id: first.job.id } });
      await quarantinedOnce(`job ${bad.id}`);
    });

    it("the claim drops an unreadable delivered run, and its task's next run starts past it", async () => {
      await start("2026-06-01T10:00:00Z");
      const job = await create("minutely", everyMinute);
      h!.clock.set("2026-06-01T10:01:00Z");
      await h!.engine.watcher.tick();
      const [first] = await runsOf(job);
      expect(first).toMatchObject({ scheduled_at: Date.parse("2026-06-01T10:01:00Z"), status: "queued" });
      await tamper.corruptRun(keyOf(first!));
      expect(await h!.engine.worker.runOnce()).toBe(0);
      // The unreadable run still says queued: the overlap rule must not wait behind it for ever.
      h!.clock.set("2026-06-01T10:02:00Z");
      await h!.runFor(5_000);
      const next = await h!.store.getRun({ job_id: job.id, scheduled_at: Date.parse("2026-06-01T10:02:00Z") });
      expect(next?.status).toBe("succeeded");
      expect(h!.actions.calls).toHaveLength(1);
      await quarantinedOnce(`run ${job.id}@${first!.scheduled_at}`);
    });
  });
}
