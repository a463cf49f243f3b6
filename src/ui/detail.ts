import { h } from "./dom.js";
import type { RunView, TaskDetail, TaskView } from "./source.js";
import { STATUS_LABEL } from "./timeline.js";
import { localDate, localTime } from "./week.js";

export interface DetailProps {
  detail: TaskDetail;
  /** The task whose cancel button waits for its confirming second click. */
  cancelArmed: boolean;
  busy: boolean;
  /** Calls a tool on the task and refreshes; `verb` is announced. */
  act(tool: string, task: TaskView, verb: string): void;
  armCancel(): void;
}

const when = (iso: string) => `${localDate(iso)} ${localTime(iso)}`;

function statusText(r: RunView): string {
  return r.status === "skipped" && r.skip_reason ? `skipped: ${r.skip_reason.replace("_", " ")}` : r.status;
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
    { class: `run ${r.status}` },
    h("time", { datetime: r.scheduled_for.utc }, when(r.scheduled_for.local)),
    h("span", { class: `badge ${r.status}` }, statusText(r)),
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

/** One task: what it is, its actions, and its recent runs with the reason for each that did not run. */
export function detailPane(p: DetailProps): HTMLElement {
  const { task: t, runs } = p.detail;
  const live = t.status === "active" || t.status === "paused";
  const firstResult = runs.findIndex((r) => r.result !== undefined);
  return h(
    "section",
    { class: "detail", "aria-labelledby": "detail-title", "data-detail": t.id },
    h("h2", { id: "detail-title" }, t.title, " ", h("span", { class: `badge ${t.status}` }, STATUS_LABEL[t.status])),
    h("p", { class: "muted" }, `${t.description} · ${t.timezone}${t.next_run ? ` · next ${when(t.next_run.local)}` : ""}`),
    live &&
      h(
        "div",
        { class: "actions", role: "group", "aria-label": `Actions for ${t.title}` },
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
      ),
    h("h3", {}, "Recent runs"),
    runs.length > 0 ? h("ol", { class: "runs" }, ...runs.map((r, i) => runItem(r, i === firstResult))) : h("p", { class: "muted" }, "No runs yet."),
  );
}
