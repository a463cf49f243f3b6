import { expect, test } from "vitest";
import { TOOLS } from "../../src/mcp/tools/index.js";
import { DEFAULT_FUZZ, runHttpFuzz } from "./http-fuzz.js";

test("two owners fuzzing every tool over HTTP: no crash, no internal error, no cross-owner access or write, no cap overshoot", async () => {
  const figures = await runHttpFuzz(DEFAULT_FUZZ);
  expect(figures.samples).toEqual([]);
  expect(figures).toMatchObject({ crashes: 0, internal: 0, crossOwner: 0, crossOwnerWrites: 0, capOvershoot: 0 });
  // Every tool was called, and every tool that takes a task id was refused another owner's.
  const called = new Set(Object.keys(figures.byOutcome).map((k) => k.split(":")[0]));
  expect([...called].sort()).toEqual(TOOLS.map((t) => t.name).sort());
  for (const tool of [
    "task_get_v1",
    "task_results_v1",
    "task_update_v1",
    "task_run_now_v1",
    "task_skip_v1",
    "task_pause_v1",
    "task_resume_v1",
    "task_cancel_v1",
  ])
    expect(figures.byOutcome[`${tool}:not_found`], tool).toBeGreaterThan(0);
  expect(figures.calls).toBeGreaterThanOrEqual(DEFAULT_FUZZ.calls);
  // The fuzz reached the engine: tasks were created, refused at the cap, and probed across owners.
  expect(figures.byOutcome["task_create_v1:ok"]).toBeGreaterThan(0);
  expect(Object.keys(figures.byOutcome).some((k) => k.startsWith("task_create_v1:limit_exceeded"))).toBe(true);
  expect(figures.byOutcome["task_get_v1:not_found"]).toBeGreaterThan(0);
}, 120_000);
