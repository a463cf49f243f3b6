import type { ChangedExpect, Expectation } from "../harness/case.js";
import type { FinalTask } from "../harness/transcript.js";
import { scheduleMatches } from "./schedule-match.js";

/** What differs between one task at the end and what a case expects of it: each returns null on a match, else what differs. */

export const short = (s: string, max = 80) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

/**
 * A keyword matches at the start of a word, case-insensitively ("financ" in "Financial news",
 * "ai" in "AI news" but not in "daily"); one in a script without spaces (CJK) matches anywhere.
 * A CJK character before a Latin keyword is a word boundary: Japanese and Chinese write
 * "先週のAIニュース" and "看AI新闻" without spaces.
 */
export function hasKeyword(text: string, keyword: string): boolean {
  const k = keyword.toLowerCase();
  if (!/^[\p{Script=Latin}\p{N}]/u.test(k)) return text.toLowerCase().includes(k);
  const escaped = k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<!${NOT_CJK}[\\p{L}\\p{N}])${escaped}`, "iu").test(text);
}

/** Ahead of a character: it is not one of the scripts written without spaces. */
const NOT_CJK = "(?![\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}])";

function textOf(task: FinalTask): string {
  const a = task.action as { topic?: unknown; message?: unknown; prompt?: unknown; deliver_if?: unknown };
  return [a.topic, a.message, a.prompt, a.deliver_if]
    .filter((x): x is string => typeof x === "string")
    .join(" ")
    .toLowerCase();
}

export type ActionWant = NonNullable<Expectation["action"]>;

/** What differs between a task's action and the expected one, or null. */
export function actionMiss(want: ActionWant, t: FinalTask): string | null {
  const a = t.action as { type?: unknown; deliver_if?: unknown; channels?: unknown };
  const about = `${String(a.type)} "${short(textOf(t), 60)}"`;
  const expected = `${want.type}${want.keywords ? ` about ${want.keywords.join("/")}` : ""}`;
  if (a.type !== want.type || (want.keywords !== undefined && !want.keywords.some((k) => hasKeyword(textOf(t), k))))
    return `expected ${expected}, got ${about}`;
  if (want.conditional !== undefined && (typeof a.deliver_if === "string") !== want.conditional)
    return want.conditional ? `expected a deliver_if condition, got none on ${about}` : `expected no condition, got deliver_if "${String(a.deliver_if)}"`;
  const channels = Array.isArray(a.channels) ? a.channels : [];
  const lacking = (want.channels ?? []).filter((c) => !channels.includes(c));
  if (lacking.length) return `expected channels ${lacking.join(", ")}, got [${channels.join(", ")}]`;
  return null;
}

export type PolicyWant = NonNullable<Expectation["policy"]>;

export function policyMiss(want: PolicyWant, t: FinalTask): string | null {
  const p = t.policy;
  if (!p) return "the task has no run policies";
  if (want.overlap !== undefined && p.overlap !== want.overlap) return `expected overlap ${want.overlap}, got ${p.overlap}`;
  if (want.catch_up !== undefined && !want.catch_up.includes(p.catch_up as never)) return `expected catch_up ${want.catch_up.join(" or ")}, got ${p.catch_up}`;
  const w = want.window_minutes;
  if (w !== undefined && !(p.window_minutes >= w[0] && p.window_minutes <= w[1]))
    return `expected a start window of ${w[0]}–${w[1]} minutes, got ${p.window_minutes}`;
  return null;
}

const instants = (xs: readonly string[]) => xs.map(Date.parse).sort((a, b) => a - b);

/** What differs between a seeded task at the end and `want`, or null. */
export function changedMiss(want: ChangedExpect, t: FinalTask, now: number): string | null {
  if (want.schedule) {
    const miss = scheduleMatches(want.schedule, [t], now);
    if (miss !== null) return `schedule: ${miss}`;
  }
  if (want.action) {
    const miss = actionMiss(want.action, t);
    if (miss !== null) return `action: ${miss}`;
  }
  if (want.title_keywords && !want.title_keywords.some((k) => hasKeyword(t.title, k)))
    return `title: expected ${want.title_keywords.join("/")}, got "${t.title}"`;
  if (want.policy) {
    const miss = policyMiss(want.policy, t);
    if (miss !== null) return `policy: ${miss}`;
  }
  if (want.manual_runs !== undefined && (t.manual_runs ?? 0) !== want.manual_runs)
    return `expected ${want.manual_runs} run(s) started now, found ${t.manual_runs ?? 0}`;
  if (want.skipped !== undefined) {
    const got = instants(t.skipped ?? []);
    const wanted = instants(want.skipped);
    if (got.length !== wanted.length || got.some((x, i) => x !== wanted[i]))
      return `expected skipped ${JSON.stringify(want.skipped)}, got ${JSON.stringify(t.skipped ?? [])}`;
  }
  if (want.pause_note !== undefined && (t.pause_note !== undefined) !== want.pause_note)
    return want.pause_note ? "expected a pause note" : "expected no pause note";
  if (want.end_between) {
    const [lo, hi] = want.end_between.map(Date.parse) as [number, number];
    const end = t.end_at === undefined ? Number.NaN : Date.parse(t.end_at);
    if (!(end >= lo && end <= hi)) return `expected end_at between ${want.end_between.join(" and ")}, got ${t.end_at ?? "none"}`;
  }
  return null;
}
