import { afterEach, describe, expect, it } from "vitest";
import { ALERT_DETAIL } from "../../src/app/engine/failure-alerts.js";
import { failureStreak } from "../../src/app/engine/failure-streak.js";
import type { CreateJobInput } from "../../src/app/tasks/jobs.js";
import { ActionFailure, type AlertOutcome, type OwnerAlert } from "../../src/ports/action.js";
import { makeJob, makeRun, T0 } from "../support/builders.js";
import { openHarness, ScriptedActions } from "../support/engine-harness.js";

/** The scripted actions, also recording the alerts the engine asks them to send. */
class AlertingActions extends ScriptedActions {
  alerts: OwnerAlert[] = [];
  async alert(alert: OwnerAlert): Promise<AlertOutcome> {
    this.alerts.push(alert);
    return { delivered: [...alert.taskChannels], failed: [] };
  }
}

const everyMinute = (maxAttempts: number): CreateJobInput => ({
  title: "Finance digest",
  action: { type: "notify", message: "digest", channels: ["phone"] },
  schedule: { kind: "cron", expr: "* * * * *", timezone: "UTC" },
  retry: { max_attempts: maxAttempts, base_delay_ms: 10_000, factor: 1, max_delay_ms: 10_000 },
});

const failing = () => {
  throw new ActionFailure("feed down", { permanent: false });
};

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

async function harness(settings = {}) {
  const actions = new AlertingActions();
  const h = await openHarness("2026-03-02T08:00:30Z", settings, { actions });
  close = () => h.close();
  return { h, actions };
}

describe("failure alerts", () => {
  it("says a run cut off mid-action was interrupted and may have been delivered, not that it failed", async () => {
    const actions = new AlertingActions();
    const h = await openHarness("2026-03-02T08:00:30Z", { lease_ms: 10_000 }, { actions });
    close = () => h.close();
    const { job } = await h.engine.jobs.create("ann", { ...everyMinute(1), schedule: { kind: "immediate" } });
    actions.behaviour = () => new Promise(() => {});
    // Another process's worker starts the action and dies in it.
    h.engine
      .newWorker("worker-dead")
      .runOnce()
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 20));
    h.clock.advance(10_001);
    await h.engine.step();
    expect(await h.onlyRun(job.id)).toMatchObject({ status: "failed", error: { kind: "interrupted" } });
    expect(actions.alerts).toHaveLength(1);
    expect(actions.alerts[0]!.title).toBe('duely: "Finance digest" was interrupted');
    expect(actions.alerts[0]!.text).toContain("was interrupted mid-action after 1 attempt");
    expect(actions.alerts[0]!.text).toContain("it may or may not have been delivered, and it will not be tried again");
  });

  it("alert once when a run dead-letters, stay quiet for the rest of the streak (across a restart), and again after a success", {
    timeout: 30_000,
  }, async () => {
    const { h, actions } = await harness();
    const { job } = await h.engine.jobs.create("ann", everyMinute(1));
    actions.behaviour = failing;
    await h.runFor(60_000, 15_000);
    expect(actions.alerts).toHaveLength(1);
    expect(actions.alerts[0]).toMatchObject({
      owner: "ann",
      jobId: job.id,
      taskChannels: ["phone"],
      title: 'duely: "Finance digest" is failing',
      idempotencyKey: `${job.id}:alert:${Date.parse("2026-03-02T08:01:00Z")}`,
    });
    expect(actions.alerts[0]!.text).toContain("Its run of 2026-03-02 08:01 +00:00 gave up after 1 attempt: feed down");

    await h.runFor(120_000, 15_000);
    h.restart();
    await h.runFor(60_000, 15_000);
    const runs = (await h.store.listJobRuns(job.id, { limit: 10 })).items.filter((r) => r.status === "failed");
    expect(runs).toHaveLength(4);
    expect(actions.alerts).toHaveLength(1);

    actions.behaviour = () => ({ text: "ok" });
    await h.runFor(60_000, 15_000);
    actions.behaviour = failing;
    await h.runFor(60_000, 15_000);
    expect(actions.alerts).toHaveLength(2);
    expect(actions.alerts[1]!.idempotencyKey).toBe(`${job.id}:alert:${Date.parse("2026-03-02T08:06:00Z")}`);
  });

  it("records the alert on the streak's first failed run, before and after sending", async () => {
    const { h, actions } = await harness();
    const { job } = await h.engine.jobs.create("ann", everyMinute(1));
    actions.behaviour = failing;
    await h.runFor(60_000, 15_000);
    const first = (await h.store.listJobRuns(job.id, { limit: 10 })).items.find((r) => r.status === "failed")!;
    const marks = (await h.store.listEvents(first)).map((e) => e.detail).filter((d) => d?.startsWith(ALERT_DETAIL));
    expect(marks).toEqual([`${ALERT_DETAIL}: a run dead-lettered`, `${ALERT_DETAIL} sent: delivered to phone`]);
  });

  it("alerts while a run still retries, once its failed attempts reach alert_after_failures, and not again when it dead-letters", async () => {
    const { h, actions } = await harness({ alert_after_failures: 2 });
    const { job } = await h.engine.jobs.create("ann", {
      ...everyMinute(4),
      schedule: { kind: "once", at: Date.parse("2026-03-02T08:01:00Z"), timezone: "UTC" },
    });
    actions.behaviour = failing;
    await h.runFor(31_000);
    expect(actions.calls).toHaveLength(1);
    expect(actions.alerts).toHaveLength(0);
    await h.runFor(5_000);
    expect(actions.calls).toHaveLength(2);
    expect(actions.alerts).toHaveLength(1);
    expect(actions.alerts[0]!.text).toContain("It has failed 2 times in a row and will try again");
    await h.runFor(20_000);
    expect((await h.onlyRun(job.id)).status).toBe("failed");
    expect(actions.calls).toHaveLength(4);
    expect(actions.alerts).toHaveLength(1);
  });

  it("sends nothing for a task that only succeeds", async () => {
    const { h, actions } = await harness();
    await h.engine.jobs.create("ann", everyMinute(1));
    await h.runFor(180_000, 15_000);
    expect(actions.calls.length).toBeGreaterThanOrEqual(3);
    expect(actions.alerts).toEqual([]);
  });
});

describe("failureStreak", () => {
  const job = makeJob();
  const at = (m: number) => T0 + m * 60_000;
  const err = { message: "x", kind: "retryable" as const };

  it("counts failed attempts back to the last success, skipping what did not run, anchored on the oldest failure", () => {
    const newestFirst = [
      makeRun(job, at(5)),
      makeRun(job, at(4), { status: "retrying", executions: 2, error: err }),
      makeRun(job, at(3), { status: "skipped", skip_reason: "overlap" }),
      makeRun(job, at(2), { status: "failed", executions: 3, error: err }),
      makeRun(job, at(1), { status: "succeeded", executions: 1 }),
      makeRun(job, at(0), { status: "failed", executions: 3, error: err }),
    ];
    const streak = failureStreak(newestFirst)!;
    expect(streak.failedAttempts).toBe(5);
    expect(streak.deadLettered).toBe(true);
    expect(streak.anchor.scheduled_at).toBe(at(2));
    expect(streak.latest.scheduled_at).toBe(at(4));
  });

  it("counts a running retry's earlier attempts only, and is null after a success", () => {
    expect(failureStreak([makeRun(job, at(1), { status: "running", executions: 3, attempt: 3, error: err })])?.failedAttempts).toBe(2);
    expect(
      failureStreak([makeRun(job, at(1), { status: "succeeded", executions: 2 }), makeRun(job, at(0), { status: "failed", executions: 1, error: err })]),
    ).toBeNull();
  });
});
