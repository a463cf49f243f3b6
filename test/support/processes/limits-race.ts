import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

/** Two limits-node.ts processes on one backend, released at once; see that script. */

const SCRIPT = join(import.meta.dirname, "limits-node.ts");
const children: ChildProcess[] = [];

/** Kills what `race` left running (afterEach). */
export function killRacers(): void {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill("SIGKILL");
}

export interface Counts {
  ok: number;
  limit: number;
  other: string[];
  otherCount: number;
  /** When its calls after the meeting point began and ended (epoch ms, sub-ms precision). */
  first: number;
  last: number;
}

/** Starts a process; `ready` resolves once it is set up, `result` with its counts once it has made its calls. */
function start(env: Record<string, string>): { ready: Promise<void>; result: Promise<Counts> } {
  const child = spawn(process.execPath, ["--import", "tsx", SCRIPT], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let out = "";
  let err = "";
  child.stderr!.on("data", (d) => (err += d));
  child.stdout!.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<never>((_, reject) => child.on("exit", (code) => reject(new Error(`exited ${code} before answering: ${err}`))));
  const ready = new Promise<void>((resolve) => child.stdout!.on("data", () => out.includes("ready") && resolve()));
  const result = new Promise<Counts>((resolve) =>
    child.stdout!.on("data", () => {
      const line = /result (.*)\n/.exec(out)?.[1];
      if (line) resolve(JSON.parse(line) as Counts);
    }),
  );
  return { ready: Promise.race([ready, exited]), result: Promise.race([result, exited]) };
}

/** Two processes make their calls at once (a GO file in `dir` releases both); their counts. */
export async function race(dir: string, env: Record<string, string>): Promise<Counts[]> {
  const go = join(dir, "go");
  const at = String(Date.now());
  const both = [0, 1].map(() => start({ GO: go, START: at, ...env }));
  await Promise.all(both.map((p) => p.ready));
  writeFileSync(go, "");
  return Promise.all(both.map((p) => p.result));
}

/** Whether the two processes' calls after their meeting point overlapped in time: they raced. */
export function overlapped([a, b]: Counts[]): boolean {
  return a!.first < b!.last && b!.first < a!.last;
}
