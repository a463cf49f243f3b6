import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { installProcessPolicy, type ProcessLike } from "../../src/cli/process-policy.js";
import type { LogLevel } from "../../src/ports/logger.js";

function fakeProcess() {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  const proc = Object.assign(emitter, {
    exit: (code: number): never => {
      exits.push(code);
      return undefined as never;
    },
  }) as unknown as ProcessLike & EventEmitter;
  const lines: { level: LogLevel; message: string; data?: Record<string, unknown> }[] = [];
  installProcessPolicy(proc, {
    log: (level, message, data) => {
      lines.push({ level, message, ...(data && { data }) });
    },
  });
  return { proc, exits, lines };
}

describe("process policy for errors nothing caught", () => {
  it("logs an uncaught exception with its stack and exits non-zero", () => {
    const { proc, exits, lines } = fakeProcess();
    proc.emit("uncaughtException", new Error("kaboom"));
    expect(exits).toEqual([1]);
    expect(lines).toEqual([
      { level: "error", message: expect.stringMatching(/^uncaught exception/), data: { error: "kaboom", stack: expect.stringContaining("kaboom") } },
    ]);
  });

  it("logs an unhandled rejection loudly and keeps the process running", () => {
    const { proc, exits, lines } = fakeProcess();
    proc.emit("unhandledRejection", new Error("lost promise"));
    proc.emit("unhandledRejection", "a string reason");
    expect(exits).toEqual([]);
    expect(lines.map((l) => [l.level, l.message, l.data?.error])).toEqual([
      ["error", expect.stringMatching(/^unhandled promise rejection/), "lost promise"],
      ["error", expect.stringMatching(/^unhandled promise rejection/), "a string reason"],
    ]);
  });
});
