import { readFileSync, readlinkSync } from "node:fs";
import type { ProcessPlace } from "../../ports/process-place.js";

/**
 * Linux: the boot id changes at each boot (so a pid from before a reboot is never taken for one
 * of now) and the PID namespace's inode tells containers apart (pid 1 in each is another
 * process). Elsewhere there is no place, and nothing is judged by pid.
 */
function placeOfThisProcess(): string | null {
  try {
    const boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    const ns = readlinkSync("/proc/self/ns/pid");
    return boot && ns ? `${boot}/${ns}` : null;
  } catch {
    return null;
  }
}

/** This process's place (read once) and a pid probe by signal 0, which delivers nothing. */
export function hostProcessPlace(): ProcessPlace {
  return {
    here: placeOfThisProcess(),
    pid: process.pid,
    alive(pid) {
      // 0 and negative pids name process groups, not a process.
      if (!Number.isInteger(pid) || pid <= 0) return true;
      try {
        process.kill(pid, 0);
        return true;
      } catch (e) {
        // ESRCH: no such process. EPERM: one exists that this user may not signal.
        return (e as NodeJS.ErrnoException).code !== "ESRCH";
      }
    },
  };
}
