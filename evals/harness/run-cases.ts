import type { ModelAdapter } from "../adapters/adapter.js";
import type { Case } from "./case.js";
import { runConversation } from "./conversation.js";
import type { Transcript } from "./transcript.js";

export interface RunOptions {
  /** @default 1 */
  trials?: number;
  /** Cases run at once; a case's trials run one after another (recordings are written per case). @default 4 */
  concurrency?: number;
  maxTurns?: number;
  /** Called as each case finishes all its trials, for progress output. */
  onCase?: (c: Case, transcripts: Transcript[]) => void;
}

/** Runs every case `trials` times; transcripts come back in case order, then trial order. */
export async function runCases(cases: Case[], adapter: ModelAdapter, opts: RunOptions = {}): Promise<Transcript[]> {
  const trials = opts.trials ?? 1;
  const results: Transcript[][] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const i = next++;
      const c = cases[i]!;
      const out: Transcript[] = [];
      for (let trial = 1; trial <= trials; trial++) {
        out.push(await runConversation(c, adapter, { trial, ...(opts.maxTurns !== undefined && { maxTurns: opts.maxTurns }) }));
      }
      results[i] = out;
      opts.onCase?.(c, out);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency ?? 4, cases.length)) }, worker));
  return results.flat();
}
