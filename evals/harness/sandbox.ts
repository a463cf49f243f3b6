import { Client, InMemoryTransport, type Tool } from "@modelcontextprotocol/client";
import type { Engine } from "../../src/app/engine/engine.js";
import { resolveConfig } from "../../src/config.js";
import { JOB_STATUSES } from "../../src/core/model.js";
import { nextFireTimes } from "../../src/core/schedule/index.js";
import { openEngine } from "../../src/main.js";
import { isoUtc, taskView } from "../../src/mcp/present.js";
import { scheduleRequestOf } from "../../src/mcp/schedule-input.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { policyPatch } from "../../src/mcp/task-input.js";
import type { ActionRunner } from "../../src/ports/action.js";
import type { Clock } from "../../src/ports/clock.js";
import { silentLogger } from "../../src/ports/logger.js";
import type { Case } from "./case.js";
import type { FinalTask } from "./transcript.js";

/** The one user every case runs as; the transport, not the model, says who that is. */
const EVAL_OWNER = "eval-user";

/** Time stands still for the whole case: the judge's expectations are fixed to `now`. */
const frozenClock = (at: number): Clock => ({ now: () => at });

/** The engine never steps during a case, so no action runs; this only satisfies the port. */
const noActions: ActionRunner = {
  async run() {
    throw new Error("evals do not run actions");
  },
};

export interface Sandbox {
  client: Client;
  /** What the client got at initialize and from tools/list, unchanged. */
  instructions: string;
  tools: Tool[];
  /** Seed key → task id. */
  seeded: Record<string, string>;
  /** Every task of the user at the end, read from the store. */
  finalState(): Promise<FinalTask[]>;
  close(): Promise<void>;
}

/**
 * A fresh duely for one case, built by the composition root as `duely` builds it: an in-memory
 * SQLite store (a case lives for a second; no file, no WAL checkpointer), the local queue, no
 * background role, a clock frozen at the case's `now`, its seeded tasks created through the
 * engine, and a real MCP client connected to the real server in memory.
 */
export async function openSandbox(c: Case): Promise<Sandbox> {
  const now = Date.parse(c.now);
  const clock = frozenClock(now);
  const config = resolveConfig({ store: { kind: "sqlite", path: ":memory:" } }, {});
  const engine = await openEngine(config, { clock, random: () => 0.5, actions: noActions, log: silentLogger, env: {}, roles: [] });
  let client: Client | undefined;
  try {
    const seeded = await seed(engine, c);
    const serverZone = c.server_tz ?? c.user_tz;
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer({ api: { jobs: engine.jobs, clock: engine.clock, log: engine.log }, owner: EVAL_OWNER, timezone: serverZone }).connect(serverSide);
    client = new Client({ name: "duely-evals", version: "0" });
    await client.connect(clientSide);
    const { tools } = await client.listTools();
    const connected = client;
    return {
      client: connected,
      instructions: connected.getInstructions() ?? "",
      tools,
      seeded,
      async finalState() {
        const page = await engine.jobs.list(EVAL_OWNER, { statuses: JOB_STATUSES, limit: 100 });
        return Promise.all(
          page.items.map(async ({ job }) => {
            const detail = await engine.jobs.get(EVAL_OWNER, job.id, { runs: 50 });
            const { id, title, status, action, schedule, timezone } = taskView(job, serverZone);
            return {
              id,
              title,
              status,
              action,
              schedule,
              timezone,
              next: (job.schedule.kind === "immediate" ? [job.created_at] : nextFireTimes(job.schedule, now, 5)).map(isoUtc),
              policy: { overlap: job.policy.overlap, catch_up: job.policy.catch_up, window_minutes: Math.round(job.policy.window_ms / 60_000) },
              manual_runs: detail.runs.filter((r) => r.origin === "manual").length,
              skipped: detail.skipped.map(isoUtc),
              ...(job.pause_note !== null && { pause_note: job.pause_note }),
              ...(job.end_at !== null && { end_at: isoUtc(job.end_at) }),
            };
          }),
        );
      },
      async close() {
        await connected.close();
        await engine.stop();
      },
    };
  } catch (e) {
    await client?.close();
    await engine.stop();
    throw e;
  }
}

async function seed(engine: Engine, c: Case): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const s of c.seed_tasks ?? []) {
    const request = { title: s.title, action: s.action, schedule: scheduleRequestOf(s.schedule), policy: policyPatch(s.policies) };
    const { job } = await engine.jobs.createTask(EVAL_OWNER, request, { timezone: c.user_tz });
    for (const at of s.skip ?? []) await engine.jobs.skip(EVAL_OWNER, job.id, { within: { from: Date.parse(at), to: Date.parse(at) } });
    if (s.status === "paused") await engine.jobs.pause(EVAL_OWNER, job.id);
    if (s.status === "cancelled") await engine.jobs.cancel(EVAL_OWNER, job.id);
    ids[s.key] = job.id;
  }
  return ids;
}
