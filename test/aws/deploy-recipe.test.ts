import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DeleteTableCommand } from "@aws-sdk/client-dynamodb";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, describe, expect, it } from "vitest";
import { dynamoClient, dynamoDbEndpoint, uniquePrefix } from "../support/aws/clients.js";
import { freePort } from "../support/aws/dynamodb-local.js";
import { waitFor } from "../support/processes/children.js";

// deploy/README.md's local recipe, run as written: the block of duely commands line by line
// (background ones as processes, `> aws.json` as a file), fauxqs started by its own line, and
// only the ports (free ones) and the table prefix (this run's) replaced. DynamoDB Local is the
// test run's, started from the jar the recipe names.

const ROOT = join(import.meta.dirname, "../..");
const MAIN = join(ROOT, "src/cli/main.ts");
/** The CLI runs from the sources through tsx, resolved here: the commands run in a directory of their own. */
const DUELY = [process.execPath, "--import", import.meta.resolve("tsx"), MAIN];
const README = readFileSync(join(ROOT, "deploy/README.md"), "utf8");

/** The lines of the ```sh block that follows `marker` in the README, continuation lines joined. */
function shellBlock(marker: string): string[] {
  const from = README.indexOf(marker);
  expect(from, `deploy/README.md has no block after "${marker}"`).toBeGreaterThan(-1);
  const start = README.indexOf("```sh\n", from) + "```sh\n".length;
  const body = README.slice(start, README.indexOf("\n```", start));
  return body
    .replace(/\\\n\s*/g, "")
    .split("\n")
    .filter(Boolean);
}

/** The environment a newcomer's shell has: no test settings, no AWS credentials, the SDK's notice not silenced. */
const shellEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, DUELY_CONFIG: "", AWS_ACCESS_KEY_ID: "", AWS_PROFILE: "" };
  delete env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED;
  delete env.DUELY_LOG_LEVEL;
  return env;
};

interface Started {
  child: ChildProcess;
  args: string[];
  stderr: () => string;
  /** Its JSON log lines so far. */
  logs: () => Record<string, unknown>[];
}

const children: Started[] = [];
let dir = "";
let tables: string[] = [];
const ddb = dynamoClient();

afterAll(async () => {
  for (const c of children) {
    try {
      if (c.child.pid) process.kill(-c.child.pid, "SIGKILL");
    } catch {
      // The group is gone already.
    }
  }
  await Promise.all(tables.map((TableName) => ddb.send(new DeleteTableCommand({ TableName })).catch(() => {})));
  ddb.destroy();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function start(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = dir): Started {
  // A group of its own: `npx fauxqs` runs fauxqs as a grandchild, which killing npx alone leaves running.
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let err = "";
  child.stderr!.on("data", (d) => (err += d));
  child.stdout!.resume();
  const started: Started = {
    child,
    args,
    stderr: () => err,
    logs: () =>
      err
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
  children.push(started);
  return started;
}

/** Runs `duely <args>` to its end; the exit code is returned, not thrown. */
function duely(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(DUELY[0]!, [...DUELY.slice(1), ...args], { cwd: dir, env: shellEnv(), timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A process's start line: seconds on an idle machine, much longer on a loaded shared runner (every process loads its modules through tsx). */
async function logged(p: Started, message: RegExp, timeoutMs = 90_000): Promise<Record<string, unknown>> {
  await waitFor(() => p.logs().some((l) => message.test(String(l.message))), timeoutMs, `${p.args.join(" ")} to log ${message}: ${p.stderr()}`, 100);
  return p.logs().find((l) => message.test(String(l.message)))!;
}

async function scrape(url: string): Promise<string> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return res.text();
}

const sampleOf = (body: string, series: string) =>
  Number(
    body
      .split("\n")
      .find((l) => l.startsWith(`${series} `))
      ?.slice(series.length + 1) ?? Number.NaN,
  );

describe("deploy/README.md's local recipe, as written", () => {
  it("creates, serves, watches and works; status is healthy, then says the only watcher is gone and exits 1", async () => {
    dir = mkdtempSync(join(tmpdir(), "duely-recipe-"));
    const [javaLine, fauxqsLine] = shellBlock("emulators from the checkout");
    // The jar the recipe names is the one the test run's DynamoDB Local was started from.
    for (const path of javaLine!.match(/node_modules\/\S+/g)!) expect(existsSync(join(ROOT, path)), path).toBe(true);

    const ports = { "8000": new URL(dynamoDbEndpoint()).port, "4566": String(await freePort()) } as Record<string, string>;
    for (const p of ["8787", "9464", "9465"]) ports[p] = String(await freePort());
    const prefix = uniquePrefix("recipe");
    const rewrite = (line: string) => line.replace(/\b(8000|4566|8787|9464|9465)\b/g, (p) => ports[p]!).replace(/--prefix dev-/, `--prefix ${prefix}`);

    // FAUXQS_PORT=… FAUXQS_LOGGER=false npx fauxqs
    const words = rewrite(fauxqsLine!).split(" ");
    const vars = Object.fromEntries(words.filter((w) => /^[A-Z_]+=/.test(w)).map((w) => w.split("=") as [string, string]));
    const command = words.filter((w) => !/^[A-Z_]+=/.test(w));
    start(command[0]!, command.slice(1), { ...process.env, ...vars }, ROOT);
    await waitFor(
      () =>
        fetch(`http://127.0.0.1:${ports["4566"]}/health`).then(
          (r) => r.ok,
          () => false,
        ),
      30_000,
      "fauxqs to answer",
      100,
    );

    const byRole: Record<string, Started> = {};
    let statusOut: { code: number; stdout: string } | null = null;
    for (const line of shellBlock("runs the block below as written").map(rewrite)) {
      const [first, ...rest] = line.split(" ");
      expect(first).toBe("duely");
      const background = rest.at(-1) === "&";
      const args = background ? rest.slice(0, -1) : rest;
      const redirect = args.indexOf(">");
      if (background) {
        byRole[args[0]!] = start(DUELY[0]!, [...DUELY.slice(1), ...args], shellEnv());
      } else if (redirect >= 0) {
        const r = await duely(args.slice(0, redirect));
        expect(r.code, r.stderr).toBe(0);
        writeFileSync(join(dir, args[redirect + 1]!), r.stdout);
        // The SDK's eight-line notice is replaced by one line of ours, on Node 20 only.
        expect(r.stderr).not.toContain("NodeVersionSupportWarning");
        // fauxqs's queue URL names a host that does not resolve: printed as answered, and said to be a name.
        expect(JSON.parse(r.stdout).queue.queue_url).toMatch(/^http:\/\/sqs\.us-east-1\.localhost:\d+\/000000000000\//);
        expect(r.stderr).toMatch(/queue_url is the emulator's name for the queue, not an address/);
        const notices = r.stderr.split("\n").filter((l) => l.includes("plan a move to Node 22"));
        expect(notices).toHaveLength(Number(process.versions.node.split(".")[0]) < 22 ? 1 : 0);
      } else {
        // `duely status` comes last: once the roles have started, it must find them.
        await Promise.all(Object.entries(byRole).map(([role, p]) => logged(p, role === "serve" ? /^duely serving MCP/ : new RegExp(`^duely ${role} started`))));
        statusOut = await waitForStatus(args, 0);
      }
    }
    const config = JSON.parse(readFileSync(join(dir, "aws.json"), "utf8")) as { store: { tables: Record<string, string> } };
    tables = Object.values(config.store.tables);

    // Each says what it runs and what must run elsewhere; the API on DynamoDB runs the API only.
    const serveStart = await logged(byRole.serve!, /^duely serving MCP/);
    expect(serveStart).toMatchObject({ store: "dynamodb", queue: "sqs", runs_here: ["api"] });
    expect(serveStart.message).toMatch(/API only/);
    expect(serveStart.expected_elsewhere).toEqual([expect.stringMatching(/duely watcher/), expect.stringMatching(/duely worker/)]);
    expect(await logged(byRole.worker!, /^duely worker started/)).toMatchObject({ runs_here: ["worker"] });
    for (const p of Object.values(byRole)) expect(p.stderr()).not.toContain("NodeVersionSupportWarning");

    // A task fires: three immediate ones, through a real MCP client.
    const client = new Client({ name: "recipe", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${ports["8787"]}/mcp`)));
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await client.callTool({
        name: "task_create_v1",
        arguments: { title: `ping ${i}`, action: { type: "notify", message: "hi" }, schedule: { type: "immediate" } },
      });
      ids.push((r.structuredContent as { task: { id: string } }).task.id);
    }
    const statuses = async () =>
      Promise.all(
        ids.map(
          async (task_id) =>
            ((await client.callTool({ name: "task_get_v1", arguments: { task_id } })).structuredContent as { runs: { status: string }[] }).runs[0]?.status,
        ),
      );
    await waitFor(async () => (await statuses()).every((s) => s === "succeeded"), 30_000, "the three runs to succeed", 200);
    await client.close();

    expect(statusOut!.stdout).toMatch(/watchers\s+watcher-\S+ \(shards 0-15, lease renewed/);
    expect(statusOut!.stdout).toMatch(/workers\s+worker-\S+ \(heartbeat/);
    expect(statusOut!.stdout).toMatch(/attention\s+none/);

    // Metrics over HTTP: the worker wrote the three outcomes; the API reads the queue and the leases.
    const worker = await scrape(`http://127.0.0.1:${ports["9465"]}/metrics`);
    expect(sampleOf(worker, 'duely_runs_finished_total{status="succeeded",skip_reason=""}')).toBe(3);
    expect(sampleOf(worker, 'duely_action_duration_seconds_count{type="notify",outcome="ok"}')).toBe(3);
    expect(sampleOf(worker, "duely_run_start_lateness_seconds_count")).toBe(3);
    expect(sampleOf(worker, "duely_executions_in_flight")).toBe(0);
    const api = await scrape(`http://127.0.0.1:${ports["8787"]}/metrics`);
    expect(sampleOf(api, "duely_watchers_live")).toBe(1);
    expect(sampleOf(api, "duely_workers_live")).toBe(1);
    expect(sampleOf(api, "duely_dlq_depth")).toBe(0);
    expect(Number.isFinite(sampleOf(api, "duely_queue_depth"))).toBe(true);
    const ready = await fetch(`http://127.0.0.1:${ports["8787"]}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { ok: true, store: { ok: true }, queue: { ok: true, depth: expect.any(Number) } }]);

    // The only watcher dies: once its lease has run out, status says so and exits 1.
    byRole.watcher!.child.kill("SIGKILL");
    const after = await waitForStatus(["status", "--config", "aws.json"], 1);
    expect(after.stdout).toMatch(/watchers\s+NONE/);
    // The killed watcher is named first, then what its absence means.
    expect(after.stdout).toMatch(/stopped\s+watcher \S+ \(last seen [\d.]+ s ago, no graceful stop\)/);
    expect(after.stdout).toMatch(/ATTENTION\s+The watcher \S+ stopped renewing its lease[^\n]*\n\s+No watcher is running/);
  }, 240_000);
});

/** `duely status` again until it exits with `code` (a lease runs out, a process finishes starting). */
async function waitForStatus(args: string[], code: number): Promise<{ code: number; stdout: string }> {
  let last = { code: -1, stdout: "", stderr: "" };
  await waitFor(
    async () => {
      last = await duely(args);
      return last.code === code;
    },
    60_000,
    `duely ${args.join(" ")} to exit ${code}`,
    500,
  ).catch(() => {
    throw new Error(`duely ${args.join(" ")} kept exiting ${last.code}:\n${last.stdout}\n${last.stderr}`);
  });
  return last;
}
