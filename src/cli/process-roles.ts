import { ALL_ROLES, type Role } from "../app/engine/engine.js";
import { type Config, ConfigError } from "../config.js";

/** The commands that run duely as a long-lived process. */
export type ProcessCommand = "serve" | "watcher" | "worker";

/**
 * The background roles a command runs, from the config's deployment mode. Embedded, `duely serve`
 * is the whole scheduler, and a watcher or worker apart could never meet the other's in-memory
 * queue, so those commands are refused; distributed, `duely serve` is the API only, and the
 * watcher and worker run as their own processes (the watcher holding shard 0 also sweeps, so the
 * sweep runs once).
 */
export function rolesOf(command: ProcessCommand, config: Config): readonly Role[] {
  if (command === "serve") return config.mode === "embedded" ? ALL_ROLES : [];
  if (config.mode === "embedded") {
    throw new ConfigError([
      `\`duely ${command}\` runs apart only on DynamoDB + SQS (store.kind "dynamodb", queue.kind "sqs"): on SQLite the queue lives in one process's memory, so run \`duely serve\` (or the local service), which runs the watcher, the worker and the sweeper together`,
    ]);
  }
  return command === "watcher" ? ["watcher", "sweeper"] : ["worker"];
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
export function startFields(
  command: ProcessCommand,
  config: Config,
): { mode: Config["mode"]; store: string; queue: string; runs_here: string[]; expected_elsewhere: string[] } {
  const roles = rolesOf(command, config);
  const here = command === "serve" ? ["api", ...roles] : [...roles];
  const expected = config.mode === "embedded" ? [] : (["serve", "watcher", "worker"] as const).filter((c) => c !== command).map((c) => ELSEWHERE[c]);
  return { mode: config.mode, store: config.store.kind, queue: config.queue.kind, runs_here: here, expected_elsewhere: expected };
}
