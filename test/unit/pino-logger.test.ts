import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI_TIMEOUT_MS } from "../support/cli.js";

const ADAPTER = join(import.meta.dirname, "../../src/adapters/log/pino-logger.ts");

/** A process that logs three lines at `level` and exits at once, as a crashing one would. */
function logFrom(level: string) {
  const script = `const { stderrLogger } = await import(${JSON.stringify(ADAPTER)});
const log = stderrLogger(${JSON.stringify(level)});
log.log("debug", "hidden below info");
log.log("info", "run reaped", { run_key: "j1@1", owner: "ann" });
log.log("error", "tool failed", { message: "boom", level: "x" });
process.exit(1);`;
  return spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8", timeout: CLI_TIMEOUT_MS });
}

describe("the process log (pino on stderr)", { timeout: CLI_TIMEOUT_MS }, () => {
  it("writes one JSON line per event on stderr, none on stdout, and none lost to an immediate exit", () => {
    const r = logFrom("info");
    expect(r.stdout).toBe("");
    const lines = r.stderr
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([
      { level: "info", t: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), pid: r.pid, run_key: "j1@1", owner: "ann", message: "run reaped" },
      // A field named like one every line has is renamed rather than shadowing it.
      { level: "error", t: expect.any(String), pid: r.pid, message_: "boom", level_: "x", message: "tool failed" },
    ]);
  });

  it("writes debug lines only at level debug", () => {
    expect(logFrom("debug").stderr).toContain('"message":"hidden below info"');
  });
});
