import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import fc from "fast-check";
import { createActionRunner } from "../../src/actions/runner.js";
import { staticTokenVerifier } from "../../src/adapters/auth/static-tokens.js";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import { resolveConfig } from "../../src/config.js";
import { LIVE_JOB_STATUSES } from "../../src/core/model.js";
import { openEngine } from "../../src/main.js";
import { startHttpServer } from "../../src/mcp/http.js";
import { TOOL_ERROR_CODES } from "../../src/mcp/tool-errors.js";
import type { ActionRunner } from "../../src/ports/action.js";
import { silentLogger } from "../../src/ports/logger.js";
import { type PlannedCall, plannedCall } from "./arguments.js";

/**
 * A fuzz of the whole HTTP surface: a real `startHttpServer` on 127.0.0.1 with two bearer tokens
 * (two owners), real MCP SDK clients, a real engine on a SQLite file with its roles running.
 * Actions run as a stub (nothing leaves the machine; random feed URLs are never fetched) but are
 * checked at create by the real checker. Counts what must stay 0.
 */

export interface FuzzOptions {
  calls: number;
  seed: number;
  /** Clients per owner, each making its calls one after another. */
  clientsPerOwner: number;
  /** Every this many calls, each owner fires `burst` valid creates at once (the cap race). */
  burstEvery: number;
  burst: number;
  cap: number;
  /** Called every 5,000 calls with the calls made and the counts so far (the long run prints them). */
  onProgress?: (calls: number, figures: FuzzFigures) => void;
}

export interface FuzzFigures {
  calls: number;
  /** Calls whose answer was not a tool result: a transport failure, an HTTP error, a protocol error. */
  crashes: number;
  internal: number;
  /** A call of one owner that succeeded on a task of the other (or listed it). */
  crossOwner: number;
  /** Calls of one owner after which a task of the other that only they may change was found changed in the store. */
  crossOwnerWrites: number;
  /** The most live tasks an owner was seen with, above the cap (0 when never above). */
  capOvershoot: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  seconds: number;
  byOutcome: Record<string, number>;
  samples: string[];
}

export const DEFAULT_FUZZ: FuzzOptions = { calls: 1_500, seed: 20261201, clientsPerOwner: 3, burstEvery: 200, burst: 8, cap: 12 };

const TOKENS = { alice: "fuzz-token-alice-0123456789", bob: "fuzz-token-bob-0123456789ab" } as const;
type Owner = keyof typeof TOKENS;
const OWNERS: Owner[] = ["alice", "bob"];

interface Envelope {
  ok?: boolean;
  error?: { code: string };
  task?: { id: string; owner?: string };
  tasks?: { id: string }[];
}

export async function runHttpFuzz(opts: FuzzOptions = DEFAULT_FUZZ): Promise<FuzzFigures> {
  const dir = mkdtempSync(join(tmpdir(), "duely-fuzz-"));
  const config = resolveConfig(
    {
      store: { kind: "sqlite", path: join(dir, "duely.db") },
      engine: { max_active_jobs_per_owner: opts.cap, dedupe_window_ms: 0, poll_interval_ms: 200 },
      limits: { creates: { burst: 60, per_minute: 3_000 } },
      http: { tokens: { [TOKENS.alice]: "alice", [TOKENS.bob]: "bob" } },
    },
    {},
  );
  const real = createActionRunner(config.actions, {});
  const actions: ActionRunner = { check: (a, owner) => real.check?.(a, owner), run: async () => ({ text: "done" }) };
  const engine = await openEngine(config, { actions, log: silentLogger, env: {} });
  engine.start();
  const server = await startHttpServer({
    api: { jobs: engine.jobs, clock: engine.clock, log: silentLogger },
    timezone: "UTC",
    auth: { kind: "bearer", verifier: staticTokenVerifier(config.http.tokens), issuer: null },
    port: 0,
  });

  const figures: FuzzFigures = {
    calls: 0,
    crashes: 0,
    internal: 0,
    crossOwner: 0,
    crossOwnerWrites: 0,
    capOvershoot: 0,
    p50Ms: 0,
    p99Ms: 0,
    maxMs: 0,
    seconds: 0,
    byOutcome: {},
    samples: [],
  };
  const latencies: number[] = [];
  const created: Record<Owner, string[]> = { alice: [], bob: [] };
  // Each owner's untouchable tasks: their own calls never name them (so no one has a right to
  // change them) and nothing runs them for weeks. The other owner's probes name them, and after
  // each such call they must be, byte for byte, as they were stored at the start.
  const reader = openSqliteStore({ path: config.store.kind === "sqlite" ? config.store.path : "", log: silentLogger, now: Date.now });
  const stored = async (id: string) => {
    const runs = (await reader.listJobRuns(id, { limit: 100 })).items;
    return JSON.stringify({ job: await reader.getJob(id), runs, history: await reader.listJobEvents(id, { limit: 100 }) });
  };
  const untouchable: Record<Owner, string[]> = { alice: [], bob: [] };
  const asStored = new Map<string, string>();
  for (const owner of OWNERS) {
    const later = { kind: "once" as const, at: Date.now() + 20 * 86_400_000, timezone: "UTC" };
    const daily = { kind: "cron" as const, expr: "0 9 * * *", timezone: "UTC" };
    const active = await engine.jobs.create(owner, { title: "untouchable", action: { type: "notify", message: owner }, schedule: later });
    const paused = await engine.jobs.create(owner, { title: "untouchable, paused", action: { type: "notify", message: owner }, schedule: daily });
    await engine.jobs.pause(owner, paused.job.id);
    untouchable[owner] = [active.job.id, paused.job.id];
  }
  for (const id of Object.values(untouchable).flat()) asStored.set(id, await stored(id));
  const note = (what: string, detail: unknown) => {
    if (figures.samples.length < 10) figures.samples.push(`${what}: ${JSON.stringify(detail).slice(0, 300)}`);
  };
  const clients = new Map<Owner, Client[]>();
  for (const owner of OWNERS) {
    const list: Client[] = [];
    for (let i = 0; i < opts.clientsPerOwner; i++) {
      const client = new Client({ name: `fuzz-${owner}-${i}`, version: "0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: `Bearer ${TOKENS[owner]}` } } }));
      list.push(client);
    }
    clients.set(owner, list);
  }

  const other = (owner: Owner): Owner => (owner === "alice" ? "bob" : "alice");
  const pick = (list: string[], n: number) => (list.length ? list[n % list.length]! : "01JAAAAAAAAAAAAAAAAAAAAAAA");

  async function call(owner: Owner, client: Client, planned: PlannedCall, n: number): Promise<void> {
    const args = { ...planned.args };
    if (typeof args.title === "string") args.title = `${args.title} #${n}`;
    if (planned.id)
      args.task_id =
        planned.id === "own"
          ? pick(created[owner], n)
          : planned.id === "other"
            ? pick([...created[other(owner)], ...untouchable[other(owner)]], n)
            : "01JZZZZZZZZZZZZZZZZZZZZZZZ";
    const started = performance.now();
    let env: Envelope;
    try {
      const result = await client.callTool({ name: planned.tool, arguments: args });
      env = (result.structuredContent ?? {}) as Envelope;
    } catch (e) {
      figures.crashes++;
      const cause = (e as { cause?: { code?: unknown; message?: unknown } }).cause;
      note("crash", { tool: planned.tool, error: String(e), cause: cause?.code ?? cause?.message });
      return;
    } finally {
      latencies.push(performance.now() - started);
      if (++figures.calls % 5_000 === 0) opts.onProgress?.(figures.calls, figures);
    }
    const outcome = env.ok ? "ok" : (env.error?.code ?? "no-envelope");
    figures.byOutcome[`${planned.tool}:${outcome}`] = (figures.byOutcome[`${planned.tool}:${outcome}`] ?? 0) + 1;
    if (env.ok === undefined || (!env.ok && !TOOL_ERROR_CODES.includes(env.error?.code as never))) {
      figures.crashes++;
      note("not an envelope", { tool: planned.tool, env });
    }
    if (outcome === "internal") {
      figures.internal++;
      note("internal", { tool: planned.tool, args });
    }
    if (env.ok && planned.tool === "task_create_v1" && env.task) created[owner].push(env.task.id);
    const theirs = new Set([...created[other(owner)], ...untouchable[other(owner)]]);
    const probed = String(args.task_id);
    if (planned.id === "other" && asStored.has(probed) && (await stored(probed)) !== asStored.get(probed)) {
      figures.crossOwnerWrites++;
      note("cross-owner write", { owner, tool: planned.tool, args });
      asStored.set(probed, await stored(probed));
    }
    if (env.ok && planned.id === "other" && theirs.has(String(args.task_id))) {
      figures.crossOwner++;
      note("cross-owner", { owner, tool: planned.tool, id: args.task_id });
    }
    if (env.ok && planned.tool === "task_list_v1" && (env.tasks ?? []).some((t) => theirs.has(t.id))) {
      figures.crossOwner++;
      note("cross-owner list", { owner });
    }
  }

  async function checkCap(): Promise<void> {
    for (const owner of OWNERS) {
      const live = (await engine.jobs.list(owner, { limit: 1_000, statuses: LIVE_JOB_STATUSES })).items.length;
      figures.capOvershoot = Math.max(figures.capOvershoot, live - opts.cap);
    }
  }

  const started = performance.now();
  const plan = fc.sample(plannedCall, { numRuns: opts.calls, seed: opts.seed });
  const lanes = OWNERS.flatMap((owner) => clients.get(owner)!.map((client) => ({ owner, client })));
  let next = 0;
  let sinceBurst = 0;
  const lane = async ({ owner, client }: (typeof lanes)[number]) => {
    for (let n = next++; n < plan.length; n = next++) {
      if (++sinceBurst >= opts.burstEvery) {
        sinceBurst = 0;
        // The cap race: every owner's clients fire valid creates at once.
        const burst = OWNERS.flatMap((o) =>
          Array.from({ length: opts.burst }, (_, i) =>
            call(
              o,
              clients.get(o)![i % opts.clientsPerOwner]!,
              {
                tool: "task_create_v1",
                args: {
                  title: "burst",
                  action: { type: "notify", message: "x" },
                  schedule: { type: "once", at: new Date(Date.now() + 86_400_000).toISOString() },
                },
              },
              n * 100 + i,
            ),
          ),
        );
        await Promise.all(burst);
        await checkCap();
      }
      await call(owner, client, plan[n]!, n);
    }
  };
  try {
    await Promise.all(lanes.map(lane));
    await checkCap();
  } finally {
    await Promise.all([...clients.values()].flat().map((c) => c.close()));
    await server.close();
    await engine.stop(1_000);
    await reader.close();
    rmSync(dir, { recursive: true, force: true });
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
  return { ...figures, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1), seconds: Math.round((performance.now() - started) / 100) / 10 };
}
