import { h } from "./dom.js";
import type { TaskView } from "./source.js";

const STATUS_LABEL: Record<TaskView["status"], string> = { active: "Active", paused: "Paused", cancelled: "Cancelled", completed: "Completed" };

/** The task's status badge: an active task whose newest finished run failed is "Failing", not "Active". */
export function statusBadge(t: TaskView): HTMLElement {
  return t.failing && t.status === "active"
    ? h("span", { class: "badge failing", title: failingText(t) ?? "" }, "Failing")
    : h("span", { class: `badge ${t.status}` }, STATUS_LABEL[t.status]);
}

/** Why the task is failing, in words; null when its newest finished run did not fail. */
export function failingText(t: TaskView): string | null {
  if (!t.failing) return null;
  const { in_a_row, reason } = t.failing;
  return `${in_a_row > 1 ? `The last ${in_a_row} runs failed` : "The last run failed"}: ${reason}`;
}

/** The failing line under a task's name, or nothing. */
export function failingLine(t: TaskView): HTMLElement | null {
  const text = failingText(t);
  return text === null ? null : h("span", { class: "failing-why", role: "note" }, text);
}
