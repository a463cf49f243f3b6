import { spawnSync } from "node:child_process";
import { getDefaultEnvironment } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BUILD_TIMEOUT_MS, CLI, connectBridge, ensureBuilt, newDataDir, servicePid, stopService } from "../support/service.js";
import { ok } from "./support.js";

// `duely tasks` for people, with a real data dir: first against the running service (a task made
// through a chat client's bridge), then against the data dir's file once the service is stopped.

let dir = "";
let env: Record<string, string> = {};
beforeAll(() => {
  ensureBuilt();
  ({ dir, env } = newDataDir());
}, BUILD_TIMEOUT_MS);
afterAll(() => stopService(dir), 60_000);

const cli = (...args: string[]) => {
  const r = spawnSync(process.execPath, [CLI, "tasks", ...args], { encoding: "utf8", timeout: 60_000, env: { ...getDefaultEnvironment(), ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe("duely tasks", () => {
  test("lists, shows, pauses, skips, runs now and cancels through the service's tools; works on the file when no service runs", async () => {
    const bridge = await connectBridge(env);
    const created = await ok(bridge.client, "task_create_v1", {
      title: "Water the plants",
      action: { type: "notify", message: "Water them" },
      when: "every day at 9am",
    });
    const id = (created.task as { id: string }).id;
    await bridge.client.close();

    const list = cli("list");
    expect(list.stderr).toBe("");
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^${id}  active    Water the plants\\n    At 09:00 \\(UTC\\); next \\d{4}-\\d\\d-\\d\\d 09:00:00`));
    expect(list.stdout).not.toContain("no service runs");

    const json = JSON.parse(cli("list", "--json").stdout) as { tasks: { id: string; status: string }[] };
    expect(json.tasks).toEqual([expect.objectContaining({ id, status: "active" })]);

    const runNow = cli("run-now", id);
    expect(runNow.code).toBe(0);
    let results = "";
    for (let i = 0; i < 40 && !results.includes("Water them"); i++) {
      await new Promise((r) => setTimeout(r, 500));
      results = cli("results", "--task", id).stdout;
    }
    expect(results).toMatch(new RegExp(`Water the plants \\(${id}\\)\n    Water them`));

    const paused = cli("pause", id, "--note", "on holiday");
    expect(paused.code).toBe(0);
    expect(paused.stdout).toContain(`Paused "Water the plants" (${id}): paused`);
    expect(cli("show", id).stdout).toContain("paused: on holiday");

    // The service stops: the same commands work on the data dir's file, and say that nothing runs.
    const stop = spawnSync(process.execPath, [CLI, "service", "stop"], { encoding: "utf8", timeout: 60_000, env: { ...getDefaultEnvironment(), ...env } });
    expect(stop.status).toBe(0);
    expect(servicePid(dir)).toBeNull();
    const resumed = cli("resume", id);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain(`Resumed "Water the plants" (${id}): active, next`);
    expect(resumed.stdout).toContain("no service runs for this data dir");
    const skipped = cli("skip", id);
    expect(skipped.code).toBe(0);
    expect(cli("show", id).stdout).toMatch(/skipping \d{4}-\d\d-\d\d 09:00/);
    const show = cli("show", id);
    expect(show.stdout).toMatch(/runs, newest first:\n[\s\S]*succeeded \(run now\)/);

    const cancelled = cli("cancel", id, "--json");
    expect(JSON.parse(cancelled.stdout)).toMatchObject({ task: { id, status: "cancelled" } });
    const unknown = cli("cancel", "no-such-task");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^not_found: /);
    expect(servicePid(dir)).toBeNull();
  }, 240_000);
});
