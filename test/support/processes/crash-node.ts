// A scheduler process for the crash tests: real SQLite file, local queue, real clock, all roles.
// Its action logs start/end lines to a file and takes ACTION_MS, so a test can kill it mid-run.
// EXCLUSIVE=1 runs it as the embedded scheduler does (src/main.ts): under the file's lock, and
// recovering at start what a previous process left. HOLD=<file>: each action, once started,
// waits until that file exists (the test says when runs may end) instead of ACTION_MS.
import { appendFileSync, existsSync } from "node:fs";
import { stderrLogger } from "../../../src/adapters/log/pino-logger.js";
import { LocalDelayQueue } from "../../../src/adapters/queue/local/local-queue.js";
import { lockDatabaseFile } from "../../../src/adapters/store/sqlite/file-lock.js";
import { openSqliteStore } from "../../../src/adapters/store/sqlite/sqlite-store.js";
import { Engine } from "../../../src/app/engine/engine.js";
import { DEFAULT_SETTINGS } from "../../../src/app/settings.js";
import type { ActionRunner } from "../../../src/ports/action.js";
import { systemClock } from "../../../src/ports/clock.js";

const { DB, LOG, CREATE = "0", ACTION_MS = "500", EXCLUSIVE, HOLD } = process.env;
if (!DB || !LOG) throw new Error("DB and LOG are required");
const exclusive = EXCLUSIVE === "1";
// Kept referenced for the process's life: a lock collected as garbage would be released.
const lock = exclusive ? lockDatabaseFile(DB) : null;

const actions: ActionRunner = {
  async run(_action, ctx) {
    appendFileSync(LOG, `start ${ctx.idempotencyKey} ${ctx.attempt} ${process.pid}\n`);
    if (HOLD) while (!existsSync(HOLD)) await new Promise((r) => setTimeout(r, 20));
    else await new Promise((r) => setTimeout(r, Number(ACTION_MS)));
    appendFileSync(LOG, `end ${ctx.idempotencyKey} ${ctx.attempt} ${process.pid}\n`);
    return { text: `done by ${process.pid}`, data: { pid: process.pid, attempt: ctx.attempt } };
  },
};

const store = await openSqliteStore({ path: DB });
const engine = new Engine(
  {
    store,
    queue: new LocalDelayQueue(systemClock, { leadMs: 1_000 }),
    clock: systemClock,
    random: Math.random,
    actions,
    log: stderrLogger("warn"),
    settings: {
      ...DEFAULT_SETTINGS,
      claim_ahead_ms: 1_000,
      shard_count: 4,
      lease_ms: 1_500,
      stale_queued_ms: 1_000,
      poll_interval_ms: 100,
      look_ahead_ms: 5_000,
      concurrency: 8,
      max_active_jobs_per_owner: 10_000,
      dedupe_window_ms: 0,
    },
  },
  { id: `pid-${process.pid}`, exclusive },
);
for (let i = 0; i < Number(CREATE); i++) {
  const at = Date.now() + 300 + (i % 10) * 150;
  await engine.jobs.create("crash", {
    title: `job ${i}`,
    action: { type: "notify", message: `m${i}` },
    schedule: i % 3 === 0 ? { kind: "immediate" } : { kind: "once", at, timezone: "UTC" },
  });
}
engine.start();
process.stdout.write(`ready ${process.pid}\n`);
const stop = () => {
  engine
    .stop(2_000)
    .catch((e: unknown) => process.stderr.write(`stopping failed: ${String(e)}\n`))
    .finally(() => {
      lock?.release();
      process.exit(0);
    });
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
