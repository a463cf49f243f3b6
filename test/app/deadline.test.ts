import { afterEach, describe, expect, it, vi } from "vitest";
import { CallTimeout, withDeadline } from "../../src/app/engine/deadline.js";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a call's deadline", () => {
  it("arms no timer for a call that answers within the turn (a SQLite call), so none wakes an idle process later", async () => {
    const armed = vi.spyOn(globalThis, "setTimeout");
    await expect(withDeadline(Promise.resolve(7), 15_000, "store.get")).resolves.toBe(7);
    await expect(withDeadline(Promise.reject(new Error("no")), 15_000, "store.put")).rejects.toThrow("no");
    // Past the turn in which the immediates would have armed it.
    await new Promise((r) => setImmediate(r));
    expect(armed.mock.calls.filter(([, ms]) => ms === 15_000)).toHaveLength(0);
  });

  it("still fails a call that never answers, once the deadline passes", async () => {
    const started = performance.now();
    const never = new Promise<number>(() => {});
    await expect(withDeadline(never, 50, "queue.send")).rejects.toBeInstanceOf(CallTimeout);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });

  it("answers with a slow call that beats the deadline", async () => {
    const slow = new Promise<string>((r) => setTimeout(() => r("late"), 20));
    await expect(withDeadline(slow, 1_000, "store.scan")).resolves.toBe("late");
  });
});
