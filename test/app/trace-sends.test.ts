import { afterEach, describe, expect, it } from "vitest";
import { lineLogger } from "../../src/adapters/log/pino-logger.js";
import { runKeyString } from "../../src/core/keys.js";
import { openHarness } from "../support/engine-harness.js";

// Every send to the queue leaves a debug "trace sent" line naming its runs (as the watcher's do),
// so that a run queued in the store without any traced send is a send that never happened: the
// chaos traces tell a lost send from a sweeper's or a recovery's that was not written down.

const notify = { type: "notify" as const, message: "hi" };

let h: Awaited<ReturnType<typeof openHarness>> | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** The runs named by the "trace sent" lines among `lines`. */
const tracedSends = (lines: string[]): string[] =>
  lines
    .map((l) => JSON.parse(l) as { message: string; runs?: string[] })
    .filter((l) => l.message === "trace sent")
    .flatMap((l) => l.runs!.map((r) => r.split("|")[1]!));

describe("the trace of sends outside the watcher", () => {
  it("names the runs an embedded process's recovery sends again", async () => {
    const lines: string[] = [];
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 2 }, { log: lineLogger((l) => lines.push(l), "debug") });
    const { job } = await h.engine.jobs.create("alice", { title: "now", action: notify, schedule: { kind: "immediate" } });
    const run = await h.onlyRun(job.id);
    expect(run.status).toBe("queued");
    h.restart(); // its message was in the old process's memory
    lines.length = 0;
    expect((await h.engine.recover()).resent).toBe(1);
    expect(tracedSends(lines)).toEqual([runKeyString(run)]);
  });

  it("names the runs the sweeper sends when it repairs a chain", async () => {
    const lines: string[] = [];
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 2 }, { log: lineLogger((l) => lines.push(l), "debug") });
    const { job } = await h.engine.jobs.create("alice", {
      title: "each minute",
      action: notify,
      schedule: { kind: "cron", expr: "* * * * *", timezone: "UTC" },
    });
    // Lose the head: point the job at the next occurrence, which has no run (a half-applied write).
    const stored = (await h.store.getJob(job.id))!;
    const missing = job.next_run_at! + 60_000;
    await h.store.commit({ writes: [{ op: "put_job", job: { ...stored, next_run_at: missing, version: stored.version + 1 }, expectVersion: stored.version }] });
    h.clock.advance(90_000); // the missing occurrence is within the look-ahead: re-created queued and sent
    lines.length = 0;
    expect((await h.engine.sweeper.sweep()).repaired).toBe(1);
    expect((await h.store.getRun({ job_id: job.id, scheduled_at: missing }))?.status).toBe("queued");
    expect(tracedSends(lines)).toEqual([runKeyString({ job_id: job.id, scheduled_at: missing })]);
  });
});
