import { DateTime } from "luxon";
import { parsePhrase } from "../../src/core/phrase/index.js";
import type { UserContext } from "../adapters/adapter.js";
import { UNSKIP } from "./intent.js";
import type { ListedTask } from "./task-match.js";

/**
 * The `rules` assistant's arguments for changing a task it found in task_list_v1: what an update
 * changes, which run a skip names, why a pause. Keyword rules, like the rest of the baseline.
 */

/** A listed task with the fields an update reads. */
export interface EditableTask extends ListedTask {
  version?: number;
  schedule?: { type: string; cron?: string; timezone?: string };
  action: ListedTask["action"] & { channels?: string[] };
}

/**
 * The part of an update request that says which task: the new value after "to", "instead",
 * "should be about" (the old task does not contain it) is cut off.
 */
export function describedPart(text: string): string {
  return text.split(/\s(?:to|auf|should be about|para que|instead)\s|改到|改成|改为|改為/i)[0] ?? text;
}

/** Words that soften a time change without being part of the schedule ("weekdays only, still at 7"). */
const FILLER = /\b(only|still|instead|back|anyway)\b|,/gi;

/** The new schedule: a repetition as read, or a bare time kept on the task's own days. */
function scheduleArgs(text: string, task: EditableTask, ctx: UserContext): Record<string, unknown> {
  for (const candidate of [text, text.replace(FILLER, " ")]) {
    let reading: ReturnType<typeof parsePhrase>;
    try {
      reading = parsePhrase(candidate, { timezone: ctx.timezone, now: ctx.now });
    } catch {
      continue;
    }
    if (reading.schedule.kind !== "once") return { when: reading.matched };
    const cron = task.schedule?.cron?.split(" ");
    const wall = DateTime.fromMillis(reading.schedule.at, { zone: reading.schedule.timezone });
    const zone = reading.schedule.timezone !== ctx.timezone ? { timezone: reading.schedule.timezone } : {};
    if (cron?.length === 5) return { schedule: { type: "cron", cron: [wall.minute, wall.hour, ...cron.slice(2)].join(" "), ...zone } };
    return { when: `every day at ${wall.toFormat("HH:mm")}`, ...zone };
  }
  return {};
}

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

function endArgs(text: string, ctx: UserContext): Record<string, unknown> {
  const m = /\buntil the end of (\w+)/i.exec(text);
  const month = m ? MONTHS.indexOf(m[1]!.toLowerCase()) : -1;
  if (month < 0) return {};
  const now = DateTime.fromMillis(ctx.now, { zone: ctx.timezone });
  const year = month + 1 >= now.month ? now.year : now.year + 1;
  return {
    end_at: DateTime.fromObject({ year, month: month + 1, day: 1 }, { zone: ctx.timezone })
      .plus({ months: 1 })
      .toFormat("yyyy-MM-dd'T'HH:mm"),
  };
}

/** A start window said in words: "between 8 and 8:15", "a 10-minute window", "within 10 minutes". */
const WINDOW_BETWEEN = /\bbetween (\d{1,2})(?::(\d{2}))? and (\d{1,2}):(\d{2})\b/i;
const WINDOW_WITHIN = /\b(\d+)[- ]minute window\b|\bwithin (\d+) minutes\b/i;

/** The text without the start window it names: the window goes in `policies`, and `when` must not carry its words. */
export const withoutWindow = (text: string): string => text.replace(WINDOW_BETWEEN, "").replace(WINDOW_WITHIN, "");

/** Run policies said in words; empty when none is. */
export function policiesOf(text: string): Record<string, unknown> {
  const p: Record<string, unknown> = {};
  if (/\bcatch up\b|\bwhen it'?s back\b|\bstill send the missed\b/i.test(text)) p.catch_up = /\ball\b|\bevery missed\b/i.test(text) ? "all" : "latest";
  const between = WINDOW_BETWEEN.exec(text);
  const within = WINDOW_WITHIN.exec(text);
  if (between) p.window_minutes = (Number(between[3]) - Number(between[1])) * 60 + Number(between[4]) - Number(between[2] ?? 0);
  else if (within) p.window_minutes = Number(within[1] ?? within[2]);
  if (/\brun (them )?both\b|\bboth at once\b/i.test(text)) p.overlap = "allow";
  else if (/\bqueue the next\b|\bwait for it\b|\blet it wait\b/i.test(text)) p.overlap = "buffer_one";
  return p;
}

function actionArgs(text: string, task: EditableTask): Record<string, unknown> {
  const topic = /\btopic to (.+)$/i.exec(text)?.[1] ?? /\bbe about (.+?)(?: instead\b.*)?$/i.exec(text)?.[1] ?? /\bsobre (.+)$/i.exec(text)?.[1];
  if (topic && task.action.type === "summarize") return { action: { type: "summarize", topic: topic.replace(/[.!?]+$/, "").trim() } };
  const message = /\bmessage to:? (.+)$/i.exec(text)?.[1];
  if (message && task.action.type === "notify") return { action: { type: "notify", message: message.trim() } };
  const channel = /\bto my (\w+)(?: channel)?\b/i.exec(text)?.[1];
  if (channel && /\balso send\b/i.test(text)) return { channels: [...new Set([...(task.action.channels ?? []), channel.toLowerCase()])] };
  return {};
}

/** What task_update_v1 gets for `text` about `task`; empty when the baseline sees no change it can make. */
export function updateArgs(text: string, task: EditableTask, ctx: UserContext): Record<string, unknown> {
  const title = /\brename\b.* to (.+)$/i.exec(text)?.[1];
  const policies = policiesOf(text);
  const changes = {
    ...(title && { title: title.replace(/[.!?]+$/, "").trim() }),
    ...actionArgs(text, task),
    ...endArgs(text, ctx),
    ...(Object.keys(policies).length > 0 && { policies }),
  };
  const scheduled = Object.keys(changes).length === 0 ? scheduleArgs(text, task, ctx) : {};
  const all = { ...changes, ...scheduled };
  if (Object.keys(all).length === 0) return {};
  return { task_id: task.id, ...(task.version !== undefined && { expected_version: task.version }), ...all };
}

const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/** The local date a skip names ("tomorrow's", "Monday's", "tonight's"), or none for "the next". */
function skipDate(text: string, ctx: UserContext): string | undefined {
  const today = DateTime.fromMillis(ctx.now, { zone: ctx.timezone }).startOf("day");
  if (/\btomorrow\b|明天|\bmañana\b|\bmorgen\b/i.test(text)) return today.plus({ days: 1 }).toISODate() ?? undefined;
  if (/\btonight\b|\btoday\b|今天|\bhoy\b|\bheute\b/i.test(text)) return today.toISODate() ?? undefined;
  const day = WEEKDAYS.findIndex((d) => new RegExp(`\\b${d}`, "i").test(text));
  if (day < 0) return undefined;
  const ahead = (day + 1 - today.weekday + 7) % 7 || 7;
  return today.plus({ days: ahead }).toISODate() ?? undefined;
}

export function skipArgs(text: string, task: EditableTask, ctx: UserContext): Record<string, unknown> {
  const at = skipDate(text, ctx);
  return { task_id: task.id, ...(at && { at }), ...(UNSKIP.some((p) => p.test(text)) && { undo: true }) };
}

/** "Pause it while I'm on vacation": the reason, as a note. */
export function pauseNote(text: string): string | undefined {
  return /\b(?:while|because|since|as) (.+)$/i
    .exec(text)?.[1]
    ?.replace(/[.!?]+$/, "")
    .trim();
}
