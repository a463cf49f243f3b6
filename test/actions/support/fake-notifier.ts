import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface FakeNotifier {
  /** Put first on PATH: it holds the fake `notify-send`. */
  dir: string;
  /** The environment to run notifiers in: PATH starts with `dir`, and the fake knows where to record. */
  env: Record<string, string>;
  /** The argv of every run, in order (arguments only, without the program). */
  calls(): string[][];
  close(): void;
}

/**
 * A real `notify-send` stand-in: a shell script in a fresh folder that appends its arguments
 * (NUL-separated, a newline-free record per run) to a file, and exits with `exitCode`, saying
 * `stderr` first. The adapter under test finds it on PATH and runs it as a real process.
 */
export function fakeNotifySend(opts: { exitCode?: number; stderr?: string } = {}): FakeNotifier {
  const dir = mkdtempSync(join(tmpdir(), "duely-notify-"));
  const log = join(dir, "calls.log");
  const script = [
    "#!/bin/sh",
    'for arg in "$@"; do printf \'%s\\0\' "$arg" >> "$DUELY_FAKE_NOTIFY_LOG"; done',
    "printf '\\036' >> \"$DUELY_FAKE_NOTIFY_LOG\"",
    ...(opts.stderr ? [`echo '${opts.stderr}' >&2`] : []),
    `exit ${opts.exitCode ?? 0}`,
  ].join("\n");
  const bin = join(dir, "notify-send");
  writeFileSync(bin, `${script}\n`);
  chmodSync(bin, 0o755);
  return {
    dir,
    env: { PATH: `${dir}:/usr/bin:/bin`, DUELY_FAKE_NOTIFY_LOG: log },
    calls: () =>
      existsSync(log)
        ? readFileSync(log, "utf8")
            .split("\x1e")
            .slice(0, -1)
            .map((record) => record.split("\0").slice(0, -1))
        : [],
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}
