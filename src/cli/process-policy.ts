import type { Logger } from "../ports/logger.js";

/** The parts of `process` the policy uses (a test passes an emitter). */
export interface ProcessLike {
  on(event: "uncaughtException", listener: (error: Error) => void): unknown;
  on(event: "unhandledRejection", listener: (reason: unknown) => void): unknown;
  exit(code: number): never;
}

const describe = (e: unknown) => (e instanceof Error ? { error: e.message, stack: e.stack } : { error: String(e) });

/**
 * What a duely process does with an error nothing caught. The engine handles every failure it
 * expects, so either is a bug:
 * - an uncaught exception leaves the process in an unknown state: it is logged and the process
 *   exits non-zero, for its supervisor to restart it (the store keeps every run; a restart
 *   recovers them);
 * - an unhandled rejection is logged loudly (level error, with its stack) and the process goes
 *   on: the promise's work is lost, but the scheduler's loops are not, and the reaper and the
 *   sweeper repair what it left.
 */
export function installProcessPolicy(proc: ProcessLike, log: Logger): void {
  proc.on("uncaughtException", (error) => {
    log.log("error", "uncaught exception: exiting (a bug; please report it)", describe(error));
    proc.exit(1);
  });
  proc.on("unhandledRejection", (reason) => {
    log.log("error", "unhandled promise rejection (a bug; please report it)", describe(reason));
  });
}
