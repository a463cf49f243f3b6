import { describe, expect, it } from "vitest";
import { idempotencyKey } from "../../src/core/keys.js";
import { EVENT_LOST_TO_A_KILL, measureAttempts } from "../support/chaos/attempts.js";
import type { Kill, StoredEvent, StoredRun } from "../support/chaos/observation.js";

const T = Date.UTC(2026, 11, 2, 15, 47, 24);
// A run claimed twice: the first claim started (an execution charged on the run) and left no
// event, as when its holder is killed between a DynamoDB write and its events; the second claim
// (attempt 2) is recorded and delivered once.
const run: StoredRun = { job_id: "j", scheduled_at: T, status: "succeeded", attempt: 2, executions: 2, skip_reason: null, error_kind: null };
const events: StoredEvent[] = [
  { job_id: "j", scheduled_at: T, at: T + 12_000, from: "queued", to: "running", attempt: 2, detail: "worker-b-2-ab" },
  { job_id: "j", scheduled_at: T, at: T + 12_400, from: "running", to: "succeeded", attempt: 2, detail: null },
];
const delivered = new Map([[idempotencyKey(run), [T + 12_300]]]);

describe("the chaos accounting of executions spent without a delivery", () => {
  it("puts an eventless claim down to a kill of a claiming process between the run's time and its next claim", () => {
    const kills: Kill[] = [{ at: T + 500, role: "worker", pid: 1 }];
    const m = measureAttempts([run], delivered, events, kills);
    expect(m.spentWithoutExecution).toBe(1);
    expect(m.spentBy).toEqual({ [EVENT_LOST_TO_A_KILL]: 1 });
  });

  it("leaves it unexplained without such a kill (a watcher's, or one after the next claim, does not count)", () => {
    const kills: Kill[] = [
      { at: T + 500, role: "watcher", pid: 2 },
      { at: T + 13_000, role: "worker", pid: 1 },
    ];
    const m = measureAttempts([run], delivered, events, kills);
    expect(m.spentBy).toEqual({ "no start event found": 1 });
  });
});
