import { detailPane } from "./detail.js";
import { h } from "./dom.js";
import { previewArgs } from "./fires.js";
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
  const live = h("p", { class: "live", role: "status", "aria-live": "polite" });

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

  async function loadDetail(): Promise<void> {
    if (selected === null) return;
    const env = await source.call("task_get_v1", { task_id: selected, runs: 10 });
    detail = env.ok && env.task ? { task: env.task, runs: env.runs ?? [], next: env.next ?? [] } : null;
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

  async function act(tool: string, task: TaskView, verb: string): Promise<void> {
    busy = true;
    render();
    const env = await source
      .call(tool, { task_id: task.id })
      .catch((e: unknown): Envelope => ({ ok: false, api: tool, error: { code: "internal", message: String(e) } }));
    busy = false;
    cancelArmed = false;
    await refresh();
    live.textContent = env.ok ? `${verb}: ${task.title}.` : `Could not change ${task.title}: ${env.error?.message ?? "unknown error"}`;
  }

  function select(id: string): void {
    selected = selected === id ? null : id;
    cancelArmed = false;
    detail = null;
    render();
    loadDetail()
      .then(render)
      .catch((e: unknown) => {
        live.textContent = `Could not load the task: ${String(e)}`;
      });
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
            act: (tool, task, verb) => {
              act(tool, task, verb).catch((e: unknown) => {
                live.textContent = String(e);
              });
            },
            armCancel: () => {
              cancelArmed = true;
              render();
            },
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
        detail = { task: result.task, runs: result.runs, next: result.next ?? [] };
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
