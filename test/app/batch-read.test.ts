import { describe, expect, it } from "vitest";
import { readBatched } from "../../src/app/engine/batch-read.js";
import type { LogLevel } from "../../src/ports/logger.js";

function recorder() {
  const lines: { level: LogLevel; message: string; data?: Record<string, unknown> }[] = [];
  return { lines, log: { log: (level: LogLevel, message: string, data?: Record<string, unknown>) => lines.push({ level, message, data }) } };
}

describe("readBatched", () => {
  it("answers from the one call when it succeeds, reading nothing on its own", async () => {
    const { lines, log } = recorder();
    const one: string[] = [];
    const got = await readBatched(
      ["a", "b"],
      {
        batch: async (ks) => ks.map((k) => k.toUpperCase()),
        one: async (k) => {
          one.push(k);
          return k;
        },
      },
      { log, what: "things" },
    );
    expect(got).toEqual(["A", "B"]);
    expect(one).toEqual([]);
    expect(lines).toEqual([]);
  });

  it("reads each key on its own when the call fails, and says so", async () => {
    const { lines, log } = recorder();
    const got = await readBatched(
      ["a", "bad", "c"],
      { batch: async () => Promise.reject(new Error("record bad does not parse")), one: async (k) => (k === "bad" ? null : k.toUpperCase()) },
      { log, what: "things" },
    );
    expect(got).toEqual(["A", null, "C"]);
    expect(lines).toEqual([
      { level: "warn", message: "cannot read things in one call; reading them one by one", data: { count: 3, error: "Error: record bad does not parse" } },
    ]);
  });

  it("makes no call for no keys", async () => {
    const { log } = recorder();
    expect(await readBatched([], { batch: async () => Promise.reject(new Error("called")), one: async () => "x" }, { log, what: "things" })).toEqual([]);
  });
});
