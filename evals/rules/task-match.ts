import { mentionsDigest, mentionsReminder } from "./intent.js";

/**
 * Finds the task(s) a request refers to by description ("my morning digest", "the crypto
 * one", "財經摘要"), among the tasks task_list_v1 returned. Scores shared words, the kind of
 * task (reminder or digest) and the part of the day it runs in.
 */

export interface ListedTask {
  id: string;
  title: string;
  status: string;
  action: { type: string; topic?: string; message?: string };
  description?: string;
  next_run?: { local: string };
}

/** Words that say what to do, not which task (en, es, de). */
const NOT_DESCRIPTIVE = new Set(
  (
    "please can could would you the my our a an it this that one all of for now good permanently forever anymore any more again task tasks scheduled everything thing paused active cancelled why didn didn't run yesterday today " +
    "pause stop hold suspend mute resume unpause restart continue reactivate cancel delete remove get rid turn back on off start " +
    "digest digests summary reminder reminders news " +
    "and move change reschedule push shift rename switch edit update make instead run runs now right trigger test once skip next tomorrow tonight today " +
    "after actually don keep going until end normal schedule but its also send should about topic message channel can start anytime within " +
    "minute minutes window doesn need exactly time when still running due them both anyway catch latest server misses back only off " +
    "cambia para que sea sobre führe jetzt sofort " +
    "mi mis el la los las de del por favor pausa pausar detén deten reanuda reactiva cancela elimina borra todos todas tarea tareas resumen recordatorio " +
    "bitte mein meine meinen den die das der alle aufgabe aufgaben pausiere pausieren halte an lösche lösch storniere setze fort wieder erinnerung zusammenfassung"
  ).split(" "),
);

/** Action, kind and framing words in Chinese and Japanese, removed before taking character pairs. */
const CJK_NOT_DESCRIPTIVE =
  /暂停|暫停|恢复|恢復|继续|繼續|取消|删除|刪除|不要再|一時停止|停止|再開|キャンセル|削除|所有|全部|すべて|全て|摘要|总结|總結|提醒|新闻|新聞|任务|任務|ニュース|まとめ|リマインダー|リマインド|タスク|我的|我|的|请|請|帮我|幫我|一下|を|の|して|ください|に|は|ね|吧|了/g;

const MORNING = /\bmorning\b|早上|早晨|早报|早報|朝|\bma[ñn]ana\b|\bmorgens?\b|\bfrüh\b/giu;
const EVENING = /\bevening\b|\bnight\b|\btonight\b|晚上|晚间|晚間|夜|\bnoche\b|\babends?\b|\bnachts?\b/giu;
const hasMatch = (re: RegExp, s: string) => {
  re.lastIndex = 0;
  const hit = re.test(s);
  re.lastIndex = 0;
  return hit;
};

/** Words that say which task; time-of-day words are left out (they count through the run time). */
function wordsOf(request: string): string[] {
  const text = request.replace(MORNING, " ").replace(EVENING, " ");
  const latin = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !NOT_DESCRIPTIVE.has(w) && !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(w));
  const cjk = (text.replace(CJK_NOT_DESCRIPTIVE, " ").match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+/gu) ?? []).flatMap((run) =>
    run.length === 1 ? [] : Array.from({ length: run.length - 1 }, (_, i) => run.slice(i, i + 2)),
  );
  return [...new Set([...latin, ...cjk])];
}

const hourOf = (t: ListedTask): number | null => {
  const m = t.next_run ? /T(\d{2}):/.exec(t.next_run.local) : null;
  return m ? Number(m[1]) : null;
};

const textOf = (t: ListedTask) => [t.title, t.action.topic, t.action.message, t.description].filter(Boolean).join(" ").toLowerCase();

/** Kind and time of day: a reminder for "reminder", a morning run for "morning". */
function bonus(request: string, t: ListedTask): number {
  let s = 0;
  if (mentionsReminder(request) && t.action.type === "notify") s++;
  if (mentionsDigest(request) && t.action.type === "summarize") s++;
  const h = hourOf(t);
  if (hasMatch(MORNING, request) && h !== null && h >= 4 && h < 12) s++;
  if (hasMatch(EVENING, request) && h !== null && (h >= 17 || h < 4)) s++;
  return s;
}

export type Match = { kind: "found"; tasks: ListedTask[] } | { kind: "ambiguous"; tasks: ListedTask[] } | { kind: "none" };

/**
 * `candidates` are the tasks the action applies to (active ones to pause, paused ones to
 * resume). A request that names something no task has ("the weather digest") matches none,
 * rather than the closest one.
 */
export function matchTasks(request: string, candidates: ListedTask[], all: boolean): Match {
  const words = wordsOf(request);
  const scored = candidates
    .map((t) => ({ t, hits: words.filter((w) => textOf(t).includes(w)).length, extra: bonus(request, t) }))
    .filter((x) => words.length === 0 || x.hits > 0)
    .map((x) => ({ t: x.t, s: x.hits + x.extra }));
  if (scored.length === 0) return { kind: "none" };
  const best = Math.max(...scored.map((x) => x.s));
  if (all) {
    const some = scored.filter((x) => x.s > 0);
    return { kind: "found", tasks: (some.length ? some : scored).map((x) => x.t) };
  }
  const top = scored.filter((x) => x.s === best).map((x) => x.t);
  return top.length === 1 ? { kind: "found", tasks: top } : { kind: "ambiguous", tasks: top };
}
