import { detailPane } from "./detail.js";
import { h } from "./dom.js";
import { previewArgs } from "./fires.js";
import { WATCH_MS, WATCH_POLL_MS, type Watch, watchNews } from "./run-now.js";
import { FIRST_PAGE, OLDER_PAGE, withFirstPage, withOlderPage } from "./runs.js";
import type { Envelope, Fire, TaskDetail, TaskSource, TaskView } from "./source.js";
import { timeline } from "./timeline.js";

export interface ViewOptions {
  /** @default the browser's clock */
  now?: () => Date;
  /** Dates and weekdays in this language. @default the browser's */
  locale?: string;
}

export interface TasksView {
  /** Shows a tool result the host pushed: task_list_v1's list, or task_get_v1's task (opened). */
  show(result: Envelope | undefined): Promise<void>;
  /** Reads the list (and the open task) again. */
  refresh(): Promise<void>;
}

/** The most tasks the view lists (task_list_v1's page limit). */
const LIST_LIMIT = 100;

/**
 * The tasks view, shared by the MCP App and the local dashboard: a week timeline of every
 * task, and one task's runs and actions. It only calls duely's tools through `source`.
 */
export function mountTasksView(root: HTMLElement, source: TaskSource, opts: ViewOptions = {}): TasksView {
  const now = opts.now ?? (() => new Date());
  let tasks: TaskView[] = [];
  let loaded = false;
  const previews = new Map<string, Fire[] | null>();
  let selected: string | null = null;
  let detail: TaskDetail | null = null;
  let cancelArmed = false;
  let busy = false;
  let problem: string | null = null;
  let watch: Watch | null = null;
  let watchTimer: ReturnType<typeof setTimeout> | null = null;
  const live = h("p", { class: "live", role: "status", "aria-live": "polite" });
  /** Announces `text` (user text in it is escaped like any other, see text.ts). */
  const say = (text: string) => live.replaceChildren(h("span", {}, text));
  /** A button's work, run from its click: what it throws is announced. */
  const settle = (work: Promise<void>) => {
    work.catch((e: unknown) => say(String(e)));
  };

  async function loadPreviews(): Promise<void> {
    const entries = await Promise.all(
      tasks.map(async (t): Promise<[string, Fire[] | null]> => {
        const args = previewArgs(t);
        if (!args || t.status === "cancelled" || t.status === "completed") return [t.id, null];
        const env = await source.call("schedule_preview_v1", args).catch(() => null);
        return [t.id, env?.ok && env.reading ? env.reading.next : null];
      }),
    );
    previews.clear();
    for (const [id, fires] of entries) previews.set(id, fires);
  }

  async function loadList(): Promise<void> {
    const env = await source.call("task_list_v1", { limit: LIST_LIMIT });
    if (!env.ok) throw new Error(env.error?.message ?? "task_list_v1 failed");
    tasks = env.tasks ?? [];
    loaded = true;
  }

  /** The open task's first page of runs, keeping the older pages read when it still joins them. */
  async function loadDetail(): Promise<void> {
    if (selected === null) return;
    const env = await source.call("task_get_v1", { task_id: selected, runs: FIRST_PAGE });
    detail = env.ok && env.task ? withFirstPage(detail, env.task, env) : null;
    followWatch();
  }

  async function loadOlder(): Promise<void> {
    const from = detail;
    if (!from?.cursor) return;
    const env = await source.call("task_get_v1", { task_id: from.task.id, runs: OLDER_PAGE, cursor: from.cursor });
    // Another task opened, or the first page read again without joining, meanwhile.
    if (detail?.task.id !== from.task.id || detail.cursor !== from.cursor) return;
    if (!env.ok) {
      say(`Could not read older runs: ${env.error?.message ?? "unknown error"}`);
      return;
    }
    const { detail: next, added } = withOlderPage(detail, env);
    detail = next;
    render();
    say(`${added} older run${added === 1 ? "" : "s"} shown${next.cursor === null ? "; these are the oldest" : ""}.`);
  }

  async function refresh(): Promise<void> {
    try {
      await loadList();
      await Promise.all([loadPreviews(), loadDetail()]);
      problem = null;
    } catch (e) {
      problem = e instanceof Error ? e.message : String(e);
    }
    render();
  }

  function stopWatch(): void {
    watch = null;
    if (watchTimer !== null) clearTimeout(watchTimer);
    watchTimer = null;
  }

  /** After the open task is read: says how the run started with Run now ended, or reads again shortly. */
  function followWatch(): void {
    if (!watch || detail?.task.id !== watch.task) return;
    const news = watchNews(watch, detail.runs, now().getTime());
    if (news !== null) {
      stopWatch();
      say(news);
    } else if (watchTimer === null) {
      watchTimer = setTimeout(() => {
        watchTimer = null;
        refresh().catch((e: unknown) => say(String(e)));
      }, WATCH_POLL_MS);
    }
  }

  /** Calls `tool` on the task with the buttons disabled meanwhile; a call that throws is a failed answer. */
  async function change(tool: string, task: TaskView): Promise<Envelope> {
    busy = true;
    render();
    const env = await source
      .call(tool, { task_id: task.id })
      .catch((e: unknown): Envelope => ({ ok: false, api: tool, error: { code: "internal", message: String(e) } }));
    busy = false;
    return env;
  }

  /** One extra run now (task_run_now_v1), then followed until it ends. */
  async function runNow(task: TaskView): Promise<void> {
    const env = await change("task_run_now_v1", task);
    cancelArmed = false;
    stopWatch();
    if (env.ok && env.run) watch = { task: task.id, title: task.title, run: env.run.scheduled_for.utc, until: now().getTime() + WATCH_MS };
    await refresh();
    if (!env.ok || !env.run) say(`Could not run ${task.title} now: ${env.error?.message ?? "unknown error"}`);
    else if (watch) say(`Running ${task.title} now: its result shows here when it finishes.`);
  }

  async function act(tool: string, task: TaskView, verb: string): Promise<void> {
    const env = await change(tool, task);
    cancelArmed = false;
    await refresh();
    say(env.ok ? `${verb}: ${task.title}.` : `Could not change ${task.title}: ${env.error?.message ?? "unknown error"}`);
  }

  function select(id: string): void {
    selected = selected === id ? null : id;
    cancelArmed = false;
    detail = null;
    stopWatch();
    render();
    loadDetail()
      .then(render)
      .catch((e: unknown) => say(`Could not load the task: ${String(e)}`));
  }

  function render(): void {
    const focused = document.activeElement?.getAttribute("data-key");
    root.replaceChildren(
      h("header", {}, h("h1", {}, "Scheduled tasks"), h("button", { class: "link", "data-key": "refresh", onclick: () => refresh() }, "Refresh")),
      problem ? h("p", { class: "problem", role: "alert" }, problem) : "",
      !loaded ? h("p", { class: "muted" }, "Loading…") : "",
      loaded && tasks.length === 0 ? h("p", { class: "muted" }, "No scheduled tasks yet. Ask the assistant to schedule one.") : "",
      tasks.length > 0 ? timeline({ tasks, previews, selected, now: now(), locale: opts.locale, onSelect: select }) : "",
      detail && selected === detail.task.id
        ? detailPane({
            detail,
            cancelArmed,
            busy,
            act: (tool, task, verb) => settle(act(tool, task, verb)),
            armCancel: () => {
              cancelArmed = true;
              render();
            },
            runNow: (task) => settle(runNow(task)),
            older: () => settle(loadOlder()),
          })
        : "",
      live,
    );
    if (focused) root.querySelector<HTMLElement>(`[data-key="${CSS.escape(focused)}"]`)?.focus();
  }

  render();
  return {
    async show(result) {
      if (!result?.ok) return refresh();
      if (result.task && result.runs) {
        selected = result.task.id;
        detail = { task: result.task, runs: result.runs, next: result.next ?? [], cursor: result.next_cursor ?? null, older: false };
        return refresh();
      }
      if (result.tasks) {
        tasks = result.tasks;
        loaded = true;
        await loadPreviews().catch(() => undefined);
        return render();
      }
      return refresh();
    },
    refresh,
  };
}
