// One owner floods, another owner goes about their day: what does the second one notice?
//   npx tsx bench/pressure.ts [--flood 250] [--run-now 400] [--others 20] [--cli dist|src]
// A real `duely serve --http` on a fresh SQLite file, two owners with static bearer tokens, a
// signed webhook on loopback counting deliveries. Alice creates `--flood` one-shots due in the
// same second (default execution rate: 200 at once, 120 a minute) and calls task_run_now_v1
// `--run-now` times as fast as it answers; Bob's `--others` one-shots are due in that same second,
// and Bob lists his tasks every 200 ms throughout. Printed: Bob's start lateness and list
// latency (p50/p99/max), every delivery counted once, run events and the file's size, the load.
import { spawn } from "node:child_process";
import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import Database from "better-sqlite3";
import { freePort } from "../test/support/aws/dynamodb-local.js";
import { startWebhookSink } from "../test/support/chaos/webhook-sink.js";
import { waitFor } from "../test/support/processes/children.js";

const { values } = parseArgs({
  options: {
    flood: { type: "string", default: "250" },
    "run-now": { type: "string", default: "400" },
    others: { type: "string", default: "20" },
    cli: { type: "string", default: "dist" },
  },
});
const FLOOD = Number(values.flood);
const RUN_NOW = Number(values["run-now"]);
const OTHERS = Number(values.others);

const root = resolve(import.meta.dirname, "..");
const command =
  values.cli === "src" ? [process.execPath, "--import", "tsx", join(root, "src/cli/main.ts")] : [process.execPath, join(root, "dist/cli/main.js")];
const dir = mkdtempSync(join(tmpdir(), "duely-pressure-"));
const secret = "pressure-webhook-secret";
const sink = await startWebhookSink({ secret, logFile: join(dir, "webhook.jsonl") });
const port = await freePort();
const tokens = { alice: "alice-token-0123456789", bob: "bob-token-0123456789ab" };
const db = join(dir, "duely.db");
writeFileSync(
  join(dir, "duely.json"),
  JSON.stringify({
    store: { kind: "sqlite", path: db },
    auth: { kind: "tokens" },
    http: { tokens_env: "PRESSURE_TOKENS" },
    timezone: "UTC",
    limits: { creates: { burst: 100_000, per_minute: 100_000 }, run_now: { burst: 100_000, per_minute: 100_000 } },
    engine: { max_active_jobs_per_owner: 100_000 },
    actions: { channels: { hook: { type: "webhook", url: sink.url, secret_env: "PRESSURE_SECRET" } }, http: { allow_hosts: [sink.hostPort] } },
    owners: { alice: { shared_channels: ["hook"] }, bob: { shared_channels: ["hook"] } },
  }),
);
const server = spawn(command[0]!, [...command.slice(1), "serve", "--http", "--port", String(port), "--config", join(dir, "duely.json")], {
  env: { ...process.env, PRESSURE_TOKENS: `${tokens.alice}=alice,${tokens.bob}=bob`, PRESSURE_SECRET: secret, DUELY_LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});
const url = new URL(`http://127.0.0.1:${port}/mcp`);

async function client(token: string): Promise<Client> {
  const c = new Client({ name: "pressure", version: "1" });
  await c.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return c;
}
const call = async (c: Client, name: string, args: Record<string, unknown>) => {
  const r = await c.callTool({ name, arguments: args });
  const out = r.structuredContent as { ok: boolean; task?: { id: string }; error?: { code: string; message: string } };
  if (!out.ok && name === "task_create_v1") throw new Error(`${name} refused: ${out.error?.message}`);
  return out;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

try {
  await waitFor(
    async () => {
      try {
        await (await client(tokens.bob)).close();
        return true;
      } catch {
        return false;
      }
    },
    30_000,
    "the server to answer",
  );
  const alice = await client(tokens.alice);
  const bob = await client(tokens.bob);
  // Far enough ahead for every create to land first, on a loaded machine too.
  const due = Math.ceil((Date.now() + 30_000 + 200 * (FLOOD + OTHERS)) / 1000) * 1000;
  const once = (who: string, i: number) => ({
    title: `${who} ${i}`,
    action: { type: "notify", message: `${who} ${i}`, channels: ["hook"] },
    schedule: { type: "once", at: new Date(due).toISOString() },
  });
  for (let i = 0; i < FLOOD; i++) await call(alice, "task_create_v1", once("alice", i));
  const bobIds: string[] = [];
  for (let i = 0; i < OTHERS; i++) bobIds.push((await call(bob, "task_create_v1", once("bob", i))).task!.id);
  const daily = (
    await call(alice, "task_create_v1", {
      title: "alice daily",
      action: { type: "notify", message: "d", channels: ["hook"] },
      schedule: { type: "cron", cron: "0 8 * * *" },
    })
  ).task!.id;
  process.stderr.write(`created; due at ${new Date(due).toISOString()}\n`);
  await new Promise((r) => setTimeout(r, due - Date.now()));

  const loads: number[] = [];
  const listMs: number[] = [];
  let flooding = true;
  const lister = (async () => {
    while (flooding) {
      const t = performance.now();
      await call(bob, "task_list_v1", {});
      listMs.push(performance.now() - t);
      loads.push(loadavg()[0]!);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  let refused = 0;
  for (let i = 0; i < RUN_NOW; i++) if (!(await call(alice, "task_run_now_v1", { task_id: daily })).ok) refused++;
  const expected = FLOOD + OTHERS + RUN_NOW - refused;
  const settleBy = Date.now() + 10 * 60_000;
  while (sink.deliveries.length < expected && Date.now() < settleBy) await new Promise((r) => setTimeout(r, 500));
  flooding = false;
  await lister;
  await Promise.all([alice.close(), bob.close()]);

  const keys = sink.deliveries.map((d) => d.key);
  const bobKeys = new Set(bobIds.map((id) => `${id}:${new Date(due).toISOString()}`));
  const bobLate = sink.deliveries.filter((d) => bobKeys.has(d.key)).map((d) => d.at - due);
  const reader = new Database(db, { readonly: true });
  const events = (reader.prepare("SELECT count(*) AS n FROM run_events").get() as { n: number }).n;
  const held = (reader.prepare("SELECT count(*) AS n FROM run_events WHERE detail LIKE 'held back%'").get() as { n: number }).n;
  const reaped = (reader.prepare("SELECT count(*) AS n FROM run_events WHERE detail LIKE 'interrupted%' OR detail LIKE 'fenced%'").get() as { n: number }).n;
  reader.close();
  const out = {
    flood: FLOOD,
    run_now: { calls: RUN_NOW, refused },
    // Every one-shot was due at `due`: none may start before it.
    deliveries: { expected, got: keys.length, distinct: new Set(keys).size, before_due: sink.deliveries.filter((d) => d.at < due).length },
    bob: {
      delivered: bobLate.length,
      start_lateness_ms: { p50: pct(bobLate, 50), p99: pct(bobLate, 99), max: Math.max(...bobLate) },
      task_list_ms: { calls: listMs.length, p50: Math.round(pct(listMs, 50)), p99: Math.round(pct(listMs, 99)), max: Math.round(Math.max(...listMs)) },
    },
    run_events: events,
    held_back_events: held,
    reaped_or_fenced_events: reaped,
    db_mb: Number((statSync(db).size / 1e6).toFixed(1)),
    load_1m: { min: Math.min(...loads), max: Math.max(...loads) },
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
} finally {
  server.kill("SIGTERM");
  await sink.close();
}
