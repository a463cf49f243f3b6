import { execFile } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import { ActionFailure } from "../../ports/action.js";
import type { DesktopNotifier } from "../../ports/desktop-notifier.js";
import { notifierCommand } from "./notifier-commands.js";

export interface CommandNotifierOptions {
  /** Which OS's notifier to run. @default process.platform */
  platform?: NodeJS.Platform;
  /** The environment the notifier runs in (PATH finds it; the desktop session's variables reach it). */
  env: Record<string, string | undefined>;
  /** A notifier that has not exited by then counts as failed. @default 10_000 */
  timeoutMs?: number;
}

/** A few lines of what the notifier said, for the run's error. */
const said = (stderr: string): string => stderr.trim().split("\n").slice(0, 3).join(" / ").slice(0, 300);

/**
 * Desktop notifications by running the platform's notifier program (notifier-commands.ts)
 * with the given environment. A program that is not installed fails permanently, saying how to
 * get it; one that exits with an error or hangs fails permanently too, with what it printed:
 * neither is something a retry a few seconds later would change.
 */
export function commandNotifier(opts: CommandNotifierOptions): DesktopNotifier {
  const platform = opts.platform ?? process.platform;
  const timeout = opts.timeoutMs ?? 10_000;
  return {
    unavailable() {
      const cmd = notifierCommand(platform, { title: "", body: "" });
      return onPath(cmd.file, opts.env, platform) ? null : `desktop notifications need ${cmd.file}, which was not found on PATH: ${cmd.install}`;
    },
    notify(note) {
      const cmd = notifierCommand(platform, note);
      return new Promise((resolve, reject) => {
        execFile(cmd.file, cmd.args, { env: { ...opts.env, ...cmd.env }, timeout, windowsHide: true }, (err, _stdout, stderr) => {
          if (!err) return resolve();
          const e = err as NodeJS.ErrnoException & { killed?: boolean; code?: unknown };
          if (e.code === "ENOENT") {
            return reject(new ActionFailure(`desktop notifications need ${cmd.file}, which was not found on PATH: ${cmd.install}`, { permanent: true }));
          }
          if (e.killed) return reject(new ActionFailure(`${cmd.file} did not finish within ${timeout} ms`, { permanent: true }));
          const detail = said(String(stderr)) || e.message;
          reject(new ActionFailure(`${cmd.file} failed (exit code ${String(e.code)}): ${detail}`, { permanent: true }));
        });
      });
    },
  };
}

/**
 * Whether `file` is an executable file in one of the directories of `env`'s PATH: where
 * execFile, given that environment, looks for it. Windows spells the variable `Path`.
 */
function onPath(file: string, env: Record<string, string | undefined>, platform: NodeJS.Platform): boolean {
  const path = env.PATH ?? env.Path ?? "";
  const sep = platform === "win32" ? ";" : delimiter;
  return path
    .split(sep)
    .filter((dir) => dir !== "")
    .some((dir) => {
      const candidate = join(dir, file);
      try {
        if (!statSync(candidate).isFile()) return false;
        if (platform !== "win32") accessSync(candidate, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}
