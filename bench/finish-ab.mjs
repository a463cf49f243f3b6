// The SQLite store's CPU for a one-shot's finish (the run's outcome, its event and its task completed,
// 50 a commitEach, as the completer writes them), through the stores of several builds, alternating
// round by round in one process so that a busy machine's drift falls on all of them alike. Each round
// opens a fresh file with 5,000 tasks and running runs, reads each batch's tasks first (untimed, as
// the engine's claim does) and completes them from the copies read. After `npm run build` in each:
//   node bench/finish-ab.mjs main=/path/to/main this=. [ROUNDS=16 in the environment]
// Prints each build's median and rounds, CPU µs a finish (user + system).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const builds = Object.fromEntries(
  await Promise.all(
    process.argv.slice(2).map(async (b) => [b.split("=")[0], await import(resolve(b.split("=")[1], "dist/adapters/store/sqlite/sqlite-store.js"))]),
  ),
);
const N = 5000,
  B = 50,
  T0 = 1_900_000_000_000;
const cpu = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
let seq = 0;
const { DEFAULT_RETRY, DEFAULT_RUN_POLICY } = await import(resolve(process.argv[2].split("=")[1], "dist/core/model.js"));
const mkJob = () => {
  const id = `01K${String(seq++).padStart(23, "0")}`;
  return {
    id,
    owner: "bench",
    title: "t",
    status: "active",
    action: { type: "notify", message: "x" },
    schedule: { kind: "cron", expr: "55 8 * * 1-5", timezone: "Europe/London" },
    retry: DEFAULT_RETRY,
    policy: DEFAULT_RUN_POLICY,
    created_at: T0,
    updated_at: T0,
    end_at: null,
    max_runs: null,
    run_count: 1,
    next_run_at: T0,
    version: 1,
    fingerprint: null,
    pause_note: null,
    skips: [],
  };
};
async function round(mod) {
  const dir = mkdtempSync(join(tmpdir(), "duely-finish-"));
  const store = mod.openSqliteStore({ path: join(dir, "b.db") });
  const jobs = Array.from({ length: N }, mkJob);
  const runs = jobs.map((j) => ({
    job_id: j.id,
    owner: "bench",
    scheduled_at: T0,
    bucket: "2030031800#00",
    shard: 0,
    status: "running",
    attempt: 1,
    due_at: T0,
    wake_at: T0 + 30000,
    lease_owner: "w",
    lease_until: T0 + 30000,
    started_at: T0,
    finished_at: null,
    result: null,
    error: null,
    skip_reason: null,
    executions: 1,
    checkpoint: null,
    created_at: T0,
    updated_at: T0,
    origin: "schedule",
    booked: false,
  }));
  for (let i = 0; i < N; i += 1000)
    await store.commitEach(
      jobs.slice(i, i + 1000).map((job, k) => ({
        writes: [
          { op: "put_job", job, expectVersion: null },
          { op: "insert_run", run: runs[i + k] },
        ],
      })),
    );
  let us = 0;
  for (let i = 0; i < N; i += B) {
    const read = await store.getJobs(jobs.slice(i, i + B).map((j) => j.id)); // the claim's read (untimed)
    const c0 = cpu();
    await store.commitEach(
      read.map((job, k) => {
        const r = runs[i + k];
        const done = {
          ...r,
          status: "succeeded",
          result: { text: "" },
          wake_at: null,
          lease_owner: null,
          lease_until: null,
          finished_at: T0 + 5,
          updated_at: T0 + 5,
        };
        return {
          writes: [
            { op: "put_job", job: { ...job, status: "completed", version: job.version + 1, updated_at: T0 + 5 }, expectVersion: job.version },
            { op: "update_run", run: done, expect: { status: "running", attempt: 1 } },
          ],
          events: [{ job_id: r.job_id, scheduled_at: T0, at: T0 + 5, from: "running", to: "succeeded", attempt: 1, detail: null }],
        };
      }),
    );
    us += cpu() - c0;
  }
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  return us / N;
}
const res = Object.fromEntries(Object.keys(builds).map((b) => [b, []]));
for (let r = 0; r < Number(process.env.ROUNDS || 8); r++) for (const b of Object.keys(builds)) res[b].push(Math.round((await round(builds[b])) * 10) / 10);
const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
for (const b of Object.keys(res)) console.log(b, "median", med(res[b]), JSON.stringify(res[b]));
