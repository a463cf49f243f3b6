import { type DestinationStream, destination, pino } from "pino";
import type { Logger, LogLevel } from "../../ports/logger.js";
import { fieldsOf } from "./stderr-lines.js";

/**
 * The process's log: one JSON line per event on stderr, `{"level","t","pid",…fields,"message"}`,
 * through pino. Stderr because the stdio transport owns stdout: a log line there would corrupt
 * the MCP stream. Writes are synchronous so that the line explaining an exit is not lost with
 * the process.
 */
export function stderrLogger(minLevel: LogLevel = "info"): Logger {
  return pinoLogger(destination({ fd: 2, sync: true }), minLevel);
}

/** The same lines, each handed to `write` (a log file's stream). */
export function lineLogger(write: (line: string) => void, minLevel: LogLevel = "info"): Logger {
  return pinoLogger({ write }, minLevel);
}

function pinoLogger(stream: DestinationStream, minLevel: LogLevel): Logger {
  const logger = pino(
    {
      level: minLevel,
      messageKey: "message",
      base: { pid: process.pid },
      timestamp: () => `,"t":"${new Date().toISOString()}"`,
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
  return {
    log(level, message, data) {
      if (data === undefined) logger[level](message);
      else logger[level](fieldsOf(data), message);
    },
    enabled: (level) => logger.isLevelEnabled(level),
  };
}
