import { h } from "./dom.js";
import { firesOn } from "./fires.js";
import type { Fire, TaskView } from "./source.js";
import { failingLine, statusBadge } from "./status.js";
import { clockChangeOn, dayLabel, localDate, localTime, offsetOf, todayIn, weekFrom, zoneAbbreviation } from "./week.js";

/** Most fires drawn in one day cell; the rest are counted. */
const PER_DAY = 4;

export interface TimelineProps {
  tasks: readonly TaskView[];
  previews: ReadonlyMap<string, Fire[] | null>;
  selected: string | null;
  now: Date;
  locale: string | undefined;
  onSelect(id: string): void;
}

/**
 * Whether the owner skipped this fire (task_skip_v1). Skips are kept as run times, which a task
 * with a start window begins up to that window after the schedule's time the preview gives.
 */
function isSkipped(f: Fire, t: TaskView): boolean {
  const at = Date.parse(f.utc);
  const window = (t.policies?.window_minutes ?? 0) * 60_000;
  return (t.skipped ?? []).some((s) => {
    const late = Date.parse(s.utc) - at;
    return late === 0 || (late > 0 && late < window);
  });
}

function fireMark(f: Fire, t: TaskView, locale: string | undefined, shifted: boolean): HTMLElement {
  const at = new Date(f.utc);
  const label = `${dayLabel(localDate(f.local), locale)} ${localTime(f.local)} ${zoneAbbreviation(t.timezone, at)} (${f.utc.slice(11, 16)} UTC)`;
  const skipped = isSkipped(f, t);
  const note = skipped ? ": skipped, it will not run" : shifted ? ": the clocks changed since the previous run" : "";
  return h(
    "li",
    {
      class: `fire${shifted ? " shifted" : ""}${skipped ? " skipped" : ""}`,
      title: `${label}${note}`,
      "data-utc": f.utc,
      "data-offset": offsetOf(f.local),
      "data-state": skipped ? "skipped" : "coming",
    },
    skipped ? h("s", {}, localTime(f.local)) : localTime(f.local),
    skipped && h("span", { class: "tag" }, " skipped"),
  );
}

function row(t: TaskView, p: TimelineProps): HTMLElement {
  const days = weekFrom(todayIn(t.timezone, p.now));
  const fires = firesOn(t, p.previews.get(t.id) ?? null, days);
  let offset = fires[0] ? offsetOf(fires[0].local) : "";
  const cells = days.map((day, i) => {
    const here = fires.filter((f) => localDate(f.local) === day);
    const marks = here.slice(0, PER_DAY).map((f) => {
      const shifted = offsetOf(f.local) !== offset;
      offset = offsetOf(f.local);
      return fireMark(f, t, p.locale, shifted);
    });
    const more = here.length - marks.length;
    const change = clockChangeOn(t.timezone, day);
    return h(
      "td",
      { class: `day${i === 0 ? " today" : ""}${marks.length === 0 && !change ? " empty" : ""}`, "data-date": day },
      h("span", { class: "date" }, i === 0 ? `Today · ${dayLabel(day, p.locale)}` : dayLabel(day, p.locale)),
      change && h("span", { class: "clock-change", title: "The clocks change in this zone today" }, `${change.from} → ${change.to}`),
      marks.length > 0 && h("ul", { class: "fires" }, ...marks),
      more > 0 && h("span", { class: "more" }, `+${more} more`),
    );
  });
  const isSelected = p.selected === t.id;
  return h(
    "tr",
    { class: `task ${t.status}${isSelected ? " selected" : ""}`, "data-task": t.id },
    h(
      "th",
      { scope: "row", class: "who" },
      h(
        "button",
        { class: "select", "aria-expanded": String(isSelected), "data-key": `select:${t.id}`, onclick: () => p.onSelect(t.id) },
        h("bdi", {}, t.title),
      ),
      h("span", { class: "zone" }, `${t.timezone} · ${zoneAbbreviation(t.timezone, p.now)}`),
      statusBadge(t),
      failingLine(t),
    ),
    ...cells,
  );
}

/** The owner's tasks, one row each, with the next fires over the coming seven days of the task's own zone. */
export function timeline(p: TimelineProps): HTMLElement {
  return h(
    "table",
    { class: "timeline" },
    h("caption", {}, "Next runs over the coming week, each row in its task's own time zone"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Task"), h("th", { scope: "col", colspan: "7" }, "This week"))),
    h("tbody", {}, ...p.tasks.map((t) => row(t, p))),
  );
}
