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
  reading?: { next: Fire[] };
}

/** One task as the view shows it: task_get_v1's answer. */
export interface TaskDetail {
  task: TaskView;
  runs: RunView[];
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
