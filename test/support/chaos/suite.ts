import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { EVENT_LOST_TO_A_KILL, KILLED_AFTER_START } from "./attempts.js";
import { type ChaosOptions, type ChaosReport, runChaos } from "./chaos.js";
import { summarize } from "./summary.js";

/** The CLI from src under tsx, as test/support/cli.ts runs it: the code under test, without a build. */
const CLI = [process.execPath, "--import", "tsx", join(import.meta.dirname, "../../../src/cli/main.ts")];

/**
 * One short chaos run (seeding, kills, settling, a graceful stop) takes 1.5–4 minutes on a busy
 * 2-core machine: the kills may go on to 3× the window (minKills) and settling to 90 s.
 */
const RUN_TIMEOUT_MS = 420_000;

/**
 * The short chaos run for CI: one run in `beforeAll`, then one test per guarantee, each failing
 * with the run's summary. The run goes on until each role had `minKills` kills (see ChaosOptions).
 */
export function describeChaos(
  name: string,
  options: () => Omit<ChaosOptions, "dir" | "command" | "minKills">,
  minKills: Record<string, number>,
  more: (report: () => ChaosReport, summary: () => string) => void = () => {},
): void {
  describe(`chaos with real processes: ${name}`, () => {
    let dir = "";
    let report: ChaosReport;
    let summary = "";
    /** Set once the run produced its report: a run that threw or timed out keeps its directory too. */
    let ran = false;
    let failed = false;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "duely-chaos-"));
      report = await runChaos({ ...options(), minKills, dir, command: CLI });
      ran = true;
      summary = `\n${summarize(report)}\n(logs in ${dir})`;
      // The figures, for the CI log: they are the point of the run even when every test passes.
      console.info(`chaos run, ${name}:${summary}`);
    }, RUN_TIMEOUT_MS);
    afterEach(({ task }) => {
      failed ||= task.result?.state === "fail";
    });
    afterAll(() => {
      // A failed run keeps its directory: the process logs, the webhook log and report.json.
      if (dir && ran && !failed) rmSync(dir, { recursive: true, force: true });
      else if (dir) console.info(`chaos run, ${name}: kept ${dir}`);
    });

    test("kills and restarts the processes while runs fall due, and none crashes on its own", () => {
      for (const [role, min] of Object.entries(minKills)) expect(report.processes.kills[role] ?? 0, summary).toBeGreaterThanOrEqual(min);
      expect(report.processes.crashes, summary).toBe(0);
      expect(report.measures.occurrences.expected, summary).toBeGreaterThan(0);
      expect(
        report.processes.stops.every((s) => s.graceful),
        summary,
      ).toBe(true);
    });

    test("keeps every acknowledged create, and refuses none", () => {
      expect(report.measures.tasks.acknowledgedMissing, summary).toEqual([]);
      expect(report.seeding.refused, summary).toEqual([]);
    });

    test("loses no occurrence: each one due during the chaos ran, or was skipped with a reason", () => {
      expect(report.measures.occurrences.lost.total, summary).toBe(0);
      expect(report.measures.occurrences.unexpectedRuns, summary).toBe(0);
    });

    test("delivers every success, and executes nothing it did not charge to the retry budget", () => {
      expect(report.measures.executions.succeededWithoutDelivery, summary).toBe(0);
      expect(report.measures.attempts.deliveriesBeyondExecutions, summary).toBe(0);
      expect(report.webhook.refused, summary).toBe(0);
    });

    more(
      () => report,
      () => summary,
    );

    test("reaps no run from a live worker: every reaped claim's holder had been killed", () => {
      expect(report.measures.attempts.reapedFromLive, summary).toBe(0);
    });

    // The retry budget counts starts of the action, not claims: a claim a kill ends before its
    // start (claimed ahead of its time, or waiting for a slot) is queued again unspent. A kill
    // can still land after a start was written and before the action's POST arrived (on
    // DynamoDB, while the rest of its claim batch and the batch's events are written): that
    // execution is charged without a delivery, as at-least-once must charge it, since the
    // engine cannot know whether an interrupted action had its effect. Only those may be spent
    // without a delivery; the figures print how many, and how long after their start the kill came.
    // On DynamoDB a kill can also land between a claim's write and its events (written after it,
    // not atomically): the claim then has no event, and is counted apart; on SQLite it cannot.
    test("spends no attempt without an execution, but on actions a kill cut off after their start", () => {
      const { spentWithoutExecution, spentBy } = report.measures.attempts;
      const lostEvents = spentBy[EVENT_LOST_TO_A_KILL] ?? 0;
      if (options().backend === "sqlite") expect(lostEvents, summary).toBe(0);
      expect(spentWithoutExecution - (spentBy[KILLED_AFTER_START] ?? 0) - lostEvents, summary).toBe(0);
    });
  });
}
