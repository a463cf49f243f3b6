import type { Tool } from "@modelcontextprotocol/client";
import { isDomainError } from "../../src/core/errors.js";
import { parsePhrase } from "../../src/core/phrase/index.js";
import type { ChatMessage, ModelAdapter, ModelRequest, ModelTurn, ToolCall, UserContext } from "../adapters/adapter.js";
import { askActionOf } from "./ask-plan.js";
import { CHAT_REPLY, messageOf, questionFor, titleFor, topicOf } from "./compose.js";
import { describedPart, type EditableTask, pauseNote, policiesOf, skipArgs, updateArgs, withoutWindow } from "./edits.js";
import { detectIntent, type Intent, mentionsReminder } from "./intent.js";
import { type ListedTask, matchTasks } from "./task-match.js";

/**
 * `rules`: a deterministic stand-in for a model, so the whole loop runs offline and in CI.
 * It reads the conversation, detects the intent by keywords, reads schedules with duely's own
 * phrase parser, and calls the tools it finds in `tools/list` through MCP like any model. It
 * is NOT an LLM: it understands no paraphrase it has no keyword for, and replies in English.
 */

type Verb = "create" | "list" | "get" | "pause" | "resume" | "cancel" | "update" | "run_now" | "skip";

/** Each verb's newest tool in the listing, checked to take the arguments this assistant sends. */
type Bound = Record<Verb, string>;

const NEEDS: Record<Verb, string[]> = {
  create: ["title", "action", "when", "timezone"],
  list: [],
  get: ["task_id"],
  pause: ["task_id"],
  resume: ["task_id"],
  cancel: ["task_id"],
  update: ["task_id", "expected_version", "when", "policies"],
  run_now: ["task_id"],
  skip: ["task_id", "at", "undo"],
};

function bindTools(tools: Tool[]): Bound {
  const bound = {} as Bound;
  for (const verb of Object.keys(NEEDS) as Verb[]) {
    const versions = tools
      .map((t) => ({ t, v: new RegExp(`^task_${verb}_v(\\d+)$`).exec(t.name) }))
      .filter((x) => x.v !== null)
      .sort((a, b) => Number(b.v![1]) - Number(a.v![1]));
    const tool = versions[0]?.t;
    const props = Object.keys((tool?.inputSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
    const missing = NEEDS[verb].filter((p) => !props.includes(p));
    if (!tool || missing.length) throw new Error(`rules: tools/list has no task_${verb} tool taking ${NEEDS[verb].join(", ")}`);
    bound[verb] = tool.name;
  }
  return bound;
}

interface Envelope {
  ok?: boolean;
  error?: { code: string; message: string; hint?: string };
  [key: string]: unknown;
}

interface Exchange {
  call: ToolCall;
  result: Envelope | null;
}

function parseEnvelope(text: string): Envelope | null {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === "object" ? (v as Envelope) : null;
  } catch {
    return null;
  }
}

/** The tool calls made after message `from`, each with its result. */
function exchangesAfter(messages: ChatMessage[], from: number): Exchange[] {
  const out: Exchange[] = [];
  for (const m of messages.slice(from + 1)) {
    if (m.role === "assistant") for (const call of m.tool_calls ?? []) out.push({ call, result: null });
    if (m.role === "tool") {
      const x = out.find((e) => e.call.id === m.tool_call_id);
      if (x) x.result = parseEnvelope(m.content);
    }
  }
  return out;
}

/**
 * The request being worked on. A short answer with no intent of its own ("at 3pm", "the
 * crypto one") completes the previous request when the assistant had asked a question.
 */
function currentRequest(messages: ChatMessage[]): { text: string; intent: Intent; from: number } {
  const users = messages.flatMap((m, i) => (m.role === "user" ? [{ i, text: m.content }] : []));
  const last = users.at(-1);
  if (!last) return { text: "", intent: { kind: "chat", all: false, reminder: false }, from: -1 };
  const intent = detectIntent(last.text);
  const prev = users.at(-2);
  if (intent.kind === "chat" && prev) {
    const prevIntent = detectIntent(prev.text);
    const asked = messages.slice(prev.i + 1, last.i).some((m) => m.role === "assistant" && /[?？¿]/u.test(m.content));
    if (prevIntent.kind !== "chat" && asked) return { text: `${prev.text}\n${last.text}`, intent: prevIntent, from: last.i };
  }
  return { text: last.text, intent, from: last.i };
}

const say = (text: string): ModelTurn => ({ text, tool_calls: [] });

function callsOf(turn: number, calls: { name: string; arguments: Record<string, unknown> }[]): ModelTurn {
  return { text: "", tool_calls: calls.map((c, i) => ({ id: `rules_${turn}_${i}`, ...c })) };
}

const sameArgs = (a: ToolCall["arguments"], b: Record<string, unknown>) => JSON.stringify(a) === JSON.stringify(b);

function planCreate(text: string, ctx: UserContext): Record<string, unknown> {
  const reading = parsePhrase(withoutWindow(text), { timezone: ctx.timezone, now: ctx.now });
  const ask = askActionOf(text, reading.matched);
  const action = ask
    ? ask
    : mentionsReminder(text)
      ? { type: "notify" as const, message: messageOf(text, reading.matched) }
      : { type: "summarize" as const, topic: topicOf(text, reading.matched) };
  const policies = policiesOf(text);
  return {
    title: titleFor(action),
    action,
    when: reading.matched,
    timezone: ctx.timezone,
    ...(Object.keys(policies).length > 0 && { policies }),
  };
}

function created(result: Envelope): string {
  const task = result.task as { title: string };
  const reading = result.reading as { description: string; timezone: string; next: { local: string }[] };
  const first = reading.next[0]?.local;
  return `Scheduled "${task.title}": ${reading.description}.${first ? ` First run: ${first} (${reading.timezone}).` : ""}`;
}

function create(text: string, done: Exchange[], req: ModelRequest, bound: Bound): ModelTurn {
  const creates = done.filter((x) => x.call.name === bound.create);
  const success = creates.find((x) => x.result?.ok === true);
  if (success) return say(created(success.result!));
  let args: Record<string, unknown>;
  try {
    args = planCreate(text, req.context);
  } catch (e) {
    if (isDomainError(e)) return say(questionFor(e.code, e.message, e.hint));
    throw e;
  }
  // Another caller's failed attempt (a case's prefill) is not ours to explain: try our own.
  const mine = creates.find((x) => sameArgs(x.call.arguments, args));
  const error = mine?.result?.error;
  if (mine) return say(error ? questionFor(error.code, error.message, error.hint) : "The server did not answer that request.");
  return callsOf(req.session.turn, [{ name: bound.create, arguments: args }]);
}

type Change = "pause" | "resume" | "cancel" | "update" | "run_now" | "skip";

const PAST: Record<Change, string> = {
  pause: "Paused",
  resume: "Resumed",
  cancel: "Cancelled",
  update: "Changed",
  run_now: "Started",
  skip: "Skipped a run of",
};
const live = (t: ListedTask) => t.status === "active" || t.status === "paused";
const WANTED: Record<Change, (t: ListedTask) => boolean> = {
  pause: (t) => t.status === "active",
  resume: (t) => t.status === "paused",
  cancel: live,
  update: live,
  run_now: live,
  skip: live,
};

/** The arguments of `verb` for one matched task; null when the baseline cannot tell what to change. */
function argsFor(verb: Change, text: string, task: ListedTask, ctx: UserContext): Record<string, unknown> | null {
  switch (verb) {
    case "update": {
      const args = updateArgs(text, task as EditableTask, ctx);
      return Object.keys(args).length ? args : null;
    }
    case "skip":
      return skipArgs(text, task as EditableTask, ctx);
    case "pause": {
      const note = pauseNote(text);
      return { task_id: task.id, ...(note && { note }) };
    }
    default:
      return { task_id: task.id };
  }
}

/** The latest successful list, and the calls made after it. */
function afterList(done: Exchange[], bound: Bound): { listed: Exchange | undefined; later: Exchange[] } {
  const i = done.findLastIndex((x) => x.call.name === bound.list && x.result?.ok === true);
  return i < 0 ? { listed: undefined, later: [] } : { listed: done[i], later: done.slice(i + 1) };
}

function manage(verb: Change, text: string, intent: Intent, done: Exchange[], req: ModelRequest, bound: Bound): ModelTurn {
  const { listed, later } = afterList(done, bound);
  // A call made before any list (a case's prefill, with a guessed id) is not ours: start with the list.
  const acted = later.filter((x) => x.call.name === bound[verb]);
  if (acted.length) {
    return say(
      acted
        .map((x) => {
          const task = x.result?.task as { title?: string } | undefined;
          return x.result?.ok ? `${PAST[verb]} "${task?.title ?? "the task"}".` : `Could not ${verb} it: ${x.result?.error?.message ?? "no answer"}`;
        })
        .join(" "),
    );
  }
  if (!listed) return callsOf(req.session.turn, [{ name: bound.list, arguments: {} }]);
  const tasks = (listed.result!.tasks as ListedTask[] | undefined) ?? [];
  const which = verb === "update" ? describedPart(text) : text;
  let match = matchTasks(which, tasks.filter(WANTED[verb]), intent.all);
  // Already in the wanted state: say so through the (idempotent) tool rather than guess.
  if (match.kind === "none") match = matchTasks(which, tasks, intent.all);
  if (match.kind === "found") {
    const calls = match.tasks.map((t) => ({ t, args: argsFor(verb, text, t, req.context) }));
    if (calls.some((c) => c.args === null)) return say(`What should I change about "${match.tasks[0]!.title}"?`);
    return callsOf(
      req.session.turn,
      calls.map((c) => ({ name: bound[verb], arguments: c.args! })),
    );
  }
  if (match.kind === "ambiguous") return say(`Which one do you mean: ${match.tasks.map((t) => `"${t.title}"`).join(" or ")}?`);
  return say(
    tasks.length
      ? `I could not find a scheduled task like that. You have: ${tasks.map((t) => `"${t.title}" (${t.status})`).join(", ")}.`
      : "You have no scheduled tasks, so there is nothing to change.",
  );
}

interface RunSeen {
  status: string;
  scheduled_for: { local: string };
  why?: string;
}

/** "Why didn't it run?": find the task, read its runs, say what they show. */
function inspect(text: string, done: Exchange[], req: ModelRequest, bound: Bound): ModelTurn {
  const { listed, later } = afterList(done, bound);
  if (!listed) return callsOf(req.session.turn, [{ name: bound.list, arguments: {} }]);
  const got = later.find((x) => x.call.name === bound.get);
  if (got) {
    const task = got.result?.task as { title?: string; created_at?: string } | undefined;
    const runs = (got.result?.runs as RunSeen[] | undefined) ?? [];
    const next = (got.result?.next as { local: string }[] | undefined)?.[0]?.local;
    if (!got.result?.ok) return say(`I could not read that task: ${got.result?.error?.message ?? "no answer"}`);
    const history = runs.length
      ? runs.map((r) => `${r.scheduled_for.local}: ${r.status}${r.why ? ` (${r.why})` : ""}`).join("; ")
      : `it has not run yet (created ${task?.created_at ?? "recently"})`;
    return say(`"${task?.title ?? "The task"}": ${history}.${next ? ` Next run: ${next}.` : ""}`);
  }
  const tasks = (listed.result!.tasks as ListedTask[] | undefined) ?? [];
  const match = matchTasks(text, tasks, false);
  if (match.kind === "found") return callsOf(req.session.turn, [{ name: bound.get, arguments: { task_id: match.tasks[0]!.id } }]);
  if (match.kind === "ambiguous") return say(`Which one do you mean: ${match.tasks.map((t) => `"${t.title}"`).join(" or ")}?`);
  return say("I could not find a scheduled task like that.");
}

function list(done: Exchange[], req: ModelRequest, bound: Bound): ModelTurn {
  const listed = done.filter((x) => x.call.name === bound.list && x.result?.ok === true).at(-1);
  if (!listed) return callsOf(req.session.turn, [{ name: bound.list, arguments: {} }]);
  const tasks = (listed.result!.tasks as (ListedTask & { description: string })[] | undefined) ?? [];
  if (tasks.length === 0) return say("You have no scheduled tasks.");
  return say(`You have ${tasks.length} scheduled task(s): ${tasks.map((t) => `"${t.title}" — ${t.description} (${t.status})`).join("; ")}.`);
}

export const rulesAssistant: ModelAdapter = {
  label: "rules",
  model: "rules",
  isLlm: false,
  async complete(req) {
    const bound = bindTools(req.tools);
    const { text, intent, from } = currentRequest(req.messages);
    const done = exchangesAfter(req.messages, from);
    switch (intent.kind) {
      case "chat":
        return say(CHAT_REPLY);
      case "list":
        return list(done, req, bound);
      case "inspect":
        return inspect(text, done, req, bound);
      case "create":
        return create(text, done, req, bound);
      default:
        return manage(intent.kind, text, intent, done, req, bound);
    }
  },
};
