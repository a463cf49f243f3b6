import type { Envelope, RunView, TaskDetail, TaskView } from "./source.js";

/** Runs on the first page of a task's runs, then on each older page read with "Show older runs". */
export const FIRST_PAGE = 10;
export const OLDER_PAGE = 20;

const key = (r: RunView) => r.scheduled_for.utc;

/**
 * The runs to show after reading the first page again (`fresh`, newest first), when older pages
 * were read before (`shown`, newest first, one unbroken stretch): the fresh page, then the shown
 * runs older than it, so the older rows read stay. When the fresh page no longer reaches any
 * shown run (more new runs than a page since), what lies between is unknown: null, and paging
 * starts again from the fresh page.
 */
export function keepOlder(fresh: readonly RunView[], shown: readonly RunView[]): RunView[] | null {
  const oldest = fresh[fresh.length - 1];
  if (!oldest || !shown.some((r) => key(r) === key(oldest))) return null;
  const before = Date.parse(key(oldest));
  return [...fresh, ...shown.filter((r) => Date.parse(key(r)) < before)];
}

/** The task as its first page of runs (task_get_v1's answer `env`) shows it, keeping the older pages of `prev` that it joins. */
export function withFirstPage(prev: TaskDetail | null, task: TaskView, env: Envelope): TaskDetail {
  const fresh = env.runs ?? [];
  const kept = prev?.task.id === task.id && prev.older ? keepOlder(fresh, prev.runs) : null;
  return {
    task,
    next: env.next ?? [],
    runs: kept ?? fresh,
    cursor: kept && prev ? prev.cursor : (env.next_cursor ?? null),
    older: kept !== null,
  };
}

/** The task with an older page of runs (task_get_v1's answer `env`) added below, none shown twice. */
export function withOlderPage(d: TaskDetail, env: Envelope): { detail: TaskDetail; added: number } {
  const seen = new Set(d.runs.map(key));
  const more = (env.runs ?? []).filter((r) => !seen.has(key(r)));
  return { detail: { ...d, runs: [...d.runs, ...more], cursor: env.next_cursor ?? null, older: true }, added: more.length };
}
