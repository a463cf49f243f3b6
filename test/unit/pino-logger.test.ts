import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI_TIMEOUT_MS } from "../support/cli.js";

/** The two stderr loggers: pino's, and the pino-free one of the processes that must start fast (the bridge). */
const ADAPTERS = [
  { name: "pino on stderr", file: join(import.meta.dirname, "../../src/adapters/log/pino-logger.ts"), factory: "stderrLogger" },
  { name: "plain lines on stderr, no pino", file: join(import.meta.dirname, "../../src/adapters/log/stderr-lines.ts"), factory: "stderrLineLogger" },
];

/** A process that logs three lines at `level` and exits at once, as a crashing one would. */
function logFrom(adapter: (typeof ADAPTERS)[number], level: string) {
  const script = `const { ${adapter.factory}: make } = await import(${JSON.stringify(adapter.file)});
const log = make(${JSON.stringify(level)});
log.log("debug", "hidden below info");
log.log("info", "run reaped", { run_key: "j1@1", owner: "ann" });
log.log("error", "tool failed", { message: "boom", level: "x" });
process.exit(1);`;
  return spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8", timeout: CLI_TIMEOUT_MS });
}

describe.each(ADAPTERS)("the process log ($name)", { timeout: CLI_TIMEOUT_MS }, (adapter) => {
  it("writes one JSON line per event on stderr, none on stdout, and none lost to an immediate exit", () => {
    const r = logFrom(adapter, "info");
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
    // In this order too: both loggers write the same lines.
    expect(lines.map((l) => Object.keys(l))).toEqual([
      ["level", "t", "pid", "run_key", "owner", "message"],
      ["level", "t", "pid", "message_", "level_", "message"],
    ]);
  });

  it("writes debug lines only at level debug", () => {
    expect(logFrom(adapter, "debug").stderr).toContain('"message":"hidden below info"');
  });
});
