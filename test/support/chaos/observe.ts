import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ChaosReport } from "./chaos.js";
import { type Measures, measure } from "./measure.js";
import type { Delivery, Kill, Observation } from "./observation.js";
import { sqliteReader } from "./sqlite-reader.js";
import type { StoreReader } from "./store-reader.js";

/** Counts a run due within this window after a kill as "due after a kill". */
const AFTER_KILL_MS = 30_000;

/**
 * Reads the stopped store and measures it against the webhook log and the kills. With `flood`
 * (a pressure run: the flooding owner's task ids), the same measures are also taken of the flood
 * alone and of the other owner's tasks alone (`pressure`).
 */
export async function observe(
  reader: StoreReader,
  o: { deliveries: Delivery[]; kills: Kill[]; acknowledged: string[]; cutoff: number; flood?: readonly string[] },
): Promise<Measures> {
  const { flood, ...seen } = o;
  const { jobs, runs } = await reader.read();
  const observation: Observation = { ...seen, jobs, runs, events: await reader.attemptEvents(), afterKillMs: AFTER_KILL_MS };
  const all = measure(observation);
  if (!flood) return all;
  const flooding = new Set(flood);
  const part = (keep: (jobId: string) => boolean): Measures =>
    measure({
      ...observation,
      jobs: observation.jobs.filter((j) => keep(j.id)),
      runs: observation.runs.filter((r) => keep(r.job_id)),
      events: observation.events.filter((e) => keep(e.job_id)),
      // The Idempotency-Key is `job_id:scheduled_at`.
      deliveries: observation.deliveries.filter((d) => keep(d.key.slice(0, d.key.indexOf(":")))),
      acknowledged: observation.acknowledged.filter(keep),
    });
  return { ...all, pressure: { flood: part((id) => flooding.has(id)), steady: part((id) => !flooding.has(id)) } };
}

/** The files a run leaves in its directory besides the store: what the client was told, what the webhook received. */
export const ACKNOWLEDGED_FILE = "acknowledged.txt";
export const WEBHOOK_FILE = "webhook.jsonl";

const lines = (path: string) => readFileSync(path, "utf8").split("\n").filter(Boolean);

/**
 * Measures a finished SQLite run again from what it left in its directory (the file, the
 * webhook log, the acknowledged ids, report.json), e.g. after a change to the measures; writes
 * the new measures into report.json. DynamoDB Local keeps its tables in memory: an AWS run
 * cannot be measured again.
 */
export async function remeasure(dir: string): Promise<ChaosReport> {
  const path = join(dir, "report.json");
  const report = JSON.parse(readFileSync(path, "utf8")) as ChaosReport;
  if (report.options.backend !== "sqlite") throw new Error("only a SQLite run can be measured again: DynamoDB Local kept its tables in memory");
  const reader = sqliteReader(join(dir, "duely.db"));
  try {
    report.measures = await observe(reader, {
      deliveries: lines(join(dir, WEBHOOK_FILE)).map((l) => JSON.parse(l) as Delivery),
      kills: report.processes.killLog,
      acknowledged: lines(join(dir, ACKNOWLEDGED_FILE)),
      cutoff: report.phases.chaosEnd,
    });
  } finally {
    await reader.close();
  }
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
  return report;
}
