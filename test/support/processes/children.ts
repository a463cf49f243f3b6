import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

/** Scheduler processes started by a crash test; `killAll` in afterEach leaves none behind. */
export class Children {
  private readonly list: ChildProcess[] = [];

  /** Starts `script` under tsx and resolves once it prints "ready"; rejects with its stderr if it exits first. */
  start(script: string, env: Record<string, string>): Promise<ChildProcess> {
    const child = spawn(process.execPath, ["--import", "tsx", script], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    this.list.push(child);
    let err = "";
    child.stderr!.on("data", (d) => (err += d));
    return new Promise((resolve, reject) => {
      child.stdout!.on("data", (d) => String(d).includes("ready") && resolve(child));
      child.on("exit", (code) => reject(new Error(`node exited ${code}: ${err}`)));
    });
  }

  killAll(): void {
    for (const c of this.list.splice(0)) if (c.exitCode === null) c.kill("SIGKILL");
  }
}

/** The action log's lines: `start <key> <attempt> <pid>` / `end <key> <attempt> <pid>`. */
export const logLines = (log: string): string[] => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").filter(Boolean) : []);

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string, everyMs = 50): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}
