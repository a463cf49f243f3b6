import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ModelAdapter, ModelRequest, ModelTurn } from "./adapter.js";

/**
 * Recorded model turns, so CI replays a live run without a model. Each turn is filed under
 * its case, trial and turn number, with a key: the hash of the model id, the system prompt
 * (which holds the server's instructions), the full `tools/list` and the messages so far.
 * Any change to a description, a schema, the instructions or a tool result changes the key,
 * and the replay fails instead of scoring a stale answer.
 */

/**
 * Task ids are ULIDs whose random part differs on every run, so they are replaced by their
 * order of first appearance before hashing, and put back when a turn is replayed.
 */
const ULID = /\b[0-9A-HJKMNP-TV-Z]{26}\b/g;
const placeholder = (i: number) => `<<task-id:${i}>>`;
const PLACEHOLDER = /<<task-id:(\d+)>>/g;

function canonical(value: unknown, ids: string[]): string {
  return JSON.stringify(value).replace(ULID, (id) => {
    let i = ids.indexOf(id);
    if (i < 0) i = ids.push(id) - 1;
    return placeholder(i + 1);
  });
}

/** The key of a request, and the ids in the order the key numbered them. */
export function recordingKey(model: string, req: Pick<ModelRequest, "system" | "tools" | "messages">): { key: string; ids: string[] } {
  const ids: string[] = [];
  const text = canonical({ model, system: req.system, tools: req.tools, messages: req.messages }, ids);
  return { key: createHash("sha256").update(text).digest("hex"), ids };
}

/** A turn with the run's ids replaced by placeholders; ids the request never showed stay as they are. */
function storeTurn(turn: ModelTurn, ids: string[]): ModelTurn {
  return JSON.parse(JSON.stringify(turn).replace(ULID, (id) => (ids.includes(id) ? placeholder(ids.indexOf(id) + 1) : id))) as ModelTurn;
}

function loadTurn(turn: ModelTurn, ids: string[]): ModelTurn {
  return JSON.parse(JSON.stringify(turn).replace(PLACEHOLDER, (p, n: string) => ids[Number(n) - 1] ?? p)) as ModelTurn;
}

interface RecordedTurn {
  key: string;
  turn: ModelTurn;
}

/** `<dir>/<case id>.json` */
interface Recording {
  adapter: string;
  case: string;
  /** Trial number → turns in order. */
  trials: Record<string, RecordedTurn[]>;
}

const fileOf = (dir: string, caseId: string) => join(dir, `${caseId}.json`);

function readRecording(dir: string, caseId: string): Recording | null {
  const file = fileOf(dir, caseId);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Recording) : null;
}

/** Records every turn of `inner` into `dir` while passing it through. */
export function recordingAdapter(inner: ModelAdapter, dir: string): ModelAdapter {
  mkdirSync(dir, { recursive: true });
  return {
    label: inner.label,
    model: inner.model,
    isLlm: inner.isLlm,
    async complete(req) {
      const { key, ids } = recordingKey(inner.model, req);
      const turn = await inner.complete(req);
      const { case_id, trial, turn: n } = req.session;
      const rec = readRecording(dir, case_id) ?? { adapter: inner.model, case: case_id, trials: {} };
      if (rec.adapter !== inner.model) throw new Error(`${fileOf(dir, case_id)} holds turns of ${rec.adapter}; record ${inner.model} into another directory`);
      // A new conversation replaces the trial's old turns.
      const turns = n === 0 ? [] : (rec.trials[String(trial)] ?? []).slice(0, n);
      turns[n] = { key, turn: storeTurn(turn, ids) };
      rec.trials[String(trial)] = turns;
      writeFileSync(fileOf(dir, case_id), `${JSON.stringify(rec, null, 1)}\n`);
      return turn;
    },
  };
}

export class ReplayError extends Error {
  override readonly name = "ReplayError";
}

/** The model id a recordings directory holds; every file must agree. */
function recordedModel(dir: string): string {
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")) : [];
  if (files.length === 0) throw new ReplayError(`no recordings in ${dir}; make them with a live run and --record ${dir}`);
  const models = new Set(files.map((f) => (JSON.parse(readFileSync(join(dir, f), "utf8")) as Recording).adapter));
  if (models.size > 1) throw new ReplayError(`${dir} mixes recordings of ${[...models].join(", ")}; keep one model per directory`);
  return [...models][0]!;
}

/** Plays recorded turns back; a missing or stale turn throws a ReplayError saying how to fix it. */
export function replayAdapter(dir: string): ModelAdapter {
  const model = recordedModel(dir);
  const rerecord = `re-record with: npm run evals -- --model ${model} --record ${dir}`;
  return {
    label: `replay:${dir} (${model})`,
    model,
    isLlm: true,
    async complete(req) {
      const { case_id, trial, turn: n } = req.session;
      const rec = readRecording(dir, case_id);
      const entry = rec?.trials[String(trial)]?.[n];
      if (!rec || !entry) throw new ReplayError(`no recording for case ${case_id} (trial ${trial}, turn ${n + 1}) in ${dir}; ${rerecord}`);
      const { key, ids } = recordingKey(model, req);
      if (entry.key !== key) {
        throw new ReplayError(
          `stale recording for case ${case_id} (trial ${trial}, turn ${n + 1}): the instructions, tool list or conversation changed since it was recorded; ${rerecord}`,
        );
      }
      return loadTurn(entry.turn, ids);
    },
  };
}
