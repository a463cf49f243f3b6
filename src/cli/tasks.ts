import { loadConfig } from "../config.js";
import type { ResultView, RunView, TaskView } from "../mcp/schemas.js";
import { withDataDir } from "../service/paths.js";
import { openTaskTools } from "./tasks-client.js";

/** `duely tasks …`'s shared options; their meaning is written once, in src/cli/main.ts. */
export interface TasksOptions {
  config?: string;
  dataDir?: string;
  json?: boolean;
}

type Env = Record<string, string | undefined>;
type Structured = Record<string, unknown>;
interface ToolError {
  code: string;
  message: string;
  field?: string;
  expected?: string;
  hint?: string;
}

/**
 * Runs one `duely tasks` subcommand: calls `tool` with `args` and prints its result, readably
 * (`show`) or as the tool's JSON with --json. Resolves to the exit code: 0, or 1 when the tool
 * refused (its error, field and hint on stderr).
 */
export async function runTasks(tool: string, args: Structured, opts: TasksOptions, env: Env, show: (out: Structured) => string): Promise<number> {
  const config = loadConfig(withDataDir(env, opts.dataDir), opts.config);
  const tools = await openTaskTools(config, withDataDir(env, opts.dataDir));
  try {
    const out = await tools.call(tool, args);
    if (out.ok === false) {
      const e = out.error as ToolError;
      if (opts.json) process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
      const lines = [`${e.code}: ${e.message}`, ...(e.expected ? [`expected: ${e.expected}`] : []), ...(e.hint ? [e.hint] : [])];
      process.stderr.write(`${lines.join("\n")}\n`);
      return 1;
    }
    if (opts.json) process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    else {
      const text = show(out);
      const note = tools.viaService ? "" : "\n(no service runs for this data dir: changes are saved; runs happen once it runs, `duely service start`)";
      process.stdout.write(`${text}${note}\n`);
    }
    return 0;
  } finally {
    await tools.close();
  }
}

const when = (f: { local: string } | undefined) => (f ? f.local.replace("T", " ") : "—");

function taskLine(t: TaskView): string {
  const mark = t.failing ? `  ! failing: ${t.failing.reason}` : "";
  const next = t.status === "active" && t.next_run ? `next ${when(t.next_run)}` : t.status;
  return `${t.id}  ${t.status.padEnd(9)} ${t.title}\n    ${t.description}; ${next}${mark}`;
}

function runLine(r: RunView): string {
  const late = r.late_by ? ` (late by ${r.late_by})` : "";
  const why = r.why ? ` — ${r.why}` : r.error ? ` — ${r.error.message}` : "";
  return `  ${when(r.scheduled_for)}  ${r.status}${r.manual ? " (run now)" : ""}${late}${why}`;
}

/** The readable forms, one per subcommand. */
export const show = {
  list(out: Structured): string {
    const tasks = out.tasks as TaskView[];
    if (tasks.length === 0) return "No tasks.";
    return tasks.map(taskLine).join("\n");
  },
  task(out: Structured): string {
    const t = out.task as TaskView;
    const runs = (out.runs as RunView[] | undefined) ?? [];
    const lines = [taskLine(t), `    zone ${t.timezone}, version ${t.version ?? "?"}${t.pause_note ? `, paused: ${t.pause_note}` : ""}`];
    for (const s of t.skipped ?? []) lines.push(`    skipping ${when(s)}`);
    if (runs.length > 0) lines.push("runs, newest first:", ...runs.map(runLine));
    if (out.next_cursor) lines.push("  … older runs: duely tasks show --json, then task_get_v1 with next_cursor");
    return lines.join("\n");
  },
  changed(verb: string) {
    return (out: Structured): string => {
      const t = out.task as TaskView;
      return typeof out.summary === "string"
        ? out.summary
        : `${verb} "${t.title}" (${t.id}): ${t.status}${t.next_run && t.status === "active" ? `, next ${when(t.next_run)}` : ""}`;
    };
  },
  results(out: Structured): string {
    const results = out.results as ResultView[];
    if (results.length === 0) return "No results in that time.";
    return results.map((r) => `${when(r.scheduled_for)}  ${r.title} (${r.task_id})\n${r.text.replace(/^/gm, "    ")}`).join("\n\n");
  },
};
