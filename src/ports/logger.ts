export type LogLevel = "debug" | "info" | "warn" | "error";

/**
 * Structured log lines: a message that says what happened, and fields that say to what (a run's
 * `run_key` and `owner`, a worker's id). Implemented in src/adapters/log; the stdio transport
 * owns stdout, so implementations write elsewhere (stderr).
 */
export interface Logger {
  log(level: LogLevel, message: string, data?: Record<string, unknown>): void;
  /** Whether lines of `level` are written, so that costly fields are not built for nothing. Absent: assume they are. */
  enabled?(level: LogLevel): boolean;
}

export const silentLogger: Logger = { log() {}, enabled: () => false };
