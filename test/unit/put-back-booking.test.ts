import { describe, expect, it } from "vitest";
import { claimed, givenBack, requeued } from "../../src/app/runs.js";
import { makeRun } from "../support/builders.js";

// A claim takes a token from its owner's execution rate (execution-gate.ts). A claim put back
// unstarted used no execution, so the run keeps that token as its booking and its next claim is
// not charged again: otherwise every kill would charge an owner at its rate once more for each
// run claimed ahead and never started (the short pressure chaos lost 56 of 240 flood runs to it).
describe("a claim put back unstarted keeps the token it took", () => {
  const T = Date.parse("2026-06-01T00:00:00Z");
  const before = makeRun({ id: "job-1", owner: "alice" }, T + 1_500, { status: "queued" });
  const claim = claimed(before, "worker-a", T, 30_000);

  it("is booked once reaped unstarted", () => {
    expect(claim.booked).toBe(false);
    expect(requeued(claim, T + 31_000, 60_000)).toMatchObject({ status: "queued", booked: true, attempt: 1, executions: 0 });
  });

  it("is booked once given back unstarted", () => {
    expect(givenBack(claim, before, T + 1_000, 60_000)).toMatchObject({ status: "queued", booked: true, attempt: 1, executions: 0 });
  });
});
