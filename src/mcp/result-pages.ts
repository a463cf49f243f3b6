import { z } from "zod";
import { compareKeys, type Delivered, keyOf, type ResultKey } from "../app/tasks/results.js";
import { DomainError } from "../core/errors.js";
import { fire, isoUtc, zoneOf } from "./present.js";
import type { ResultView } from "./schemas.js";

/**
 * Pages of delivered results by characters of text, so a long digest is returned whole, in
 * parts, rather than cut: a page holds results newest first until `maxChars` of text, and a
 * text that does not fit is split, its rest starting the next page. The cursor says where the
 * next page starts (which result, how far into its text) and for which query; a result pruned
 * meanwhile is skipped to the next one in the same order.
 */

export interface Part {
  item: Delivered;
  /** Offset of this part in the result's text. */
  from: number;
  /** Offset after this part: the text's length when the part ends it. */
  to: number;
}

const Cursor = z.object({
  since: z.number().int(),
  task: z.string().nullable(),
  finished: z.number().int(),
  job: z.string(),
  at: z.number().int(),
  offset: z.number().int().min(0),
});
export type Cursor = z.infer<typeof Cursor>;

export const encodeCursor = (c: Cursor): string => Buffer.from(JSON.stringify(c), "utf8").toString("base64url");

export function decodeCursor(raw: string): Cursor {
  try {
    return Cursor.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
  } catch {
    throw new DomainError("invalid_argument", "cursor is not one this tool returned.", {
      field: "cursor",
      expected: "next_cursor from the previous page, unchanged",
      hint: "Call again without cursor to start from the newest result.",
    });
  }
}

/** Where a text may be cut: never between the two halves of a surrogate pair. */
function cutAt(text: string, at: number): number {
  if (at <= 0 || at >= text.length) return Math.max(0, Math.min(at, text.length));
  const code = text.charCodeAt(at - 1);
  return code >= 0xd800 && code <= 0xdbff ? at - 1 : at;
}

/** A text that would start with fewer characters than this on a full page starts the next one instead. */
const MIN_PART = 200;

/** One page from `items` (in newestFinishedFirst order), starting at `start`; `next` is null on the last page. */
export function pageOf(
  items: readonly Delivered[],
  start: (ResultKey & { offset: number }) | null,
  maxChars: number,
): { parts: Part[]; next: (ResultKey & { offset: number }) | null } {
  let i = start ? items.findIndex((it) => compareKeys(keyOf(it), start) >= 0) : 0;
  if (i === -1) i = items.length;
  let offset = start && items[i] && compareKeys(keyOf(items[i]!), start) === 0 ? start.offset : 0;
  const parts: Part[] = [];
  let left = maxChars;
  for (; i < items.length; i++, offset = 0) {
    const item = items[i]!;
    const text = item.run.result?.text ?? "";
    const want = text.length - offset;
    if (parts.length > 0 && want > left && left < MIN_PART) break;
    const to = want <= left ? text.length : cutAt(text, offset + left);
    parts.push({ item, from: offset, to });
    left -= to - offset;
    if (to < text.length) return { parts, next: { ...keyOf(item), offset: to } };
  }
  return { parts, next: i < items.length ? { ...keyOf(items[i]!), offset: 0 } : null };
}

/** A part as the tool returns it: the run's text from `from` to `to`, where it stands in the whole text, and where it went. */
export function resultView({ item, from, to }: Part, serverZone: string): ResultView {
  const { job, run } = item;
  const text = run.result?.text ?? "";
  const delivered = (run.result?.data as { delivered?: unknown } | undefined)?.delivered;
  return {
    task_id: job.id,
    title: job.title,
    scheduled_for: fire(run.scheduled_at, zoneOf(job.schedule, serverZone)),
    finished_at: isoUtc(run.finished_at ?? run.updated_at),
    ...(Array.isArray(delivered) && { delivered_to: delivered.filter((d): d is string => typeof d === "string") }),
    text: text.slice(from, to),
    text_length: text.length,
    ...(from > 0 && { text_from: from }),
    ...(to < text.length && { text_continues: true as const }),
  };
}
