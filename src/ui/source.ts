import type { Fire, RunView, TaskView } from "../mcp/schemas.js";

export type { Fire, RunView, TaskView };

/** A tool's structured result: the envelope every duely tool returns, with the fields the view reads. */
export interface Envelope {
  ok: boolean;
  api: string;
  error?: { code: string; message: string; hint?: string };
  tasks?: TaskView[];
  task?: TaskView;
  runs?: RunView[];
  next?: Fire[];
  next_cursor?: string;
  reading?: { next: Fire[] };
  /** task_run_now_v1's run. */
  run?: RunView;
  summary?: string;
}

/** One task as the view shows it: task_get_v1's answer, with older pages of runs read on request. */
export interface TaskDetail {
  task: TaskView;
  /** Newest first: the first page, then each older page read. */
  runs: RunView[];
  /** Where the next older page starts; null when the oldest run is shown. */
  cursor: string | null;
  /** Whether older pages than the first were read. */
  older: boolean;
  next: Fire[];
}

/**
 * Where the view reads tasks and sends actions: the chat host's app bridge in the MCP App, the
 * service's own /mcp in the local dashboard. Every call is a duely tool call, so in a chat the
 * host's confirmation rules apply to each.
 */
export interface TaskSource {
  call(tool: string, args: Record<string, unknown>): Promise<Envelope>;
}
