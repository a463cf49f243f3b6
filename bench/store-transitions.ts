// The SQLite store's share of one one-shot execution, in process: no engine, no queue, no actions.
// Run: npx tsx bench/store-transitions.ts [--runs 20000] [--batch 50] [--rounds 3] [--retry-attempts N]
// Each round opens a fresh file and times, in CPU microseconds per run (user + system):
// - create: the job, its run and its event, 1,000 creates a commitEach, with the owner cap (as createMany);
// - claim reads: what the claim reads before it writes, 500 delivered runs a call (a claim batch):
//   each run with its task in one call (`claim_reads_us`, getRunsWithJobs, the engine's read), and
//   the runs then their tasks in two calls (`claim_reads_apart_us`, getRuns + getJobs, its
//   fallback); the median of five passes of each, alternating, the first pass changing each round;
// - claim: the run queued → running with its event, `batch` a commitEach (the worker's free slots);
// - start: the claimed run written again in the same status with its lease moved (running → running),
//   `batch` a commitEach: a run claimed ahead started at its time, or a lease extension;
// - finish: the run's outcome with its event and its task completed, `batch` a commitEach (the completer),
//   the tasks read first as the engine's claim reads them (untimed).
// --retry-attempts N: tasks with a retry policy of their own (max_attempts N), as the peer bench's
// duely adapter creates them; without it, tasks with the default policies.
// The floor to compare with (the same transitions on a bare schema, 500 a commit) is in bench/README.md
// ("Execution phase"). Prints one JSON line per round.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openSqliteStore } from "../src/adapters/store/sqlite/sqlite-store.js";
import { DEFAULT_RETRY, type Job, type Run, type RunEvent } from "../src/core/model.js";
import type { Tx } from "../src/ports/store.js";
import { makeJob, makeRun, T0 } from "../test/support/builders.js";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "20000" },
    batch: { type: "string", default: "50" },
    rounds: { type: "string", default: "3" },
    "retry-attempts": { type: "string" },
  },
});
const N = Number(values.runs);
const B = Number(values.batch);

const cpuUs = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
const event = (run: Run, from: Run["status"] | null): RunEvent => ({
  job_id: run.job_id,
  scheduled_at: run.scheduled_at,
  at: T0,
  from,
  to: run.status,
  attempt: run.attempt,
  detail: null,
});

const CLAIM_BATCH = 500;

async function round(index: number): Promise<Record<string, number | null>> {
  const dir = mkdtempSync(join(tmpdir(), "duely-transitions-"));
  const store = openSqliteStore({ path: join(dir, "bench.db") });
  try {
    const attempts = values["retry-attempts"];
    const retry = attempts === undefined ? {} : { retry: { ...DEFAULT_RETRY, max_attempts: Number(attempts) } };
    const jobs: Job[] = Array.from({ length: N }, () => makeJob({ owner: "bench", ...retry }));
    const runs = jobs.map((job) => makeRun(job, T0, { status: "queued" }));
    const timed = async (txs: Tx[], per: number): Promise<number> => {
      const c0 = cpuUs();
      for (let i = 0; i < txs.length; i += per) await store.commitEach(txs.slice(i, i + per));
      return (cpuUs() - c0) / N;
    };
    const create = await timed(
      jobs.map((job, i) => ({
        writes: [
          { op: "put_job", job, expectVersion: null },
          { op: "insert_run", run: runs[i]! },
        ],
        events: [event(runs[i]!, null)],
        cap: { owner: "bench", max: 10_000_000 },
      })),
      1000,
    );
    const readCpu = async (read: (keys: Run[]) => Promise<unknown>): Promise<number> => {
      const c0 = cpuUs();
      for (let i = 0; i < N; i += CLAIM_BATCH) await read(runs.slice(i, i + CLAIM_BATCH));
      return (cpuUs() - c0) / N;
    };
    const together = (keys: Run[]) => store.getRunsWithJobs(keys);
    const apart = async (keys: Run[]) => {
      const found = await store.getRuns(keys);
      return store.getJobs([...new Set(found.flatMap((r) => (r ? [r.job_id] : [])))]);
    };
    // Five passes of each, alternating: one pass is too short to tell them apart on a busy machine.
    const passes: Record<"together" | "apart", number[]> = { together: [], apart: [] };
    for (let p = 0; p < 10; p++) {
      const which = (p + index) % 2 === 0 ? "together" : "apart";
      passes[which].push(await readCpu(which === "together" ? together : apart));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const [claimReads, claimReadsApart] = [median(passes.together), median(passes.apart)];
    const claimed = runs.map(
      (r): Run => ({ ...r, status: "running", attempt: 1, lease_owner: "w", lease_until: T0 + 30_000, wake_at: T0 + 30_000, started_at: T0, executions: 1 }),
    );
    const claim = await timed(
      claimed.map((r) => ({ writes: [{ op: "update_run", run: r, expect: { status: "queued", attempt: 0 } }], events: [event(r, "queued")] })),
      B,
    );
    const started = claimed.map((r): Run => ({ ...r, lease_until: T0 + 31_000, wake_at: T0 + 31_000, updated_at: T0 + 1 }));
    const start = await timed(
      started.map((r) => ({ writes: [{ op: "update_run", run: r, expect: { status: "running", attempt: 1 } }], events: [event(r, "running")] })),
      B,
    );
    // The engine's claim read each task (untimed here), and its completion is made from the task as read.
    const read: Job[] = [];
    for (let i = 0; i < N; i += 500) read.push(...((await store.getJobs(jobs.slice(i, i + 500).map((j) => j.id))) as Job[]));
    const finish = await timed(
      started.map((r, i) => {
        const done: Run = { ...r, status: "succeeded", result: { text: "" }, wake_at: null, lease_owner: null, lease_until: null, finished_at: T0 };
        const job = read[i]!;
        return {
          writes: [
            { op: "put_job", job: { ...job, status: "completed", version: job.version + 1 }, expectVersion: job.version },
            { op: "update_run", run: done, expect: { status: "running", attempt: 1 } },
          ],
          events: [event(done, "running")],
        };
      }),
      B,
    );
    const r2 = (x: number) => Math.round(x * 10) / 10;
    return {
      runs: N,
      batch: B,
      retry_attempts: attempts === undefined ? null : Number(attempts),
      create_us: r2(create),
      claim_reads_us: r2(claimReads),
      claim_reads_apart_us: r2(claimReadsApart),
      claim_us: r2(claim),
      start_us: r2(start),
      finish_us: r2(finish),
      load_1m: r2(Number((await import("node:os")).loadavg()[0])),
    };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (let i = 0; i < Number(values.rounds); i++) console.log(JSON.stringify(await round(i)));
