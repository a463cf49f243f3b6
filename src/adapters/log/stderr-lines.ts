import { writeSync } from "node:fs";
import type { Logger, LogLevel } from "../../ports/logger.js";

/** Keys every line has; a field of the same name is written as `<name>_` rather than shadow one. */
const OWN_KEYS = new Set(["level", "t", "pid", "message"]);

export function fieldsOf(data: Record<string, unknown>): Record<string, unknown> {
  if (!Object.keys(data).some((k) => OWN_KEYS.has(k))) return data;
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [OWN_KEYS.has(k) ? `${k}_` : k, v]));
}

const RANK: Record<LogLevel, number> = { debug: 20, info: 30, warn: 40, error: 50 };

/**
 * The same JSON lines as pino-logger.ts writes (`{"level","t","pid",…fields,"message"}`), on
 * stderr, synchronously, without pino: for the processes that must start fast and log little
 * (the stdio bridge, spawned for every chat session, and the CLI's last-resort error policy),
 * where importing pino and its streams would cost more than everything else they load.
 */
export function stderrLineLogger(minLevel: LogLevel = "info"): Logger {
  return plainLineLogger((line) => {
    try {
      writeSync(2, line);
    } catch {
      // stderr closed: nowhere left to say it.
    }
  }, minLevel);
}

/** Those lines, each handed to `write` with its newline. */
export function plainLineLogger(write: (line: string) => void, minLevel: LogLevel = "info"): Logger {
  return {
    log(level, message, data) {
      if (RANK[level] < RANK[minLevel]) return;
      const head = { level, t: new Date().toISOString(), pid: process.pid };
      let line: string;
      try {
        line = JSON.stringify({ ...head, ...(data && fieldsOf(data)), message });
      } catch {
        // A field that cannot be written (a cycle, a BigInt) must not lose the line.
        line = JSON.stringify({ ...head, message, fields_unwritable: true });
      }
      write(`${line}\n`);
    },
  };
}
