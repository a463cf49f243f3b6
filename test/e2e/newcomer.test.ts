import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isAlive } from "../../src/service/paths.js";
import { waitFor } from "../support/processes/children.js";
import { BUILD_TIMEOUT_MS, connectBridge, ensureBuilt, newDataDir, servicePid, stopService } from "../support/service.js";
import { ok } from "./support.js";

// The newcomer's desktop path, scripted end to end with real processes: the built CLI, a
// Claude-Desktop-like SDK client on the bridge's stdio, the client closing, the background
// service killed and started again by the next client, the machine "asleep" through a task's
// time (a jump of the service's wall clock, DUELY_TEST_CLOCK_FILE), and the catch-up after it.

const HOUR = 3_600_000;
let dir = "";
let env: Record<string, string> = {};
beforeAll(() => {
  ensureBuilt();
  ({ dir, env } = newDataDir());
}, BUILD_TIMEOUT_MS);
afterAll(() => stopService(dir), 60_000);

type Run = { status: string; scheduled_for: { utc: string }; late_by?: string; result?: string };

describe("the newcomer's desktop path", () => {
  test("create in chat, close, kill, restart, sleep through a run: each task runs as promised", async () => {
    const clockFile = join(dir, "clock-offset");
    writeFileSync(clockFile, "0");
    const withClock = { ...env, DUELY_TEST_CLOCK_FILE: clockFile };

    // 1. The chat app starts `duely serve`; the user asks for a reminder soon and a daily digest.
    const first = await connectBridge(withClock);
    const soon = Date.now() + 6_000;
    const reminder = await ok(first.client, "task_create_v1", {
      title: "Tea",
      action: { type: "notify", message: "The tea is ready" },
      schedule: { type: "once", at: new Date(soon).toISOString() },
    });
    const fire = Math.ceil((Date.now() + 2 * HOUR) / 60_000) * 60_000;
    const time = new Date(fire);
    const daily = await ok(first.client, "task_create_v1", {
      title: "Morning digest",
      action: { type: "notify", message: "digest" },
      schedule: { type: "cron", cron: `${time.getUTCMinutes()} ${time.getUTCHours()} * * *`, timezone: "UTC" },
    });
    const pid = servicePid(dir)!;

    // 2. The app quits; the reminder runs in the background service while no client is open.
    await first.client.close();
    await waitFor(() => Date.now() > soon + 4_000, 30_000, "the reminder's time to pass", 250);
    expect(isAlive(pid)).toBe(true);

    // 3. The service dies (kill -9); the next chat starts a new one, which has the reminder's result.
    process.kill(pid, "SIGKILL");
    await waitFor(() => !isAlive(pid), 10_000, "the service to die");
    const second = await connectBridge(withClock);
    const restarted = servicePid(dir)!;
    expect(restarted).not.toBe(pid);
    const tea = (await ok(second.client, "task_get_v1", { task_id: (reminder.task as { id: string }).id })).runs as Run[];
    expect(tea).toEqual([expect.objectContaining({ status: "succeeded", result: "The tea is ready" })]);

    // 4. The computer sleeps from before the digest's time to three hours after it.
    writeFileSync(clockFile, String(fire + 3 * HOUR - Date.now()));
    const dailyId = (daily.task as { id: string }).id;
    let runs: Run[] = [];
    await waitFor(
      async () => {
        runs = (await ok(second.client, "task_get_v1", { task_id: dailyId })).runs as Run[];
        return runs.some((r) => r.status === "succeeded");
      },
      30_000,
      "the missed digest to run",
      250,
    );

    // 5. Catch-up as promised (latest): the missed digest runs once, late, and says so; the next one waits for tomorrow.
    const ran = runs.filter((r) => r.status === "succeeded");
    expect(ran.map((r) => Date.parse(r.scheduled_for.utc))).toEqual([fire]);
    expect(ran[0]!.late_by).toMatch(/^3 h/);
    const pending = runs.filter((r) => r.status === "pending").map((r) => Date.parse(r.scheduled_for.utc));
    expect(pending).toEqual([fire + 24 * HOUR]);
    expect(servicePid(dir)).toBe(restarted);
    await second.client.close();
  }, 180_000);
});
