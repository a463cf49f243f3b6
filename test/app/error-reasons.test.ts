import { afterEach, describe, expect, it } from "vitest";
import { DomainError } from "../../src/core/errors.js";
import { errorFromThrown, REASON_HINTS } from "../../src/mcp/tool-errors.js";
import { silentLogger } from "../../src/ports/logger.js";
import { openHarness } from "../support/engine-harness.js";

type Harness = Awaited<ReturnType<typeof openHarness>>;
let h: Harness;
afterEach(async () => h?.close());

const notify = { type: "notify" as const, message: "ping" };
const daily = { kind: "cron" as const, expr: "0 8 * * *", timezone: "UTC" };

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(DomainError);
  return e as DomainError;
}

describe("the engine's refusals carry a reason and the facts, and no advice naming a tool", () => {
  it("a stale version: version_mismatch with the task's version and the one given", async () => {
    h = await openHarness("2026-06-01T10:00:00Z");
    const { job } = await h.engine.jobs.create("alice", { title: "t", action: notify, schedule: daily });
    const e = await refusal(h.engine.jobs.update("alice", job.id, { title: "u" }, { expectedVersion: job.version + 5 }));
    expect(e).toMatchObject({
      code: "conflict",
      reason: "version_mismatch",
      data: { version: job.version, expected_version: job.version + 5 },
      hint: undefined,
    });
  });

  it("someone else's task: task_not_found with the id asked for", async () => {
    h = await openHarness("2026-06-01T10:00:00Z");
    const { job } = await h.engine.jobs.create("alice", { title: "t", action: notify, schedule: daily });
    const e = await refusal(h.engine.jobs.pause("bob", job.id));
    expect(e).toMatchObject({ code: "not_found", reason: "task_not_found", data: { task_id: job.id }, hint: undefined });
  });

  it("the active-task cap: task_cap with the limit and the count", async () => {
    h = await openHarness("2026-06-01T10:00:00Z", { max_active_jobs_per_owner: 1 });
    await h.engine.jobs.create("alice", { title: "t", action: notify, schedule: daily });
    const e = await refusal(h.engine.jobs.create("alice", { title: "u", action: notify, schedule: daily }));
    expect(e).toMatchObject({ code: "limit_exceeded", reason: "task_cap", data: { limit: 1, active: 1 }, hint: undefined });
  });

  it("skipping a one-off task's run: one_off_skip; the tools word the hint for it", async () => {
    h = await openHarness("2026-06-01T10:00:00Z");
    const once = { kind: "once" as const, at: Date.parse("2026-06-02T08:00:00Z"), timezone: "UTC" };
    const { job } = await h.engine.jobs.create("alice", { title: "t", action: notify, schedule: once });
    const e = await refusal(h.engine.jobs.skip("alice", job.id, {}));
    expect(e).toMatchObject({ code: "conflict", reason: "one_off_skip", hint: undefined });
    expect(errorFromThrown(e, { tool: "task_skip_v1", log: silentLogger })).toMatchObject({ code: "conflict", hint: REASON_HINTS.one_off_skip });
    expect(REASON_HINTS.one_off_skip).toMatch(/task_pause_v1/);
  });
});
