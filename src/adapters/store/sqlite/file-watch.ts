import { type Stats, statSync } from "node:fs";
import { DomainError } from "../../../core/errors.js";
import type { Logger } from "../../../ports/logger.js";
import { type PeriodicChecks, sharedTimer } from "../../../ports/periodic-checks.js";

/**
 * Notices that the database file was deleted or replaced under an open store. SQLite keeps
 * writing to the file it opened: deleted (unlinked), the file lives on only as long as the
 * process holds it, so every write is acknowledged and then lost at the next start; replaced
 * (a backup moved over it), the writes go to the old file while every other process reads the
 * new one. The check compares the path's device and inode with the ones opened.
 */
export interface FileWatch {
  /** Stats the path now (before a commit): throws the error that stops the store when the file is gone or another. */
  check(): void;
  /** Throws that error if an earlier check found it; costs nothing otherwise (before a read). */
  ensure(): void;
  stop(): void;
}

const identity = (s: Stats) => `${s.dev}:${s.ino}`;

function lostError(path: string, what: "deleted" | "replaced"): DomainError {
  const hint =
    what === "deleted"
      ? `Stop duely and put the file back at ${path} (from a backup; on Linux it can still be copied from /proc/${process.pid}/fd/ while this process runs). Started again without it, duely would begin with an empty database.`
      : `Restart duely to use the file now at ${path}.`;
  return new DomainError(
    "internal",
    `the database file ${path} was ${what === "deleted" ? "deleted" : "replaced by another file"} while duely had it open: this store writes nothing more, and answers every call with this error. ${hint}`,
    { hint },
  );
}

/**
 * Watches `path` (already open) every `intervalMs` on `periodic` (the process's one timer for its
 * periodic checks; default: a timer of its own), and whenever `check` is called.
 */
export function watchFile(path: string, opts: { intervalMs: number; log: Logger; periodic?: PeriodicChecks }): FileWatch {
  const opened = identity(statSync(path));
  let lost: DomainError | null = null;

  function probe(): DomainError | null {
    let now: Stats | undefined;
    try {
      now = statSync(path, { throwIfNoEntry: false });
    } catch (e) {
      // A directory on the path replaced by a file means the file is gone too; a path this process
      // may no longer look at (permissions) is no proof that it is.
      if ((e as { code?: string }).code !== "ENOTDIR") return null;
    }
    if (!now) return lostError(path, "deleted");
    return identity(now) === opened ? null : lostError(path, "replaced");
  }

  const watch: FileWatch = {
    check() {
      if (!lost) {
        lost = probe();
        if (lost) opts.log.log("error", lost.message, { path });
      }
      watch.ensure();
    },
    ensure() {
      if (lost) throw lost;
    },
    stop() {
      unregister();
    },
  };
  const unregister = (opts.periodic ?? sharedTimer()).every(opts.intervalMs, () => {
    try {
      watch.check();
    } catch {
      unregister(); // logged once; the store answers every call with the error from now on
    }
  });
  return watch;
}

/** For `:memory:` stores. */
export const noFileWatch: FileWatch = { check() {}, ensure() {}, stop() {} };
