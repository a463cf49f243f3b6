import type { RunView } from "./source.js";

/** After Run now, the task is read again this often until that run ends, for at most WATCH_MS. */
export const WATCH_POLL_MS = 2_000;
export const WATCH_MS = 120_000;
/** The most of a run's result or error the live region reads out; the whole text is in the run's row. */
const SAID_CHARS = 200;
const ENDED: readonly RunView["status"][] = ["succeeded", "failed", "skipped", "cancelled"];

/** A run started with Run now (task_run_now_v1), followed until it ends. */
export interface Watch {
  task: string;
  title: string;
  /** The run's key: its scheduled_for.utc. */
  run: string;
  /** When to stop following it (epoch ms). */
  until: number;
}

const cut = (text: string) => (text.length > SAID_CHARS ? `${text.slice(0, SAID_CHARS)}…` : text);

/**
 * What to announce about the followed run, from its task's newest runs: how it ended, or that
 * it is taking long (then stop following); null while it has yet to end (read again).
 */
export function watchNews(w: Watch, runs: readonly RunView[], now: number): string | null {
  const run = runs.find((r) => r.scheduled_for.utc === w.run);
  if (run && ENDED.includes(run.status)) {
    if (run.status === "succeeded") return `Run now of ${w.title} succeeded${run.result !== undefined ? `: ${cut(run.result)}` : "."}`;
    const why = run.error?.message ?? run.why ?? "no reason given";
    return `Run now of ${w.title} ${run.status === "failed" ? "failed" : `was ${run.status}`}: ${cut(why)}`;
  }
  return now > w.until ? `Run now of ${w.title} has not finished yet: its result will show in its runs.` : null;
}
