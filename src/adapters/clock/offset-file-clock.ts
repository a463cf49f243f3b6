import { readFileSync } from "node:fs";
import type { Clock } from "../../ports/clock.js";

/** The file is read again at most this often: the clock is read on every store write. */
const REREAD_MS = 50;

/**
 * TEST ONLY: the system clock plus an offset in milliseconds read from `path`, so that an
 * end-to-end test can make a real process's wall clock jump (as after sleep) by rewriting the
 * file. A missing or unreadable file means no offset. Chosen by the composition root when
 * DUELY_TEST_CLOCK_FILE is set; nothing else reads that variable.
 */
export function offsetFileClock(path: string): Clock {
  let offset = 0;
  let readAt = -Infinity;
  return {
    now() {
      const real = Date.now();
      if (real - readAt >= REREAD_MS) {
        readAt = real;
        offset = readOffset(path);
      }
      return real + offset;
    },
    // The offset fakes a wall-clock jump; elapsed time is not moved by it.
    monotonic: () => performance.now(),
  };
}

function readOffset(path: string): number {
  try {
    const n = Number(readFileSync(path, "utf8").trim());
    return Number.isFinite(n) ? n : 0;
  } catch {
    return 0;
  }
}
