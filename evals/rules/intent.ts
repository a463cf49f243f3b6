/**
 * Keyword intent detection for the `rules` assistant, in the languages the cases use (en, zh,
 * ja, es, de). Deliberately simple: it is a baseline to compare models with, not a model.
 */

export type IntentKind = "create" | "pause" | "resume" | "cancel" | "list" | "inspect" | "update" | "run_now" | "skip" | "chat";

export interface Intent {
  kind: IntentKind;
  /** "all my digests", "alle", "全部": act on every matching task. */
  all: boolean;
  /** The user asked for a reminder (notify) rather than a digest (summarize). */
  reminder: boolean;
}

/** "Remind me …" as a verb: a new reminder, even when the rest says "cancel" ("remind me to cancel the gym"). */
export const REMIND_VERB = [
  /\bremind (me|us)\b/i,
  /\b(send|give) me a reminder\b/i,
  /\bset (up )?a reminder\b/i,
  /\b(notify|alert|ping|nudge) me\b/i,
  /提醒我|叫我|通知我/,
  /リマインドして|リマインドを|知らせて/,
  /\brecu[ée]rd[ae]me\b/i,
  /\bav[ií]same\b/i,
  /\berinnere? (mich|uns)\b/i,
  /\bbenachrichtige mich\b/i,
];

const CANCEL = [
  /\bcancel/i,
  /\bdelete\b/i,
  /\bremove\b/i,
  /\bget rid of\b/i,
  /\bstop\b.*\b(for good|permanently|forever|altogether|any ?more)\b/i,
  /\bno longer (need|want)\b/i,
  /\bdon'?t need\b/i,
  /取消|删除|刪除|删掉|刪掉|不要再|不再需要/,
  /キャンセル|削除|もう(いら|要ら)ない/,
  /\b(cancela|elimina|borra|anula|quita)\w*/i,
  /\b(lösch|storn|entfern|kündig|abbestell)\w*/i,
];

const RESUME = [
  /\bresume\b/i,
  /\bunpause\b/i,
  /\brestart\b/i,
  /\bturn\b.*\bback on\b/i,
  /\bstart\b.*\bagain\b/i,
  /\breactivate\b/i,
  /恢复|恢復|继续|繼續|重新开始|重新開始|重新启用|重新啟用/,
  /再開/,
  /\b(reanuda|reactiva|retoma|contin[uú]a)\w*/i,
  /\b(fortsetz|reaktivier)\w*|\bwieder (aufnehmen|starten|an)\b|\bsetze?\b.*\bfort\b/i,
];

const PAUSE = [
  /\bpause\b/i,
  /\bhold\b/i,
  /\bsuspend\b/i,
  /\bstop\b/i,
  /\bmute\b/i,
  /暂停|暫停|停一下|先停/,
  /一時停止|止めて|停止/,
  /\b(pausa|det[eé]n|suspende)\w*/i,
  /\b(pausier|anhalt|aussetz|stopp)\w*|\bhalte?\b.*\ban\b/i,
];

const LIST = [
  /\bwhat('s| is| do i have| have i got)\b.*\bscheduled\b/i,
  /\bwhich of my\b/i,
  /\b(paused|active) (tasks|reminders|digests)\b/i,
  /\b(list|show)\b.*\b(my|all)\b/i,
  /\bwhat (tasks|reminders|digests)\b/i,
  /\bwhich (tasks|reminders|digests)\b/i,
  /有哪些|列出|清单|清單|什么任务|什麼任務|哪些任务|哪些任務/,
  /一覧|どんな(タスク|予定|リマインダー)/,
  /\bqu[ée] (tareas|recordatorios)\b|\blista\b|\bmu[ée]strame\b/i,
  /\bwelche (aufgaben|erinnerungen)\b|\bzeig(e)? mir\b|\bauflisten\b/i,
];

/** Questions about how a task went: look it up (list, then get). */
const INSPECT = [
  /\bwhy (didn'?t|did not|hasn'?t|has not|wasn'?t)\b/i,
  /\bdid (it|my|the)\b.*\brun\b/i,
  /\blast run\b/i,
  /为什么没有|為什麼沒有|なぜ.*(実行|届)/,
  /\bpor qu[eé] no\b/i,
  /\bwarum (kam|lief|wurde)\b.*\bnicht\b/i,
];

/** "Only tell me if …", "let me know if …": a prompt whose answer is delivered only when a condition holds. */
export const CONDITIONAL = [
  /\b(?:only )?(?:tell|notify|alert|ping) me(?: only)? (?:if|when)\b/i,
  /\blet me know(?: only)? (?:if|when)\b/i,
  /\bbut only if\b/i,
  /只有.+才(?:通知|告訴|告诉)我/,
];

/** A prompt for the model: "write me …", "have the AI …". */
export const ASK_VERB = [/\bwrite me\b/i, /\b(?:have|ask|get) the (?:ai|model)\b/i];

/** Run an existing task once now. */
const RUN_NOW = [
  /\b(?:run|send|trigger|fire|execute|test)\b.*\b(?:now|right now|immediately|right away)\b/i,
  /現在就執行|立刻執行|马上执行|現在執行|现在就执行/,
  /\bjetzt\b.*\b(?:aus|ausführen|sofort)\b|\bführe\b.*\bjetzt\b/i,
  /\b(?:ejecuta|envía|envia|corre)\w*\b.*\bahora\b/i,
];

/** Skip one run (or undo a skip: UNSKIP). */
const SKIP = [/\bskip\b/i, /跳過|跳过/, /\bs[áa]lta(?:te|r)?\b|\bomite\b/i, /\büberspring\w*/i];
export const UNSKIP = [/\b(?:don'?t|do not|no longer) skip\b/i, /\bunskip\b/i, /\bafter all\b/i];

/** Change an existing task in place. */
const UPDATE = [
  /\b(?:move|change|reschedule|push|shift|rename|switch|edit|update)\b/i,
  /\bmake\b.*\binstead\b/i,
  /\bshould be about\b/i,
  /\balso send\b/i,
  /\bkeep\b.*\b(?:going|running)\b.*\buntil\b/i,
  /改到|改成|改为|改為|換成|换成/,
  /\bverschieb\w*|\bänder\w*/i,
  /\bcambia\w*|\bmueve\b/i,
];

/** How runs behave (catch-up, start window, overlap): set on a new task or an existing one. */
export const POLICY = [
  /\bcatch up\b/i,
  /\b(?:missed|misses) (?:one|run)\b.*\b(?:still|send|run)\b/i,
  /\bserver (?:was|is) down\b/i,
  /\bwindow\b|\bany ?time between\b|\bstart any ?time\b/i,
  /\bstill running\b|\bboth\b.*\bat once\b|\brun them both\b/i,
];

/** Spanish "resume las noticias" is "summarize the news", not "resume". */
const SPANISH_SUMMARIZE = /\bres[uú]me(me)?\s+(las|los|el|la|mis|un|una|lo)\b/i;

const REMINDER_NOUN = [/\breminders?\b/i, /提醒/, /リマインダー|リマインド/, /\brecordatorios?\b/i, /\berinnerung(en)?\b/i];

const DIGEST = [
  /summar/i,
  /\bdigests?\b/i,
  /\bnews\b/i,
  /\bbrief(ing)?\b/i,
  /\broundup\b/i,
  /\bheadlines\b/i,
  /\bupdates? (on|about)\b/i,
  /摘要|总结|總結|新闻|新聞|汇总|匯總|简报|簡報|整理/,
  /要約|まとめ|ニュース/,
  /\bres[uú]menes\b|\bresumen\b|\bnoticias\b|\btitulares\b/i,
  /zusammenfass|\bfasse?\b.*\bzusammen\b|nachrichten|\büberblick\b|\bnews\b/i,
];

const ALL = [/\ball (of )?(my|the)\b/i, /\beverything\b/i, /\bevery (task|digest|reminder)\b/i, /所有|全部/, /すべて|全て|全部/, /\btod[oa]s\b/i, /\balle\b/i];

const any = (patterns: RegExp[], text: string) => patterns.some((p) => p.test(text));

export const mentionsReminder = (text: string) => any(REMIND_VERB, text) || any(REMINDER_NOUN, text);
export const mentionsDigest = (text: string) => any(DIGEST, text);

/**
 * The order matters: a request for a new prompt or reminder wins over management words inside it
 * ("remind me to cancel the gym", "only tell me if it's down … instead of dropping it"), a skip
 * and a run-now win over the rest ("skip the next one", "run it now"), cancel wins over pause
 * ("stop it for good"), resume over pause ("start it again"), pause over a change.
 */
export function detectIntent(text: string): Intent {
  const all = any(ALL, text);
  const reminder = mentionsReminder(text);
  const kind = ((): IntentKind => {
    if (any(CONDITIONAL, text) || any(ASK_VERB, text)) return "create";
    if (any(REMIND_VERB, text) || SPANISH_SUMMARIZE.test(text)) return "create";
    if (any(SKIP, text)) return "skip";
    if (any(RUN_NOW, text)) return "run_now";
    if (any(INSPECT, text)) return "inspect";
    if (any(CANCEL, text)) return "cancel";
    if (any(RESUME, text)) return "resume";
    if (any(PAUSE, text)) return "pause";
    if (any(UPDATE, text)) return "update";
    // A policy with a schedule of its own is a new task's ("every 5 minutes …, queue the next one").
    if (any(POLICY, text)) return /\bevery\b|\beach\b|\bdaily\b/i.test(text) ? "create" : "update";
    if (any(LIST, text)) return "list";
    if (any(DIGEST, text) || any(REMINDER_NOUN, text)) return "create";
    return "chat";
  })();
  return { kind, all, reminder };
}
