import { readFileSync } from "node:fs";
import type { Usage } from "../adapters/adapter.js";

/**
 * One line of `transcripts.jsonl`: everything the judge needs, so a run can be re-scored (or
 * scored by another judge) without running anything again.
 */
export interface TranscriptCall {
  name: string;
  /** As the model sent them; a string when its JSON did not parse. */
  arguments: Record<string, unknown> | string;
  /**
   * The result's structured envelope (`{ok, api, …}` or `{ok:false, error}`); a protocol error
   * (unknown tool) is `{ok:false, protocol_error:{code, message}}`.
   */
  result: Record<string, unknown>;
}

export interface FinalTask {
  id: string;
  title: string;
  status: string;
  action: Record<string, unknown>;
  /** The schedule as the tools show it (`{type:"cron", cron, timezone}`, ISO times). */
  schedule: Record<string, unknown>;
  timezone: string;
  /**
   * The schedule's next 5 fire instants after the case's `now`, ISO UTC, whatever the status
   * (a once has one; `immediate` is its creation instant).
   */
  next: string[];
  /** Run policies (absent in transcripts written before they existed). */
  policy?: { overlap: string; catch_up: string; window_minutes: number };
  /** Runs started outside the schedule (task_run_now_v1). */
  manual_runs?: number;
  /** Upcoming occurrences the user skipped, ISO UTC, earliest first. */
  skipped?: string[];
  pause_note?: string;
  /** ISO UTC. */
  end_at?: string;
}

export interface Transcript {
  id: string;
  adapter: string;
  /** 1-based; pass^k groups trials by case id. */
  trial: number;
  calls: TranscriptCall[];
  final_text: string;
  final_state: { tasks: FinalTask[] };
  /** Seed key → the id the seeded task got, so the judge can tell seeded tasks from new ones. */
  seeded: Record<string, string>;
  /** Model turns taken. */
  turns: number;
  /** `reply`: the model answered without a tool call; `turn_limit`: it was stopped; `error`: the run failed. */
  stop: "reply" | "turn_limit" | "error";
  /** What failed when `stop` is `error` (an adapter, a missing recording). */
  error?: string;
  usage?: Usage;
  latency_ms?: number;
}

export function readTranscripts(path: string): Transcript[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l, i) => {
      try {
        return JSON.parse(l) as Transcript;
      } catch (e) {
        throw new Error(`${path}:${i + 1}: not JSON (${(e as Error).message})`);
      }
    });
}
