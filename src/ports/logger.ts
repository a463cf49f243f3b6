export type LogLevel = "debug" | "info" | "warn" | "error";

/** Structured log lines. The stdio transport owns stdout, so adapters write to stderr. */
export interface Logger {
  log(level: LogLevel, message: string, data?: Record<string, unknown>): void;
}

export const silentLogger: Logger = { log() {} };

export function stderrLogger(minLevel: LogLevel = "info"): Logger {
  return lineLogger((line) => process.stderr.write(line), minLevel);
}

/** One JSON line per entry at `minLevel` and above, handed to `write` (stderr, a log file). */
export function lineLogger(write: (line: string) => void, minLevel: LogLevel = "info"): Logger {
  const order: LogLevel[] = ["debug", "info", "warn", "error"];
  const min = order.indexOf(minLevel);
  return {
    log(level, message, data) {
      if (order.indexOf(level) < min) return;
      write(`${JSON.stringify({ t: new Date().toISOString(), level, message, ...data })}\n`);
    },
  };
}
