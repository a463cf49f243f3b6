import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, type WriteStream } from "node:fs";
import { join } from "node:path";
import type { Kill } from "./observation.js";

/** One process the harness keeps running: `serve`, `watcher-1`, … and the CLI arguments it runs with. */
export interface Slot {
  name: string;
  /** `serve`, `watcher` or `worker`: what a kill of it interrupts. */
  role: string;
  args: string[];
}

/** How long a restarted process took to say it was ready (kill → ready). */
export interface Restart {
  slot: string;
  ms: number;
}

interface Live {
  slot: Slot;
  child: ChildProcess;
  /** Set once the harness killed or stopped it, so its exit is not a crash. */
  expected: boolean;
  ready: boolean;
}

export interface FleetOptions {
  /** How to run the CLI, e.g. `[node, "dist/cli/main.js"]`. */
  command: string[];
  env: Record<string, string>;
  /** Gets one `<slot>.log` per slot: every incarnation's stdout and stderr. */
  logDir: string;
  /** @default 60_000 */
  readyTimeoutMs?: number;
}

/** The line each command logs once it serves or polls: the CLI's own log, nothing added for tests. */
const READY = /duely serving MCP|duely (watcher|worker) started/;

/**
 * The real CLI processes of a chaos run. It starts each slot and waits for its ready line, kills
 * one with SIGKILL and restarts it at once (as a supervisor would), and also restarts one that
 * exits on its own, recording it: a process that crashes by itself is a finding.
 */
export class Fleet {
  readonly kills: Kill[] = [];
  readonly restarts: Restart[] = [];
  readonly crashes: { slot: string; at: number; code: number | null; signal: string | null }[] = [];
  private readonly live = new Map<string, Live>();
  private readonly logs = new Map<string, WriteStream>();
  private closing = false;
  private readonly opts: FleetOptions;

  constructor(opts: FleetOptions) {
    this.opts = opts;
  }

  slots(role?: string): Slot[] {
    return [...this.live.values()].map((l) => l.slot).filter((s) => role === undefined || s.role === role);
  }

  /** Starts the slot and resolves once it logged its ready line; rejects if it exits or stays silent first. */
  start(slot: Slot): Promise<void> {
    const [exe, ...pre] = this.opts.command;
    const child = spawn(exe!, [...pre, ...slot.args], { env: { ...process.env, ...this.opts.env }, stdio: ["ignore", "pipe", "pipe"] });
    const entry: Live = { slot, child, expected: false, ready: false };
    this.live.set(slot.name, entry);
    const log = this.logOf(slot.name);
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
    return new Promise<void>((resolve, reject) => {
      let seen = "";
      const timer = setTimeout(() => reject(new Error(`${slot.name} did not get ready in time`)), this.opts.readyTimeoutMs ?? 60_000);
      const onData = (d: Buffer) => {
        seen = (seen + String(d)).slice(-4_000);
        if (!READY.test(seen)) return;
        clearTimeout(timer);
        child.stderr!.off("data", onData);
        entry.ready = true;
        resolve();
      };
      child.stderr!.on("data", onData);
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${slot.name} exited (${code ?? signal}) before it was ready: ${seen.slice(-1_000)}`));
        // One that never got ready is its starter's failure (rejected above), not restarted in a loop.
        if (entry.expected || this.closing || !entry.ready) return;
        this.crashes.push({ slot: slot.name, at: Date.now(), code, signal });
        this.start(slot).catch((e: unknown) => log.write(`harness: restart after a crash failed: ${String(e)}\n`));
      });
    });
  }

  /** SIGKILLs the slot's process, restarts it at once and resolves when the new one is ready. */
  async killAndRestart(name: string): Promise<Kill> {
    const entry = this.live.get(name);
    if (!entry) throw new Error(`no slot ${name}`);
    entry.expected = true;
    const kill: Kill = { at: Date.now(), role: entry.slot.role, pid: entry.child.pid! };
    const exited = new Promise((r) => entry.child.once("exit", r));
    entry.child.kill("SIGKILL");
    await exited;
    this.kills.push(kill);
    await this.start(entry.slot);
    this.restarts.push({ slot: name, ms: Date.now() - kill.at });
    return kill;
  }

  /** SIGTERM to every process, at once; each gets `timeoutMs` to stop gracefully before a SIGKILL. */
  async stopAll(timeoutMs: number): Promise<{ slot: string; ms: number; graceful: boolean }[]> {
    this.closing = true;
    const stops = [...this.live.values()].map(async ({ slot, child }) => {
      const started = Date.now();
      if (child.exitCode !== null || child.signalCode !== null) return { slot: slot.name, ms: 0, graceful: true };
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const graceful = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), timeoutMs))]);
      if (!graceful) {
        child.kill("SIGKILL");
        await exited;
      }
      return { slot: slot.name, ms: Date.now() - started, graceful };
    });
    const out = await Promise.all(stops);
    await Promise.all([...this.logs.values()].map((l) => new Promise((r) => l.end(r))));
    return out;
  }

  /** For an aborted run: no process may outlive the harness. */
  killAll(): void {
    this.closing = true;
    for (const { child } of this.live.values()) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }

  private logOf(name: string): WriteStream {
    let log = this.logs.get(name);
    if (!log) {
      log = createWriteStream(join(this.opts.logDir, `${name}.log`), { flags: "a" });
      this.logs.set(name, log);
    }
    return log;
  }
}
