import { spawnSync } from "node:child_process";
import { join } from "node:path";

const MAIN = join(import.meta.dirname, "../../src/cli/main.ts");
/** Each run starts the CLI through tsx: about a second, several on a busy machine. Tests that spawn it use this as their timeout. */
export const CLI_TIMEOUT_MS = 30_000;

/** Runs the real CLI as a child process, as a user or script would. */
export const duely = (...args: string[]) => duelyWithInput("", ...args);

/** The same, with `input` on its standard input. */
export function duelyWithInput(input: string, ...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", MAIN, ...args], {
    encoding: "utf8",
    input,
    timeout: CLI_TIMEOUT_MS,
    // No config file from the caller's environment: each test says what it runs with.
    env: { ...process.env, DUELY_CONFIG: "" },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, json: () => JSON.parse(r.stdout) };
}
