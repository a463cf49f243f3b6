import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../src/app/engine.js";
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

  it("fails the run, permanently and saying what to install, when notify-send is missing", async () => {
    const { run } = await service("missing", { PATH: empty });
    const runs = await run("The tea is ready");
    expect(runs[0]).toMatchObject({
      status: "failed",
      error: {
        kind: "permanent",
        message:
          'delivery failed for "desktop" (desktop): desktop notifications need notify-send, which was not found on PATH: install libnotify (Debian/Ubuntu: apt install libnotify-bin; Fedora: dnf install libnotify)',
      },
    });
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
