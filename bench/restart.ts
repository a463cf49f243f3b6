// Where a restart's time goes on SQLite: `duely serve --http` is SIGKILLed while a run's action
// is in flight, and started again at once on the same file, as a supervisor would.
//   npx tsx bench/restart.ts [--rounds 5] [--cli dist/cli/main.js] [--cli /other/dist/cli/main.js]
// Each round, for each CLI (interleaved, so both see the same load): from the kill, when the new
// process reached its own code (a preload records it), when it logged that it recovered the
// previous process's runs, when it claimed the interrupted run again (the file's run events) and
// when it said it serves MCP (the ready line the chaos harness waits for). Prints medians and the
// 1-minute load average.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import Database from "better-sqlite3";
import { freePort } from "../test/support/aws/dynamodb-local.js";
import { waitFor } from "../test/support/processes/children.js";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "5" }, cli: { type: "string", multiple: true } } });
const root = resolve(import.meta.dirname, "..");
const clis = values.cli?.length ? values.cli.map((c) => resolve(c)) : [join(root, "dist/cli/main.js")];

/** Every POST's arrival; a run's first POST is never answered, so it is in flight at the kill. */
let posts: number[] = [];
const held: ServerResponse[] = [];
const hook = createServer((req, res) => {
  posts.push(Date.now());
  req.resume();
  req.on("end", () => (posts.length === 1 ? held.push(res) : res.writeHead(200).end()));
});
await new Promise<void>((r) => hook.listen(0, "127.0.0.1", r));
const hookPort = (hook.address() as AddressInfo).port;
const preload = join(mkdtempSync(join(tmpdir(), "duely-restart-preload-")), "mark.mjs");
// performance.timeOrigin is when the process started; the preload runs before the CLI's first import.
writeFileSync(preload, 'process.stderr.write(JSON.stringify({ bench: "preload", origin: performance.timeOrigin, at: Date.now() }) + "\\n");\n');

interface Served {
  child: ChildProcess;
  lines: () => Record<string, unknown>[];
}

async function serve(cli: string, dir: string, port: number): Promise<Served> {
  const child = spawn(
    process.execPath,
    ["--import", preload, cli, "serve", "--http", "--no-auth", "--port", String(port), "--config", join(dir, "duely.json")],
    {
      env: { ...process.env, DUELY_CONFIG: "", RESTART_BENCH_SECRET: "restart-bench-secret" },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let err = "";
  child.stderr!.on("data", (d) => (err += d));
  const lines = () =>
    err
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  await waitFor(() => lines().some((l) => String(l.message).startsWith("duely serving MCP")), 120_000, `the server to start: ${err}`, 20);
  return { child, lines };
}

const tOf = (lines: Record<string, unknown>[], prefix: string) => {
  const l = lines.find((x) => String(x.message).startsWith(prefix));
  return l ? Date.parse(String(l.t)) : Number.NaN;
};

async function round(cli: string): Promise<Record<string, number>> {
  posts = [];
  const dir = mkdtempSync(join(tmpdir(), "duely-restart-"));
  const db = join(dir, "duely.db");
  writeFileSync(
    join(dir, "duely.json"),
    JSON.stringify({
      store: { kind: "sqlite", path: db },
      owner: "ann",
      timezone: "UTC",
      actions: {
        channels: { hook: { type: "webhook", url: `http://127.0.0.1:${hookPort}/hook`, secret_env: "RESTART_BENCH_SECRET" } },
        http: { allow_hosts: [`127.0.0.1:${hookPort}`] },
      },
    }),
  );
  const port = await freePort();
  const first = await serve(cli, dir, port);
  const client = new Client({ name: "restart-bench", version: "0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
  const at = new Date(Math.ceil((Date.now() + 2_000) / 1000) * 1000).toISOString().replace(/\.\d+Z$/, "Z");
  await client.callTool({
    name: "task_create_v1",
    arguments: { title: "in flight", action: { type: "notify", message: "hi", channels: ["hook"] }, schedule: { type: "once", at } },
  });
  await waitFor(() => posts.length === 1, 30_000, "the first POST", 10);
  await client.close().catch(() => {});
  const killedAt = Date.now();
  first.child.kill("SIGKILL");
  await new Promise((r) => first.child.once("exit", r));
  const second = await serve(cli, dir, port);
  await waitFor(() => posts.length === 2, 60_000, "the restarted server's POST", 10);
  second.child.kill("SIGTERM");
  await new Promise((r) => second.child.once("exit", r));
  const lines = second.lines();
  const mark = lines.find((l) => l.bench === "preload")!;
  const file = new Database(db, { readonly: true });
  const claim = file.prepare("SELECT at FROM run_events WHERE to_status = 'running' AND attempt = 2 ORDER BY id LIMIT 1").get() as { at: number };
  file.close();
  return {
    "process started": Number(mark.origin) - killedAt,
    "its own code runs": Number(mark.at) - killedAt,
    recovered: tOf(lines, "recovered the runs") - killedAt,
    "run claimed again": claim.at - killedAt,
    "POST arrives": posts[1]! - killedAt,
    "serving MCP (ready)": tOf(lines, "duely serving MCP") - killedAt,
  };
}

const results = new Map<string, Record<string, number>[]>(clis.map((c) => [c, []]));
const loads: number[] = [];
for (let i = 0; i < Number(values.rounds); i++) {
  for (const cli of clis) {
    loads.push(loadavg()[0]!);
    results.get(cli)!.push(await round(cli));
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [cli, rounds] of results) {
  process.stdout.write(`${cli} (${rounds.length} rounds), ms after the SIGKILL, median [min–max]:\n`);
  for (const key of Object.keys(rounds[0]!)) {
    const xs = rounds.map((r) => r[key]!);
    process.stdout.write(
      `  ${key.padEnd(22)} ${String(Math.round(median(xs))).padStart(6)}  [${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))}]\n`,
    );
  }
}
process.stdout.write(`load average (1 min) during the rounds: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}\n`);
for (const res of held) res.destroy();
hook.close();
// Read so the version measured is on record.
process.stdout.write(`node ${process.version}; duely ${JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version}\n`);
