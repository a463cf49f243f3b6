import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../src/app/engine/engine.js";
import { resolveConfig } from "../../src/config.js";
import { openEngine } from "../../src/main.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { silentLogger } from "../../src/ports/logger.js";
import { type FakeNotifier, fakeNotifySend } from "../actions/support/fake-notifier.js";
import { FakeClock } from "../support/fake-clock.js";
import { apiOf, connect, fails, ok } from "./support.js";

/**
 * The desktop channel as the local service wires it (openEngine with `desktop: true`): the
 * configured owner has it, it runs the real command notifier with the process's environment.
 */
describe("the desktop channel of the local service (Linux)", { timeout: 30_000 }, () => {
  let dir: string;
  let fake: FakeNotifier;
  let empty: string;
  const engines: Engine[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "duely-desktop-"));
    empty = mkdtempSync(join(tmpdir(), "duely-no-notifier-"));
    fake = fakeNotifySend();
  });
  afterAll(async () => {
    for (const e of engines) await e.stop();
    fake.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(empty, { recursive: true, force: true });
  });

  async function service(name: string, env: Record<string, string>) {
    const config = resolveConfig(
      { store: { kind: "sqlite", path: join(dir, `${name}.db`) }, owner: "me", actions: { feeds: { topics: {}, fallback: [] } } },
      {},
    );
    const clock = new FakeClock("2026-03-02T08:00:00Z");
    const engine = await openEngine(config, { roles: [], clock, log: silentLogger, env, desktop: true });
    engines.push(engine);
    const me = await connect(createMcpServer({ api: apiOf(engine), owner: "me", timezone: "UTC" }));
    const run = async (message: string) => {
      const created = await ok(me, "task_create_v1", {
        title: "Tea",
        action: { type: "notify", message, channels: ["desktop"] },
        schedule: { type: "immediate" },
      });
      clock.advance(1_000);
      await engine.step();
      return (await ok(me, "task_get_v1", { task_id: (created.task as { id: string }).id })).runs as { status: string; error?: { message: string } }[];
    };
    return { engine, me, run };
  }

  it("shows the task's title and the result's first lines through notify-send", async () => {
    const { run } = await service("shown", fake.env);
    const runs = await run("The tea is ready\nGreen, 3 minutes");
    expect(runs[0]).toMatchObject({ status: "succeeded" });
    expect(fake.calls()).toEqual([["--app-name=duely", "--", "Tea", "The tea is ready\nGreen, 3 minutes"]]);
  });

  it("refuses desktop at create and at change where notify-send is missing, saying what to install; writes nothing", async () => {
    const { me } = await service("missing", { PATH: empty });
    const desktopTask = { title: "Tea", action: { type: "notify", message: "tea", channels: ["desktop"] }, schedule: { type: "immediate" } };
    const e = await fails(me, "task_create_v1", desktopTask, "invalid_argument");
    expect(e).toMatchObject({
      field: "action.channels.0",
      message:
        'action.channels.0: the channel "desktop" cannot deliver on this machine: desktop notifications need notify-send, which was not found on PATH: install libnotify (Debian/Ubuntu: apt install libnotify-bin; Fedora: dnf install libnotify).',
      expected: "a channel that can deliver here: inbox",
    });
    expect(e.hint).toMatch(/^Install what it names, then restart the service/);
    expect((await ok(me, "task_list_v1", {})).tasks).toEqual([]);

    const kept = await ok(me, "task_create_v1", {
      ...desktopTask,
      action: { type: "notify", message: "tea" },
      schedule: { type: "once", at: "2026-03-03T08:00:00Z" },
    });
    const id = (kept.task as { id: string }).id;
    const change = await fails(me, "task_update_v1", { task_id: id, action: { type: "notify", message: "tea", channels: ["desktop"] } }, "invalid_argument");
    expect(change.field).toBe("action.channels.0");
    const after = (await ok(me, "task_get_v1", { task_id: id })).task as { action: { channels?: string[] }; version: number };
    expect(after.action.channels ?? []).toEqual([]);
    expect(after.version).toBe(1);
  });

  it("fails the run permanently when notify-send goes missing after create, and logs that its failure alert reached nobody", async () => {
    const gone = fakeNotifySend();
    const lines: { level: string; message: string; data?: Record<string, unknown> }[] = [];
    const config = resolveConfig({ store: { kind: "sqlite", path: join(dir, "gone.db") }, owner: "me", actions: { feeds: { topics: {}, fallback: [] } } }, {});
    const clock = new FakeClock("2026-03-02T08:00:00Z");
    const log = { log: (level: string, message: string, data?: Record<string, unknown>) => lines.push({ level, message, ...(data && { data }) }) };
    const engine = await openEngine(config, { roles: [], clock, log, env: gone.env, desktop: true });
    engines.push(engine);
    const me = await connect(createMcpServer({ api: apiOf(engine), owner: "me", timezone: "UTC" }));
    const created = await ok(me, "task_create_v1", {
      title: "Tea",
      action: { type: "notify", message: "tea", channels: ["desktop"] },
      schedule: { type: "immediate" },
      retry: { max_attempts: 1 },
    });
    gone.close();
    clock.advance(1_000);
    await engine.step();
    await engine.alerts?.drain();
    const runs = (await ok(me, "task_get_v1", { task_id: (created.task as { id: string }).id })).runs as {
      status: string;
      error?: { kind: string; message: string };
    }[];
    expect(runs[0]).toMatchObject({ status: "failed", error: { kind: "permanent" } });
    expect(runs[0]!.error!.message).toMatch(/desktop notifications need notify-send, which was not found on PATH/);
    expect(lines.some((l) => l.message === "failure alert sent")).toBe(false);
    const unheard = lines.find((l) => l.message.startsWith("failure alert reached nobody"));
    expect(unheard).toMatchObject({ level: "warn", message: "failure alert reached nobody: every channel failed", data: { delivered: [] } });
    expect(unheard!.data!.failed).toEqual([expect.stringMatching(/notify-send, which was not found on PATH/)]);
  });

  it("belongs to the service's owner only", async () => {
    const { engine } = await service("others", fake.env);
    const other = await connect(createMcpServer({ api: apiOf(engine), owner: "guest", timezone: "UTC" }));
    const e = await fails(
      other,
      "task_create_v1",
      { title: "x", action: { type: "notify", message: "x", channels: ["desktop"] }, schedule: { type: "immediate" } },
      "invalid_argument",
    );
    expect(e).toMatchObject({ field: "action.channels.0", expected: "one of inbox" });
  });
});
