// The worker's claim cost for recurring tasks under the overlap rule, in process, no queue.
// Run: npx tsx bench/claim-overlap.ts [--tasks 10000] [--history 6] [--rounds 4] [--batch 500]
// A fresh SQLite file holds `tasks` every-minute tasks (overlap "skip"), each with `history`
// finished runs. Each round queues one run per task for the next minute and times claimBatch
// over them, `batch` messages a call as the worker does; the runs then finish, outside the
// timing. The first round warms the JIT. Prints one JSON line per round: CPU and wall time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { LocalDelayQueue } from "../src/adapters/queue/local/local-queue.js";
import { openSqliteStore } from "../src/adapters/store/sqlite/sqlite-store.js";
import type { EngineDeps } from "../src/app/deps.js";
import { claimBatch } from "../src/app/engine/claims.js";
import { DEFAULT_SETTINGS } from "../src/app/settings.js";
import type { Run } from "../src/core/model.js";
import type { ActionRunner } from "../src/ports/action.js";
import { silentLogger } from "../src/ports/logger.js";
import type { QueueMessage } from "../src/ports/queue.js";
import type { Tx } from "../src/ports/store.js";
import { makeJob, makeRun, T0 } from "../test/support/builders.js";

const { values } = parseArgs({
  options: {
    tasks: { type: "string", default: "10000" },
    history: { type: "string", default: "6" },
    rounds: { type: "string", default: "4" },
    batch: { type: "string", default: "500" },
  },
});
const TASKS = Number(values.tasks);
const HISTORY = Number(values.history);
const ROUNDS = Number(values.rounds);
const BATCH = Number(values.batch);
const MINUTE = 60_000;

const dir = mkdtempSync(join(tmpdir(), "duely-claim-"));
const store = openSqliteStore({ path: join(dir, "claim.db") });
let now = T0;
const clock = { now: () => now };
const deps: EngineDeps = {
  store,
  queue: new LocalDelayQueue(clock),
  clock,
  random: Math.random,
  actions: undefined as unknown as ActionRunner,
  log: silentLogger,
  settings: DEFAULT_SETTINGS,
};

const jobs = Array.from({ length: TASKS }, () => makeJob({ schedule: { kind: "cron", expr: "* * * * *", timezone: "UTC" } }));
const finished = (run: Run): Run => ({ ...run, status: "succeeded", attempt: 1, executions: 1, finished_at: run.scheduled_at + 1_000 });
const commitAll = async (txs: Tx[]) => {
  for (let i = 0; i < txs.length; i += 1_000) await store.commitEach(txs.slice(i, i + 1_000));
};
await commitAll(jobs.map((job) => ({ writes: [{ op: "put_job", job, expectVersion: null }] })));
for (let h = 0; h < HISTORY; h++) {
  await commitAll(jobs.map((job) => ({ writes: [{ op: "insert_run", run: finished(makeRun(job, T0 + h * MINUTE)) }] })));
}

for (let round = 0; round < ROUNDS; round++) {
  const at = T0 + (HISTORY + round) * MINUTE;
  const queued = jobs.map((job) => makeRun(job, at, { status: "queued", wake_at: at + DEFAULT_SETTINGS.stale_queued_ms }));
  await commitAll(queued.map((run) => ({ writes: [{ op: "insert_run", run }] })));
  const messages: QueueMessage[] = queued.map((r, i) => ({ key: r, owner: r.owner, dueAt: at, receipt: String(i) }));
  now = at + 100;
  const cpu = process.cpuUsage();
  const wall = performance.now();
  let claimed = 0;
  for (let i = 0; i < messages.length; i += BATCH) {
    const out = await claimBatch(deps, "bench", messages.slice(i, i + BATCH), now, { slots: BATCH, horizon: now });
    claimed += out.starting.length + out.held.length;
  }
  const used = process.cpuUsage(cpu);
  const wallMs = performance.now() - wall;
  const cpuMs = (used.user + used.system) / 1_000;
  console.log(
    JSON.stringify({
      round,
      tasks: TASKS,
      claimed,
      cpu_ms: Math.round(cpuMs),
      wall_ms: Math.round(wallMs),
      cpu_us_per_claim: Math.round((cpuMs * 1_000) / TASKS),
    }),
  );
  // The claimed runs finish, so the next round's runs find no earlier run still running.
  const running = await Promise.all(queued.map((r) => store.getRun(r)));
  await commitAll(
    running.map((r) => ({ writes: [{ op: "update_run", run: { ...finished(r!), attempt: r!.attempt }, expect: { status: r!.status, attempt: r!.attempt } }] })),
  );
}

await store.close();
rmSync(dir, { recursive: true, force: true });
