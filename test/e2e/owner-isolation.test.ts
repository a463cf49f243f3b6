import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { type CallToolResult, Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticTokenVerifier } from "../../src/adapters/auth/static-tokens.js";
import { localAuth } from "../../src/cli/service.js";
import { resolveConfig } from "../../src/config.js";
import { startBridge } from "../../src/mcp/bridge.js";
import { startHttpServer } from "../../src/mcp/http.js";
import { type RelayServerHandle, startRelayServer } from "../../src/mcp/relay-server.js";
import { latestRunUri } from "../../src/mcp/resources.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { startStdioServer } from "../../src/mcp/stdio.js";
import { TOOLS } from "../../src/mcp/tools/index.js";
import { silentLogger } from "../../src/ports/logger.js";
import { openRelay } from "../../src/service/relay-client.js";
import { apiOf, connect, openInMemory, TZ } from "./support.js";

/**
 * Owner isolation, table-driven: alice calls every tool, resource and subscription, over every
 * transport a client reaches us by, naming bob's tasks. Each refused call must answer byte for
 * byte as the same call naming a task that does not exist (so nothing tells her bob's task is
 * there), and bob's tasks, runs and histories, read straight from the store, must be unchanged.
 */

type Env = Awaited<ReturnType<typeof openInMemory>>;
/** A well-formed id no task has. */
const MISSING = "01JZZZZZZZZZZZZZZZZZZZZZZZ";
const SECRET = "local-secret-of-alice-0123456789";
let relayDir = "";
let relayAddress = "";
let relayServer: RelayServerHandle | undefined;
const TOKENS = { "bearer-alice-0123456789abcdef": "alice", "bearer-bob-0123456789abcdefgh": "bob" } as const;
const BOB_TOKEN = "bearer-bob-0123456789abcdefgh";

/** Which of bob's tasks a row names: the active one, or the paused one (for resume). */
type Target = "active" | "paused";

interface ToolRow {
  tool: string;
  /** The arguments, given the id of the task the call names. */
  args: (id: string) => Record<string, unknown>;
  /** Rows that name a task; the others must just never show bob's ids. */
  target?: Target;
}

/**
 * Every tool, in every form that names a task. Each would change or show bob's task were it
 * bob's call (the paused one for resume): only the owner check stands between.
 */
const TOOL_ROWS: ToolRow[] = [
  { tool: "task_get_v1", target: "active", args: (id) => ({ task_id: id, runs: 5 }) },
  { tool: "task_results_v1", target: "active", args: (id) => ({ task_id: id, since: "2026-03-01T00:00:00Z" }) },
  { tool: "task_update_v1", target: "active", args: (id) => ({ task_id: id, title: "Taken over" }) },
  { tool: "task_update_v1", target: "active", args: (id) => ({ task_id: id, when: "every day at 7am", dry_run: true }) },
  { tool: "task_update_v1", target: "paused", args: (id) => ({ task_id: id, expected_version: 1, clear_end: true }) },
  { tool: "task_run_now_v1", target: "active", args: (id) => ({ task_id: id }) },
  { tool: "task_run_now_v1", target: "paused", args: (id) => ({ task_id: id }) },
  { tool: "task_skip_v1", target: "active", args: (id) => ({ task_id: id }) },
  { tool: "task_skip_v1", target: "active", args: (id) => ({ task_id: id, at: "2026-03-04" }) },
  { tool: "task_skip_v1", target: "active", args: (id) => ({ task_id: id, undo: true }) },
  { tool: "task_pause_v1", target: "active", args: (id) => ({ task_id: id }) },
  { tool: "task_resume_v1", target: "paused", args: (id) => ({ task_id: id }) },
  { tool: "task_cancel_v1", target: "active", args: (id) => ({ task_id: id }) },
  { tool: "task_cancel_v1", target: "paused", args: (id) => ({ task_id: id }) },
  // No task id: the answer must not show bob's tasks, and the call must not touch them.
  { tool: "task_list_v1", args: () => ({ limit: 50 }) },
  { tool: "task_list_v1", args: () => ({ status: "paused" }) },
  { tool: "task_results_v1", args: () => ({ since: "2026-03-01T00:00:00Z" }) },
  // The very task bob has: alice's create must not find bob's as its twin (dedupe is per owner).
  { tool: "task_create_v1", args: () => ({ title: "Bob's digest", action: { type: "notify", message: "bob" }, when: "every day at 9am" }) },
  { tool: "task_create_v1", args: () => ({ owner: "bob", title: "Mine", action: { type: "notify", message: "x" }, when: "every day at 9am" }) },
  { tool: "schedule_preview_v1", args: () => ({ when: "every day at 9am" }) },
];

/** The answer with the named id written as `<id>`: what is left must not depend on whose the id was. */
const normalized = (answer: unknown, id: string) => JSON.stringify(answer).replaceAll(id, "<id>");

interface Bob {
  active: string;
  paused: string;
}

/** Everything the store holds of bob's tasks: jobs, runs, run events, task history, as stored. */
async function storedState(env: Env, bob: Bob): Promise<string> {
  const store = env.harness.store;
  const out: unknown[] = [];
  for (const id of [bob.active, bob.paused]) {
    const runs = (await store.listJobRuns(id, { limit: 1_000 })).items;
    const events = await Promise.all(runs.map((r) => store.listEvents({ job_id: r.job_id, scheduled_at: r.scheduled_at })));
    out.push({ job: await store.getJob(id), runs, events, history: await store.listJobEvents(id, { limit: 1_000 }) });
  }
  return JSON.stringify(out);
}

/** What a tool call answered, whole: content, structured content, isError. */
async function answerOf(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** What a request answered, or the error it was refused with (code and message). */
async function outcome<T>(request: () => Promise<T>): Promise<unknown> {
  try {
    return { answer: await request() };
  } catch (e) {
    const err = e as { code?: unknown; message?: unknown; data?: unknown };
    return { error: { code: err.code, message: err.message, data: err.data } };
  }
}

interface Transport {
  name: string;
  /** A client acting as alice. */
  open(): Promise<Client>;
}

let env: Env;
let bob: Bob;
let alicesTask: string;
let bearerServer: Awaited<ReturnType<typeof startHttpServer>>;
let localServer: Awaited<ReturnType<typeof startHttpServer>>;
const closers: (() => Promise<unknown>)[] = [];

async function httpClient(url: string, token: string): Promise<Client> {
  const client = new Client({ name: "isolation-http", version: "0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  closers.push(() => client.close());
  return client;
}

/** A dashboard session's token, as the page gets it: a ticket for the service's secret, traded from the page's origin. */
async function dashboardToken(): Promise<string> {
  const ticket = await fetch(`${localServer.origin}/dashboard/ticket`, { method: "POST", headers: { authorization: `Bearer ${SECRET}` } });
  expect(ticket.status).toBe(200);
  const session = await fetch(`${localServer.origin}/dashboard/session`, {
    method: "POST",
    headers: { origin: localServer.origin, "content-type": "application/json" },
    body: JSON.stringify({ ticket: ((await ticket.json()) as { ticket: string }).ticket }),
  });
  expect(session.status).toBe(200);
  return ((await session.json()) as { token: string }).token;
}

const TRANSPORTS: Transport[] = [
  {
    name: "stdio (one server instance for the session)",
    async open() {
      const client = await connect(createMcpServer({ api: apiOf(env.harness.engine), owner: "alice", timezone: TZ, session: "legacy" }));
      closers.push(() => client.close());
      return client;
    },
  },
  {
    name: "the stdio bridge to the local service",
    async open() {
      // The bridge's stdio as two pipes; the client reads and writes newline-delimited JSON on them as over a child's stdio.
      const toBridge = new PassThrough();
      const fromBridge = new PassThrough();
      const bridge = startBridge({
        input: toBridge,
        output: fromBridge,
        log: silentLogger,
        connect: async () => ({ stream: (await openRelay(relayAddress, SECRET)).socket, label: "test service" }),
      });
      const client = new Client({ name: "isolation-bridge", version: "0" });
      await client.connect(new StdioServerTransport(fromBridge, toBridge));
      closers.push(async () => {
        await client.close();
        toBridge.end();
        await bridge.close();
      });
      return client;
    },
  },
  { name: "HTTP with a bearer token", open: () => httpClient(bearerServer.url, "bearer-alice-0123456789abcdef") },
  { name: "HTTP with a dashboard session", open: async () => httpClient(localServer.url, await dashboardToken()) },
];

beforeAll(async () => {
  env = await openInMemory();
  const jobs = env.harness.engine.jobs;
  const daily = { kind: "cron" as const, expr: "0 9 * * *", timezone: TZ };
  const active = (await jobs.create("bob", { title: "Bob's digest", action: { type: "notify", message: "bob" }, schedule: daily })).job.id;
  const paused = (await jobs.create("bob", { title: "Bob's reminder", action: { type: "notify", message: "bob later" }, schedule: daily })).job.id;
  alicesTask = (await jobs.create("alice", { title: "Alice's own", action: { type: "notify", message: "alice" }, schedule: daily })).job.id;
  // A finished run and a skipped occurrence, so results, resources and undo have something of bob's to show.
  await jobs.runNow("bob", active);
  await env.harness.runFor(2_000);
  await jobs.skip("bob", active, { within: { from: Date.parse("2026-03-05T00:00:00Z"), to: Date.parse("2026-03-05T23:59:59Z") } });
  await jobs.pause("bob", paused);
  bob = { active, paused };
  expect((await env.harness.store.listJobRuns(active, { limit: 10 })).items.some((r) => r.status === "succeeded")).toBe(true);

  bearerServer = await startHttpServer({
    api: apiOf(env.harness.engine),
    timezone: TZ,
    auth: { kind: "bearer", verifier: staticTokenVerifier(TOKENS), issuer: null },
    port: 0,
  });
  const config = resolveConfig({ owner: "alice", http: { tokens: { [BOB_TOKEN]: "bob" } } }, {});
  // Real time: the bearer gate checks a session's expiry against the wall clock.
  localServer = await startHttpServer({ api: apiOf(env.harness.engine), timezone: TZ, auth: localAuth(SECRET, config, Date.now), port: 0 });
  // The local service's relay socket, wired as `duely service run` wires it: a session of the configured owner.
  relayDir = mkdtempSync(join(tmpdir(), "duely-isolation-"));
  relayAddress = join(relayDir, "service.sock");
  relayServer = await startRelayServer({
    address: relayAddress,
    secret: SECRET,
    version: "0",
    log: silentLogger,
    session: async (socket) =>
      startStdioServer({ api: apiOf(env.harness.engine), owner: config.owner, timezone: TZ, streams: { input: socket, output: socket } }),
  });
}, 30_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  await bearerServer?.close();
  await localServer?.close();
  await relayServer?.close();
  rmSync(relayDir, { recursive: true, force: true });
  await env?.close();
});

it("has a row for every tool the server lists", () => {
  expect(new Set(TOOL_ROWS.map((r) => r.tool))).toEqual(new Set(TOOLS.map((t) => t.name)));
});

describe.each(TRANSPORTS)("over $name, alice naming bob's tasks", (transport) => {
  let alice: Client;
  beforeAll(async () => {
    alice = await transport.open();
  }, 30_000);

  it.each(TOOL_ROWS.map((row) => ({ ...row, label: `${row.tool} ${JSON.stringify(row.args("ID"))}` })))(
    "$label: refused exactly as for a missing task, bob's state unchanged",
    async (row) => {
      const before = await storedState(env, bob);
      if (row.target) {
        const id = bob[row.target];
        const refused = await answerOf(alice, row.tool, row.args(id));
        const missing = await answerOf(alice, row.tool, row.args(MISSING));
        expect(normalized(refused, id)).toBe(normalized(missing, MISSING));
        expect(missing.structuredContent).toMatchObject({ ok: false, error: { code: "not_found", field: "task_id" } });
      } else {
        const answer = JSON.stringify(await answerOf(alice, row.tool, row.args("")));
        expect(answer).not.toContain(bob.active);
        expect(answer).not.toContain(bob.paused);
      }
      expect(await storedState(env, bob)).toBe(before);
    },
  );

  it("resources/read of bob's task's latest run is refused as for a missing task; resources/list shows none of bob's", async () => {
    const before = await storedState(env, bob);
    for (const id of [bob.active, bob.paused]) {
      const refused = await outcome(() => alice.readResource({ uri: latestRunUri(id) }));
      const missing = await outcome(() => alice.readResource({ uri: latestRunUri(MISSING) }));
      expect(normalized(refused, id)).toBe(normalized(missing, MISSING));
      expect(missing).toHaveProperty("error");
    }
    const listed = JSON.stringify(await alice.listResources());
    expect(listed).not.toContain(bob.active);
    expect(listed).not.toContain(bob.paused);
    expect(await storedState(env, bob)).toBe(before);
  });

  it("resources/subscribe and unsubscribe to bob's task answer as for a missing task", async () => {
    const before = await storedState(env, bob);
    for (const method of ["subscribeResource", "unsubscribeResource"] as const) {
      const refused = await outcome(() => alice[method]({ uri: latestRunUri(bob.active) }));
      const missing = await outcome(() => alice[method]({ uri: latestRunUri(MISSING) }));
      expect(normalized(refused, bob.active)).toBe(normalized(missing, MISSING));
    }
    expect(await storedState(env, bob)).toBe(before);
  });
});

describe("subscriptions/listen over HTTP (a 2026-era client)", () => {
  it("keeps bob's task out of alice's listen exactly as a missing one", async () => {
    const before = await storedState(env, bob);
    const client = new Client({ name: "isolation-listen", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(bearerServer.url), { requestInit: { headers: { Authorization: "Bearer bearer-alice-0123456789abcdef" } } }),
    );
    const refused = await client.listen({ resourceSubscriptions: [latestRunUri(bob.active)] });
    const missing = await client.listen({ resourceSubscriptions: [latestRunUri(MISSING)] });
    expect(refused.honoredFilter).toEqual(missing.honoredFilter);
    expect(refused.honoredFilter.resourceSubscriptions ?? []).toEqual([]);
    // Alice's own task is kept: the listen does filter by owner, not drop everything.
    const own = await client.listen({ resourceSubscriptions: [latestRunUri(alicesTask), latestRunUri(bob.active)] });
    expect(own.honoredFilter).toEqual({ resourceSubscriptions: [latestRunUri(alicesTask)] });
    await own.close();
    await refused.close();
    await missing.close();
    await client.close();
    expect(await storedState(env, bob)).toBe(before);
  });
});

describe("the dashboard's endpoints", () => {
  it("give bob's token no dashboard ticket, answering as for an unknown token", async () => {
    const ask = async (token: string) => {
      const res = await fetch(`${localServer.origin}/dashboard/ticket`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, headers: res.headers.get("www-authenticate"), body: await res.text() };
    };
    // Bob's token works on /mcp of the same server: it is refused here because only the service's secret may ask.
    expect((await httpClient(localServer.url, BOB_TOKEN)).getServerVersion()?.name).toBe("duely");
    expect(await ask(BOB_TOKEN)).toEqual(await ask("no-such-token-0123456789abcdef"));
    expect((await ask(BOB_TOKEN)).status).toBe(401);
  });
});

describe("the task use cases (the layer every transport reaches)", () => {
  const calls: { name: string; target: Target; call: (owner: string, id: string) => Promise<unknown> }[] = [
    { name: "get", target: "active", call: (o, id) => env.harness.engine.jobs.get(o, id) },
    { name: "results", target: "active", call: (o, id) => env.harness.engine.jobs.results(o, { since: 0, taskId: id }) },
    { name: "update", target: "active", call: (o, id) => env.harness.engine.jobs.update(o, id, { title: "Taken over" }) },
    { name: "runNow", target: "active", call: (o, id) => env.harness.engine.jobs.runNow(o, id) },
    { name: "skip", target: "active", call: (o, id) => env.harness.engine.jobs.skip(o, id, {}) },
    { name: "skip undo", target: "active", call: (o, id) => env.harness.engine.jobs.skip(o, id, { undo: true }) },
    { name: "pause", target: "active", call: (o, id) => env.harness.engine.jobs.pause(o, id) },
    { name: "resume", target: "paused", call: (o, id) => env.harness.engine.jobs.resume(o, id) },
    { name: "cancel", target: "active", call: (o, id) => env.harness.engine.jobs.cancel(o, id) },
  ];
  it.each(calls)("$name of bob's task by alice fails exactly as for a missing task, bob's state unchanged", async ({ target, call }) => {
    const before = await storedState(env, bob);
    const id = bob[target];
    const refused = await outcome(() => call("alice", id));
    const missing = await outcome(() => call("alice", MISSING));
    expect(normalized(refused, id)).toBe(normalized(missing, MISSING));
    expect(missing).toMatchObject({ error: { code: "not_found" } });
    expect(await storedState(env, bob)).toBe(before);
  });
});
