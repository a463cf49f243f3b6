import type { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { idempotencyKey } from "../../src/core/keys.js";
import type { Run, RunEvent } from "../../src/core/model.js";
import { logLines as lines, waitFor } from "./processes/children.js";

/**
 * One backend's scheduler processes for the crash suite. A node (test/support/processes/crash-node*.ts)
 * runs every role on the real clock; its action logs `start <key> <attempt> <pid>` and
 * `end …` lines to the scenario's log and takes ACTION_MS, or, given HOLD, waits until that
 * file exists. EXCLUSIVE=1 asks for the embedded scheduler where the backend has one (SQLite).
 */
export interface CrashBackend {
  /** Fresh storage, queue and folder for one scenario. */
  setUp(label: string): Promise<{ dir: string; log: string }>;
  startNode(env: Record<string, string>): Promise<ChildProcess>;
  /** Every run of the crash owner's tasks, read from the store. */
  allRuns(): Promise<Run[]>;
  listEvents(run: Run): Promise<RunEvent[]>;
  /** How much longer than on SQLite its waits may take (DynamoDB Local answers full reads slowly). */
  slowdown: number;
  /** How often a wait polls the store. */
  pollMs: number;
}

/** The crash scenarios, written once; each backend's test file runs them with its own nodes. */
export function crashScenarios(backend: CrashBackend): void {
  const wait = (check: () => boolean | Promise<boolean>, ms: number, what: string) => waitFor(check, ms * backend.slowdown, what, backend.pollMs);
  const startsOf = (log: string, pid: number | undefined, attempt?: number) =>
    lines(log).filter((l) => l.startsWith("start") && l.endsWith(` ${pid}`) && (attempt === undefined || l.split(" ")[2] === String(attempt)));

  it(
    "after SIGKILL mid-run and a restart, every due run completes at least once, no run key is duplicated, and no run is charged more executions than it started",
    async () => {
      const { log } = await backend.setUp("kill");
      // Embedded (SQLite): the file's lock is held by the first node, and dropped by the OS when it is killed.
      const a = await backend.startNode({ CREATE: "30", ACTION_MS: "800", EXCLUSIVE: "1" });
      await wait(() => lines(log).filter((l) => l.startsWith("start")).length >= 5, 15_000, "runs to start");
      a.kill("SIGKILL");
      await new Promise((r) => a.once("exit", r));
      const interrupted = lines(log).filter((l) => l.startsWith("start")).length - lines(log).filter((l) => l.startsWith("end")).length;
      expect(interrupted).toBeGreaterThan(0); // the kill really landed mid-run

      await backend.startNode({ ACTION_MS: "50", EXCLUSIVE: "1" });
      await wait(async () => (await backend.allRuns()).filter((r) => r.status === "succeeded").length === 30, 30_000, "all 30 runs to succeed");

      const runs = await backend.allRuns();
      expect(runs).toHaveLength(30);
      expect(new Set(runs.map((r) => `${r.job_id}@${r.scheduled_at}`)).size).toBe(30);
      const ended = new Set(
        lines(log)
          .filter((l) => l.startsWith("end"))
          .map((l) => l.split(" ")[1]),
      );
      expect(ended.size).toBe(30);
      expect(runs.some((r) => r.attempt >= 2)).toBe(true); // the interrupted ones were re-run
      // A run is charged only for starts of its action: never more executions than starts logged.
      const starts = lines(log).filter((l) => l.startsWith("start"));
      for (const r of runs) expect(r.executions).toBeLessThanOrEqual(starts.filter((l) => l.includes(` ${idempotencyKey(r)} `)).length);
    },
    90_000 * backend.slowdown,
  );

  it(
    "rejects the late writes of a frozen worker whose leases were taken over",
    async () => {
      const { log } = await backend.setUp("zombie");
      const a = await backend.startNode({ CREATE: "6", ACTION_MS: "2500" });
      await wait(() => startsOf(log, a.pid).length >= 3, 15_000, "the first node to start runs");
      a.kill("SIGSTOP"); // frozen like a long GC pause: it holds leases it can no longer renew
      const b = await backend.startNode({ ACTION_MS: "50" });
      await wait(async () => (await backend.allRuns()).filter((r) => r.status === "succeeded").length === 6, 30_000, "the second node to finish all runs");
      a.kill("SIGCONT");
      const zombieStarts = startsOf(log, a.pid).length;
      const runs = await backend.allRuns();
      await wait(
        async () => {
          const events = (await Promise.all(runs.map((r) => backend.listEvents(r)))).flat();
          return events.filter((e) => e.detail?.startsWith("fenced")).length >= zombieStarts;
        },
        15_000,
        "the frozen node's late writes to be rejected",
      );
      for (const r of await backend.allRuns()) {
        expect(r.status).toBe("succeeded");
        expect((r.result?.data as { pid: number } | undefined)?.pid).toBe(b.pid);
      }
    },
    90_000 * backend.slowdown,
  );

  it(
    "rejects a frozen worker's late writes that land while the second worker is still running the same runs",
    async () => {
      const { dir, log } = await backend.setUp("zombie-mid");
      const hold = join(dir, "release");
      const a = await backend.startNode({ CREATE: "4", ACTION_MS: "2500" });
      await wait(() => startsOf(log, a.pid).length >= 2, 15_000, "the first node to start runs");
      a.kill("SIGSTOP");
      const frozen = startsOf(log, a.pid).map((l) => l.split(" ")[1]!);
      // The second node takes the runs over, and holds each of them running until the test says.
      const b = await backend.startNode({ HOLD: hold });
      await wait(() => frozen.every((key) => startsOf(log, b.pid, 2).some((l) => l.split(" ")[1] === key)), 30_000, "the second node to start attempt 2");
      const taken = (await backend.allRuns()).filter((r) => frozen.includes(idempotencyKey(r)));
      expect(taken.map((r) => [r.status, r.attempt])).toEqual(frozen.map(() => ["running", 2]));
      a.kill("SIGCONT"); // the zombie wakes: its actions end and it writes their outcomes now, while attempt 2 runs
      await wait(
        async () => {
          const events = (await Promise.all(taken.map((r) => backend.listEvents(r)))).flat();
          const fenced = events.filter((e) => e.detail?.startsWith("fenced") && e.attempt === 1).length >= taken.length;
          // A late write that landed ends the wait too: the check below names it.
          const moved = (await backend.allRuns()).some((r) => frozen.includes(idempotencyKey(r)) && (r.status !== "running" || r.attempt !== 2));
          return fenced || moved;
        },
        15_000,
        "the frozen node's late writes to be rejected",
      );
      for (const r of await backend.allRuns()) if (frozen.includes(idempotencyKey(r))) expect(r).toMatchObject({ status: "running", attempt: 2 });
      writeFileSync(hold, "");
      await wait(async () => (await backend.allRuns()).every((r) => r.status === "succeeded"), 30_000, "every run to succeed");
      for (const r of await backend.allRuns()) expect((r.result?.data as { pid: number } | undefined)?.pid).toBe(b.pid);
    },
    90_000 * backend.slowdown,
  );
}
