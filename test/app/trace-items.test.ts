import { describe, expect, it } from "vitest";
import { lineLogger } from "../../src/adapters/log/pino-logger.js";
import { traceItems } from "../../src/app/engine/run-log.js";
import type { QueueItem } from "../../src/ports/queue.js";

// The dispatch trace runs on the claim path of every run: below debug it must build nothing.

const item: QueueItem = { key: { job_id: "j1", scheduled_at: 1 }, owner: "ann", dueAt: 2 };

describe("the dispatch trace", () => {
  it("builds nothing and writes nothing when the log is above debug", () => {
    const lines: string[] = [];
    let built = 0;
    traceItems({ log: lineLogger((l) => lines.push(l), "info") }, "claimed", () => {
      built++;
      return [item];
    });
    expect(built).toBe(0);
    expect(lines).toEqual([]);
  });

  it("writes one line naming each run at debug", () => {
    const lines: string[] = [];
    traceItems({ log: lineLogger((l) => lines.push(l), "debug") }, "claimed", () => [item]);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "debug", message: "trace claimed", runs: ["ann|j1@1|2"] });
  });
});
