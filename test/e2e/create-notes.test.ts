import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_RUN_POLICY } from "../../src/core/model.js";
import { catchUpNote } from "../../src/mcp/present.js";
import { makeJob } from "../support/builders.js";
import { ok, openInMemory } from "./support.js";

type Env = Awaited<ReturnType<typeof openInMemory>>;
let env: Env;
afterEach(async () => env?.close());

describe("task_create_v1 says what happens to a run due while duely is not running", () => {
  it("a new recurring task: the latest missed run happens once, up to 12 h late", async () => {
    env = await openInMemory();
    const client = await env.clientFor("alice");
    const created = await ok(client, "task_create_v1", { title: "Digest", action: { type: "summarize", topic: "finance news" }, when: "every day at 8am" });
    expect((created.reading as { notes?: string[] }).notes).toContain(
      "If duely is not running at a run's time (the computer asleep or off), only the latest missed run happens when duely is back, up to 12 h late; older missed runs are skipped.",
    );
  });

  it("a task that runs right away gets no such note", async () => {
    env = await openInMemory();
    const client = await env.clientFor("alice");
    const created = await ok(client, "task_create_v1", { title: "Now", action: { type: "notify", message: "hi" }, schedule: { type: "immediate" } });
    expect((created.reading as { notes?: string[] }).notes ?? []).toEqual([]);
  });

  it.each([
    [
      { catch_up: "skip" as const },
      "cron",
      "If duely is not running at a run's time (the computer asleep or off), that run is skipped, not run late, unless duely is back within 10 min of it and before the next run is due.",
    ],
    [{ catch_up: "all" as const, catch_up_window_ms: 6 * 3_600_000 }, "cron", "each missed run happens once when duely is back, up to 6 h late."],
    [{}, "once", "the run happens when duely is back, up to 12 h late; later than that it is skipped."],
    [
      { catch_up: "skip" as const },
      "once",
      "If duely is not running at a run's time (the computer asleep or off), that run is skipped, unless duely is back within 10 min of it.",
    ],
  ])("under %j, a %s task is told so", (policy, kind, note) => {
    const schedule = kind === "once" ? { kind: "once" as const, at: Date.UTC(2026, 5, 1, 8), timezone: "UTC" } : undefined;
    const job = makeJob({ policy: { ...DEFAULT_RUN_POLICY, ...policy }, ...(schedule && { schedule }) });
    expect(catchUpNote(job)).toContain(note);
  });
});
