import { h } from "./dom.js";
import type { RunView, TaskDetail, TaskView } from "./source.js";
import { failingLine, statusBadge } from "./status.js";
import { localDate, localTime } from "./week.js";

export interface DetailProps {
  detail: TaskDetail;
  /** The task whose cancel button waits for its confirming second click. */
  cancelArmed: boolean;
  busy: boolean;
  /** Calls a tool on the task and refreshes; `verb` is announced. */
  act(tool: string, task: TaskView, verb: string): void;
  armCancel(): void;
  runNow(task: TaskView): void;
  /** Reads the next older page of runs. */
  older(): void;
}

const when = (iso: string) => `${localDate(iso)} ${localTime(iso)}`;

function statusText(r: RunView): string {
  return r.status === "skipped" && r.skip_reason ? `skipped: ${r.skip_reason.replaceAll("_", " ")}` : r.status;
}

/** Why a run did not happen or failed, in words; "" for the others. */
function reasonOf(r: RunView): string {
  if (r.status === "skipped") return r.why ?? r.skip_reason ?? "";
  if (r.status === "failed" || (r.error && r.status !== "succeeded")) return r.error?.message ?? "";
  return "";
}

function runItem(r: RunView, open: boolean): HTMLElement {
  const reason = reasonOf(r);
  return h(
    "li",
    { class: `run ${r.status}`, "data-utc": r.scheduled_for.utc },
    h("time", { datetime: r.scheduled_for.utc }, when(r.scheduled_for.local)),
    h("span", { class: `badge ${r.status}` }, statusText(r)),
    r.late_by !== undefined && h("span", { class: "badge late", title: r.started_at ? `started ${r.started_at}` : "" }, `late by ${r.late_by}`),
    r.manual && h("span", { class: "badge manual", title: "An extra run started with Run now, outside the schedule" }, "run now"),
    r.attempt > 1 && h("span", { class: "muted" }, `${r.attempt} attempts`),
    reason && h("p", { class: "why" }, reason),
    r.result !== undefined &&
      h(
        "details",
        { class: "result", open },
        h("summary", {}, r.result_truncated ? "Delivered text (cut; the full text is in the task's latest-run resource)" : "Delivered text"),
        h("p", {}, r.result),
      ),
  );
}

function actions(p: DetailProps, t: TaskView): HTMLElement {
  return h(
    "div",
    { class: "actions", role: "group", "aria-label": `Actions for ${t.title}` },
    h("button", { "data-key": `run-now:${t.id}`, disabled: p.busy, onclick: () => p.runNow(t) }, "Run now"),
    t.status === "paused"
      ? h("button", { "data-key": `resume:${t.id}`, disabled: p.busy, onclick: () => p.act("task_resume_v1", t, "Resumed") }, "Resume")
      : h("button", { "data-key": `pause:${t.id}`, disabled: p.busy, onclick: () => p.act("task_pause_v1", t, "Paused") }, "Pause"),
    // A sandboxed view has no confirm(): cancelling takes a second, confirming click.
    h(
      "button",
      {
        class: p.cancelArmed ? "danger armed" : "danger",
        "data-key": `cancel:${t.id}`,
        disabled: p.busy,
        onclick: () => (p.cancelArmed ? p.act("task_cancel_v1", t, "Cancelled") : p.armCancel()),
      },
      p.cancelArmed ? "Confirm: cancel for good" : "Cancel task",
    ),
  );
}

/** One task: what it is, its actions, and its runs, page by page, with the reason for each that did not run. */
export function detailPane(p: DetailProps): HTMLElement {
  const { task: t, runs, cursor } = p.detail;
  const live = t.status === "active" || t.status === "paused";
  const firstResult = runs.findIndex((r) => r.result !== undefined);
  return h(
    "section",
    { class: "detail", "aria-labelledby": "detail-title", "data-detail": t.id },
    h("h2", { id: "detail-title" }, h("bdi", {}, t.title), " ", statusBadge(t)),
    failingLine(t),
    h("p", { class: "muted" }, `${t.description} · ${t.timezone}${t.next_run ? ` · next ${when(t.next_run.local)}` : ""}`),
    live && actions(p, t),
    h("h3", {}, "Runs"),
    runs.length > 0 ? h("ol", { class: "runs" }, ...runs.map((r, i) => runItem(r, i === firstResult))) : h("p", { class: "muted" }, "No runs yet."),
    cursor !== null && h("button", { class: "link", "data-key": `older:${t.id}`, disabled: p.busy, onclick: () => p.older() }, "Show older runs"),
  );
}
