import { spawnSync } from "node:child_process";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { connect as netConnect } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import { readDiscovery, writeDiscovery } from "../../src/service/discovery.js";
import { isAlive, servicePaths } from "../../src/service/paths.js";
import { openRelay } from "../../src/service/relay-client.js";
import { waitFor } from "../support/processes/children.js";
import { type BridgeClient, BUILD_TIMEOUT_MS, CLI, connectBridge, ensureBuilt, newDataDir, servicePid, stopService } from "../support/service.js";
import { ok, rawPost } from "./support.js";

const { version: VERSION } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
const HOUR = 3_600_000;
const dirs: string[] = [];
const bridges: BridgeClient[] = [];

const fresh = (engine: Record<string, unknown> = {}) => {
  const d = newDataDir(engine);
  dirs.push(d.dir);
  return d;
};
const bridge = async (env: Record<string, string>) => {
  const b = await connectBridge(env);
  bridges.push(b);
  return b;
};
/** Bytes received and not yet read on the Unix domain sockets this machine holds at `path` (Linux: `ss -x`). */
function unreadBytesAt(path: string): number {
  const rows = spawnSync("ss", ["-xn"], { encoding: "utf8" }).stdout.trim().split("\n").slice(1);
  let total = 0;
  for (const row of rows) {
    const [, , recvQ, , local] = row.trim().split(/\s+/);
    if (local === path) total += Number(recvQ);
  }
  return total;
}

beforeAll(() => ensureBuilt(), BUILD_TIMEOUT_MS);
afterAll(async () => {
  await Promise.all(bridges.map((b) => b.client.close().catch(() => undefined)));
  await Promise.all(dirs.map((d) => stopService(d)));
}, 60_000);

describe("`duely serve` is a bridge to one local service per data dir", () => {
  test("a task created through the bridge runs in the service after the client has closed, and a new bridge sees its result", async () => {
    const { dir, env } = fresh();
    const a = await connectBridge(env);
    const at = Date.now() + 8_000;
    const created = await ok(a.client, "task_create_v1", {
      title: "Kettle",
      action: { type: "notify", message: "The kettle is on" },
      schedule: { type: "once", at: new Date(at).toISOString() },
    });
    const id = (created.task as { id: string }).id;
    const pid = servicePid(dir)!;
    await a.client.close(); // the chat app quits
    // Read straight from the service's file, with no client open: the run happens in the service alone.
    const store = openSqliteStore({ path: join(dir, "duely.db") });
    try {
      await waitFor(async () => (await store.listJobRuns(id, { limit: 1 })).items[0]?.status === "succeeded", 30_000, "the run to succeed", 100);
    } finally {
      await store.close();
    }
    expect(isAlive(pid)).toBe(true);

    const reopenedAt = Date.now();
    const b = await bridge(env);
    const got = await ok(b.client, "task_get_v1", { task_id: id });
    const run = (got.runs as { status: string; result: string; finished_at: string }[])[0]!;
    expect(run).toMatchObject({ status: "succeeded", result: "The kettle is on" });
    expect(Date.parse(run.finished_at)).toBeLessThan(reopenedAt); // it ran while no client was open
    expect(servicePid(dir)).toBe(pid);
  }, 90_000);

  test("two bridges started at once share one service; another data dir has its own", async () => {
    const { dir, env } = fresh();
    const [a, b] = await Promise.all([bridge(env), bridge(env)]);
    await ok(a.client, "task_create_v1", { title: "A", action: { type: "notify", message: "a" }, when: "every day at 8am" });
    await ok(b.client, "task_create_v1", { title: "B", action: { type: "notify", message: "b" }, when: "every day at 9am" });
    for (const c of [a, b]) expect(((await ok(c.client, "task_list_v1", {})).tasks as unknown[]).length).toBe(2);
    const log = readFileSync(servicePaths(dir).log, "utf8");
    expect(log.match(/"duely service running"/g)).toHaveLength(1);
    const discovery = readDiscovery(servicePaths(dir))!;
    expect(readFileSync(servicePaths(dir).lock, "utf8").trim()).toBe(String(discovery.pid));

    // Another data dir is another duely: its own service, its own tasks.
    const other = fresh();
    const c = await bridge(other.env);
    expect((await ok(c.client, "task_list_v1", {})).tasks).toEqual([]);
    expect(servicePid(other.dir)).not.toBe(discovery.pid);
  }, 120_000);

  test("a service killed while answering gives the pending request a clear error, and the next request starts it again", async () => {
    const { dir, env } = fresh();
    const a = await bridge(env);
    await ok(a.client, "task_list_v1", {});
    const pid = servicePid(dir)!;
    process.kill(pid, "SIGSTOP"); // frozen: the next request waits for an answer
    const pending = a.client.callTool({ name: "task_list_v1", arguments: {} });
    // Killed only once the request sits unread in the frozen service's socket: killed earlier, the
    // bridge would see it dead before sending and start a new service that answers.
    const relay = readDiscovery(servicePaths(dir))!.relay!;
    await waitFor(() => unreadBytesAt(relay) > 0, 15_000, "the request to reach the frozen service");
    process.kill(pid, "SIGKILL");
    await expect(pending).rejects.toThrow(/background service stopped.*Your next request starts it again/);

    await ok(a.client, "task_list_v1", {});
    const restarted = servicePid(dir)!;
    expect(restarted).not.toBe(pid);
    expect(isAlive(restarted)).toBe(true);
  }, 90_000);

  test("a 2026-07-28 (modern era) client works through the bridge too", async () => {
    const { env } = fresh();
    const a = await connectBridge(env, { era: "modern" });
    bridges.push(a);
    await ok(a.client, "task_create_v1", { title: "Modern", action: { type: "notify", message: "m" }, when: "every day at 8am" });
    expect(((await ok(a.client, "task_list_v1", {})).tasks as unknown[]).length).toBe(1);
  }, 90_000);

  test("a service of another version is named, with both versions and the fix, not a silent protocol error", async () => {
    const { dir, env } = fresh();
    await bridge(env); // starts the service
    const paths = servicePaths(dir);
    writeDiscovery(paths, { ...readDiscovery(paths)!, version: "0.0.1" });
    const refused = connectBridge(env);
    await expect(refused).rejects.toThrow(new RegExp(`version 0\\.0\\.1, but this duely is version ${VERSION.replace(/\./g, "\\.")}`));
    await expect(refused).rejects.toThrow(/Run `duely service stop --data-dir .*`.*your next request then starts version/);
  }, 90_000);

  test("the service keeps its secret in a 0600 file and refuses requests without it, or from a foreign Host or Origin", async () => {
    const { dir, env } = fresh();
    await bridge(env);
    const paths = servicePaths(dir);
    expect(statSync(paths.secret).mode & 0o777).toBe(0o600);
    const secret = readFileSync(paths.secret, "utf8").trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const { url } = readDiscovery(paths)!;
    const bearer = { authorization: `Bearer ${secret}` };
    expect((await rawPost(url, bearer)).status).toBe(200);
    expect((await rawPost(url, {})).status).toBe(401);
    expect((await rawPost(url, { authorization: `Bearer ${"0".repeat(64)}` })).status).toBe(401);
    expect((await rawPost(url, { ...bearer, host: "evil.example" })).status).toBe(403);
    expect((await rawPost(url, { ...bearer, origin: "http://evil.example" })).status).toBe(403);
  }, 90_000);

  test("the relay socket is its owner's alone, and a connection with a wrong secret is closed at once, unanswered", async () => {
    const { dir, env } = fresh();
    await bridge(env);
    const paths = servicePaths(dir);
    const relay = readDiscovery(paths)!.relay!;
    expect(relay).toBe(join(dir, "service.sock"));
    const socketStat = statSync(relay);
    expect(socketStat.isSocket()).toBe(true);
    expect(socketStat.mode & 0o777).toBe(0o600);

    const refusedAt = Date.now();
    const wrong = await new Promise<{ received: string; closed: boolean }>((resolve, reject) => {
      const socket = netConnect(relay);
      let received = "";
      socket.on("data", (d) => (received += d.toString()));
      socket.on("error", reject);
      socket.on("close", () => resolve({ received, closed: true }));
      socket.write(`${"0".repeat(64)}\n${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" })}\n`);
    });
    expect(wrong).toEqual({ received: "", closed: true });
    expect(Date.now() - refusedAt).toBeLessThan(4_000); // at once, not at the 5 s handshake timeout
    await expect(openRelay(relay, "f".repeat(64))).rejects.toThrow(/closed the connection before answering/);

    const secret = readFileSync(paths.secret, "utf8").trim();
    const right = await openRelay(relay, secret);
    expect(right.version).toBe(VERSION);
    right.socket.destroy();
    expect(readFileSync(paths.log, "utf8")).toMatch(/"reason":"wrong secret","message":"refused a connection on the relay socket"/);
  }, 90_000);

  test("a second `duely service run` for the same data dir says which pid runs and starts nothing", async () => {
    const { dir, env } = fresh();
    await bridge(env);
    const pid = servicePid(dir)!;
    const second = spawnSync(process.execPath, [CLI, "service", "run"], { env: { ...process.env, ...env }, encoding: "utf8", timeout: 30_000 });
    expect(second.status).toBe(0);
    expect(second.stderr).toContain(`duely service is already running for ${dir} (pid ${pid})`);
    expect(servicePid(dir)).toBe(pid);
  }, 90_000);
});

describe("a real service process whose clock jumps, as after sleep", () => {
  test("notices the jump and runs the missed occurrence once, late, without waiting for the next sweep", async () => {
    const { dir, env } = fresh();
    const clockFile = join(dir, "clock-offset");
    writeFileSync(clockFile, "0");
    const a = await bridge({ ...env, DUELY_TEST_CLOCK_FILE: clockFile });
    // A daily task two hours ahead; then the clock jumps to three hours after it: beyond the
    // watcher's look-back, so only a sweep finds it, and the next regular sweep is 5 min away.
    const fire = Math.ceil((Date.now() + 2 * HOUR) / 60_000) * 60_000;
    const time = new Date(fire);
    const created = await ok(a.client, "task_create_v1", {
      title: "Morning digest",
      action: { type: "notify", message: "digest" },
      schedule: { type: "cron", cron: `${time.getUTCMinutes()} ${time.getUTCHours()} * * *`, timezone: "UTC" },
    });
    const id = (created.task as { id: string }).id;
    writeFileSync(clockFile, String(fire + 3 * HOUR - Date.now()));

    let runs: { status: string; scheduled_for: { utc: string } }[] = [];
    await waitFor(
      async () => {
        runs = (await ok(a.client, "task_get_v1", { task_id: id })).runs as typeof runs;
        return runs.some((r) => r.status === "succeeded");
      },
      20_000,
      "the missed occurrence to run",
      250,
    );
    const ran = runs.filter((r) => r.status === "succeeded");
    expect(ran.map((r) => Date.parse(r.scheduled_for.utc))).toEqual([fire]);
    expect(readFileSync(servicePaths(dir).log, "utf8")).toMatch(/"woke after \d+ h/);
  }, 90_000);
});
