import { expect, test } from "vitest";
import { DEFAULT_FUZZ, runHttpFuzz } from "./http-fuzz.js";

test("two owners fuzzing every tool over HTTP: no crash, no internal error, no cross-owner access, no cap overshoot", async () => {
  const figures = await runHttpFuzz(DEFAULT_FUZZ);
  expect(figures.samples).toEqual([]);
  expect(figures).toMatchObject({ crashes: 0, internal: 0, crossOwner: 0, capOvershoot: 0 });
  expect(figures.calls).toBeGreaterThanOrEqual(DEFAULT_FUZZ.calls);
  // The fuzz reached the engine: tasks were created, refused at the cap, and probed across owners.
  expect(figures.byOutcome["task_create_v1:ok"]).toBeGreaterThan(0);
  expect(Object.keys(figures.byOutcome).some((k) => k.startsWith("task_create_v1:limit_exceeded"))).toBe(true);
  expect(figures.byOutcome["task_get_v1:not_found"]).toBeGreaterThan(0);
}, 120_000);
