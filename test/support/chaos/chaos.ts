import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { freePort } from "../aws/dynamodb-local.js";
import { seeded as seededRandom } from "../faults.js";
import { awsBackend, type Backend, type BackendOptions, CHANNEL, OWNERS, SECRET_ENV, sqliteBackend, TOKENS, TOKENS_ENV, tokensEnv } from "./backends.js";
import { Fleet } from "./fleet.js";
import { type Measures, stats } from "./measure.js";
import type { Kill } from "./observation.js";
import { ACKNOWLEDGED_FILE, observe, WEBHOOK_FILE } from "./observe.js";
import { chaosWindow, createLive, killAtRandom, LANES, loadSummary, sleep } from "./steps.js";
import { createAll, planFlood, planOnce, planRecurring } from "./tasks.js";
import { startWebhookSink } from "./webhook-sink.js";

export interface ChaosOptions {
  backend: "sqlite" | "aws";
  /** How long processes are killed for. */
  chaosMs: number;
  /** Tasks every 1 or 2 minutes, created before the chaos. */
  recurring: number;
  /** One-shot tasks due over the chaos window, created before it. */
  once: number;
  /** One-shot tasks created during the chaos (retried through kills), each due 30–60 s after its create. */
  live: number;
  /** A kill comes a uniformly random time in [min, max] after the previous restart was ready. */
  killEveryMs: [number, number];
  /**
   * A pressure run: a second owner (`flood`) creates this many one-shot tasks all due in one
   * second, a third of the way into the chaos, over its execution rate; the ordinary tasks are
   * the other owner's steady runs. Both owners are held to duely's default execution rate.
   * @default 0 (one owner, no rate limits)
   */
  flood?: number;
  /** How long a started process may take to log that it is ready. @default 60 s */
  readyTimeoutMs?: number;
  /** Kills per role the chaos goes on for, past `chaosMs` if need be (at most twice as long again). @default none */
  minKills?: Record<string, number>;
  /** Kills per role after which that role is left alone, even before `chaosMs` ends (with `minKills`: a fixed number). @default none */
  maxKills?: Record<string, number>;
  /** After the chaos, wait at most this long for every run due by its end to finish. */
  settleMaxMs: number;
  /** Seeds the task plan and the kill schedule. */
  seed: number;
  /** How to run the CLI: `[node, "dist/cli/main.js"]`, or under tsx from src. */
  command: string[];
  /** The config's `engine` section, over duely's defaults (none: measure the defaults). */
  engine: Record<string, unknown>;
  /** Work directory: config, SQLite file, process logs, webhook log, report. */
  dir: string;
  dynamoDbEndpoint?: string;
  progress?: (line: string) => void;
}

export interface ChaosReport {
  options: Omit<ChaosOptions, "progress">;
  /** Wall-clock phases, epoch ms. */
  phases: { seedStart: number; chaosStart: number; chaosEnd: number; settled: number; stopped: number };
  /** Creates before the chaos, and during it (`live`); `retries` are calls sent again after a connection failure. */
  seeding: { created: number; refused: string[]; retries: number; deduplicated: number; ms: number; live: { created: number; retries: number } };
  /** Runs due by the end of the chaos still unfinished when the settle wait ended (lost unless they finish during the graceful stop). */
  unsettled: number;
  processes: {
    kills: Record<string, number>;
    /** Every kill, to read the measures against (the logs of the killed processes are in `dir`). */
    killLog: Kill[];
    restartMs: ReturnType<typeof stats>;
    crashes: number;
    stops: { slot: string; ms: number; graceful: boolean }[];
  };
  webhook: { deliveries: number; refused: number; cut: number };
  /** 1-minute load average sampled every 5 s (the machine is shared). */
  load: { min: number; avg: number; max: number };
  measures: Measures;
}

/**
 * One chaos run: start the backend's real processes, create the tasks over MCP, SIGKILL and
 * restart processes at random for `chaosMs`, let the rest run clean until every run due by then
 * has finished, stop everything gracefully, then measure from the store and the webhook log.
 */
export async function runChaos(o: ChaosOptions): Promise<ChaosReport> {
  const say = o.progress ?? (() => {});
  const pressure = (o.flood ?? 0) > 0;
  const steadyToken = pressure ? { token: TOKENS.steady } : {};
  // One stream per consumer: the kill loops and the live creates run at once.
  const random = seededRandom(o.seed);
  const secret = `chaos-${o.seed}-secret`;
  const sink = await startWebhookSink({ secret, logFile: join(o.dir, WEBHOOK_FILE) });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/mcp`;
  const backendOptions: BackendOptions = {
    dir: o.dir,
    sink,
    port,
    engine: o.engine,
    command: o.command,
    ...(o.dynamoDbEndpoint && { dynamoDbEndpoint: o.dynamoDbEndpoint }),
    ...(pressure && { pressure }),
  };
  const backend: Backend = o.backend === "sqlite" ? sqliteBackend(backendOptions) : await awsBackend(backendOptions);
  const fleet = new Fleet({
    command: o.command,
    env: { [SECRET_ENV]: secret, [TOKENS_ENV]: tokensEnv(), AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
    logDir: o.dir,
    ...(o.readyTimeoutMs && { readyTimeoutMs: o.readyTimeoutMs }),
  });
  const loads: number[] = [];
  const sampler = setInterval(() => loads.push(loadavg()[0]!), 5_000);
  try {
    for (const slot of backend.slots) await fleet.start(slot);
    say(`started ${backend.slots.map((s) => s.name).join(", ")}; MCP at ${url}`);

    const seedStart = Date.now();
    const plan = { random, channel: CHANNEL, label: `s${o.seed}` };
    const recurring = await createAll(url, planRecurring(o.recurring, { ...plan, from: seedStart }), {
      lanes: LANES,
      deadline: seedStart + 600_000,
      ...steadyToken,
    });
    const { chaosStart, chaosEnd } = chaosWindow(o, (Date.now() - seedStart) / Math.max(1, o.recurring));
    // Should these creates run into the chaos, they are retried through the kills.
    // The flood falls due a third of the way into the chaos, created (retried through kills) before.
    const floodAt = chaosStart + (chaosEnd - chaosStart) / 3;
    const flood = pressure
      ? createAll(url, planFlood(o.flood!, { at: floodAt, channel: CHANNEL, label: `s${o.seed}` }), { lanes: LANES, deadline: floodAt, token: TOKENS.flood })
      : Promise.resolve({ ids: [] as string[], refused: [] as string[], retries: 0, deduplicated: 0 });
    const once = createAll(url, planOnce(o.once, { ...plan, from: chaosStart, to: chaosEnd }), { lanes: LANES, deadline: chaosEnd, ...steadyToken }).then(
      (made) => {
        say(`created ${recurring.ids.length + made.ids.length} tasks in ${Date.now() - seedStart} ms`);
        return { ...made, ms: Date.now() - seedStart };
      },
    );
    say(`created ${recurring.ids.length} recurring tasks; chaos from ${new Date(chaosStart).toISOString()}`);
    await sleep(chaosStart - Date.now());
    const live = createLive(url, o, seededRandom(o.seed + 1), chaosStart, chaosEnd);
    // Awaited below, after the kills; a failure meanwhile must not be an unhandled rejection.
    for (const creating of [once, live, flood]) creating.catch(() => {});
    await Promise.all(backend.killed.map((role, i) => killAtRandom(fleet, role, o, seededRandom(o.seed + 2 + i), chaosEnd, say)));
    const cutoff = Math.max(chaosEnd, Date.now());
    const [seededOnce, liveDone, flooded] = await Promise.all([once, live, flood]);
    if (pressure) say(`flood: ${flooded.ids.length} one-shots of owner ${OWNERS.flood} due at ${new Date(floodAt).toISOString()}`);
    const seeded = {
      ids: [...recurring.ids, ...seededOnce.ids, ...flooded.ids],
      refused: [...recurring.refused, ...seededOnce.refused, ...flooded.refused],
      retries: recurring.retries + seededOnce.retries + flooded.retries,
      deduplicated: recurring.deduplicated + seededOnce.deduplicated + flooded.deduplicated,
    };
    const seedMs = seededOnce.ms;

    const reader = backend.reader();
    let unsettled = await reader.unfinished(cutoff);
    const settleBy = Date.now() + o.settleMaxMs;
    while (unsettled > 0 && Date.now() < settleBy) {
      await sleep(2_000);
      unsettled = await reader.unfinished(cutoff);
    }
    const settled = Date.now();
    say(`chaos over; ${unsettled} runs due by its end still unfinished after ${settled - cutoff} ms`);
    const stops = await fleet.stopAll(30_000);
    const stopped = Date.now();

    const acknowledged = [...seeded.ids, ...liveDone.ids];
    writeFileSync(join(o.dir, ACKNOWLEDGED_FILE), `${acknowledged.join("\n")}\n`);
    const deliveries = [...sink.deliveries];
    const measures = await observe(reader, { deliveries, kills: fleet.kills, acknowledged, cutoff, ...(pressure && { flood: flooded.ids }) });
    await reader.close();
    const kills: Record<string, number> = {};
    for (const k of fleet.kills) kills[k.role] = (kills[k.role] ?? 0) + 1;
    const { progress: _progress, ...options } = o;
    const report: ChaosReport = {
      options,
      phases: { seedStart, chaosStart, chaosEnd: cutoff, settled, stopped },
      seeding: {
        created: seeded.ids.length,
        refused: [...seeded.refused, ...liveDone.refused],
        retries: seeded.retries,
        deduplicated: seeded.deduplicated,
        ms: seedMs,
        live: { created: liveDone.ids.length, retries: liveDone.retries },
      },
      unsettled,
      processes: { kills, killLog: fleet.kills, restartMs: stats(fleet.restarts.map((r) => r.ms)), crashes: fleet.crashes.length, stops },
      webhook: { deliveries: deliveries.length, refused: sink.refused, cut: sink.cut },
      load: loadSummary(loads),
      measures,
    };
    writeFileSync(join(o.dir, "report.json"), `${JSON.stringify(report, null, 2)}\n`);
    return report;
  } finally {
    clearInterval(sampler);
    fleet.killAll();
    await sink.close();
    await backend.close();
  }
}
