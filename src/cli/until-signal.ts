import type { Logger } from "../ports/logger.js";

export interface UntilSignalOptions {
  /** Names the process in its log lines ("duely", "duely worker"). */
  name: string;
  log: Logger;
  /** Run once, on the first trigger; a failure is logged, not thrown. */
  stop: () => Promise<void>;
  /** Another trigger besides SIGINT and SIGTERM (stdio: the client closing stdin); call `trigger` with the reason. */
  also?: ((trigger: (reason: string) => void) => void) | undefined;
  data?: Record<string, unknown>;
}

/** Resolves after a graceful stop, begun by SIGINT, SIGTERM or `also`, whichever comes first. */
export function untilSignal(opts: UntilSignalOptions): Promise<void> {
  const { name, log, stop, data } = opts;
  return new Promise<void>((resolve) => {
    let stopping = false;
    const trigger = (reason: string) => {
      if (stopping) return;
      stopping = true;
      log.log("info", `${name} stopping`, { ...data, reason });
      stop()
        .catch((e: unknown) => log.log("error", `stopping ${name} failed`, { error: String(e) }))
        .finally(resolve);
    };
    process.once("SIGINT", () => trigger("SIGINT"));
    process.once("SIGTERM", () => trigger("SIGTERM"));
    opts.also?.(trigger);
  });
}
