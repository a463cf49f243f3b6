/**
 * Preloaded with `--import` (and `--expose-gc`) into a process bench/desktop-memory.mjs measures:
 * on SIGUSR2, a full GC, then memorySplit() written to $MEMORY_PROBE_OUT. It arms no timer, so
 * it adds no wake-up to the process it watches.
 */
import { writeFileSync } from "node:fs";
import { memorySplit } from "./memory-split.mjs";

process.on("SIGUSR2", () => {
  globalThis.gc?.();
  writeFileSync(process.env.MEMORY_PROBE_OUT, JSON.stringify(memorySplit()));
});
