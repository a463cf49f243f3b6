import { ALL_ROLES, type Role } from "../app/engine.js";
import type { Config } from "../config.js";

/** The commands that run duely as a long-lived process. */
export type ProcessCommand = "serve" | "watcher" | "worker";

/**
 * The background roles a command runs. Embedded (SQLite), `duely serve` is the whole scheduler;
 * on DynamoDB + SQS it is the API only, and the watcher and worker run as their own processes
 * (the watcher holding shard 0 also sweeps, so the sweep runs once).
 */
export function rolesOf(command: ProcessCommand, config: Config): readonly Role[] {
  if (command === "watcher") return ["watcher", "sweeper"];
  if (command === "worker") return ["worker"];
  return config.store.kind === "sqlite" ? ALL_ROLES : [];
}

const ELSEWHERE: Record<ProcessCommand, string> = {
  serve: "the API (`duely serve --http`)",
  watcher: "a watcher (`duely watcher`)",
  worker: "a worker (`duely worker`)",
};

/**
 * What a process says when it starts: its store and queue, the roles it runs, and the roles that
 * must run elsewhere with the same config for tasks to run at all.
 */
export function startFields(command: ProcessCommand, config: Config): { store: string; queue: string; runs_here: string[]; expected_elsewhere: string[] } {
  const roles = rolesOf(command, config);
  const here = command === "serve" ? ["api", ...roles] : [...roles];
  const embedded = command === "serve" && roles.length > 0;
  const expected = embedded ? [] : (["serve", "watcher", "worker"] as const).filter((c) => c !== command).map((c) => ELSEWHERE[c]);
  return { store: config.store.kind, queue: config.queue.kind, runs_here: here, expected_elsewhere: expected };
}
