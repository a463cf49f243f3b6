import { stderrLogger } from "../adapters/log/pino-logger.js";
import { checkStatus, type StatusReport } from "../app/engine/status.js";
import { loadConfig } from "../config.js";
import { openStatus } from "../main.js";

/** `duely status`'s options; their meaning is written once, in the option definitions (src/cli/main.ts). */
export interface StatusOptions {
  config?: string;
  json?: boolean;
}

/**
 * `duely status`: looks at the configured backend once and prints what it found. Exits 1 when
 * something needs attention (a health probe), 0 otherwise.
 */
export async function runStatus(opts: StatusOptions, env: Record<string, string | undefined>): Promise<void> {
  const config = loadConfig(env, opts.config);
  const deps = await openStatus(config, env, stderrLogger(config.log_level));
  let report: StatusReport;
  try {
    report = await checkStatus(deps);
  } finally {
    await deps.close();
  }
  const backend = `${config.store.kind} + ${config.queue.kind}`;
  process.stdout.write(opts.json ? `${JSON.stringify({ ok: report.attention.length === 0, backend, ...report }, null, 2)}\n` : render(report, backend));
  process.exitCode = report.attention.length === 0 ? 0 : 1;
}

const ago = (s: number) => `${s} s ago`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Shard numbers as ranges: 0-3,8,10-11. */
function ranges(shards: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < shards.length; i++) {
    let j = i;
    while (j + 1 < shards.length && shards[j + 1] === shards[j]! + 1) j++;
    out.push(j > i ? `${shards[i]}-${shards[j]}` : String(shards[i]));
    i = j;
  }
  return out.join(",") || "none";
}

function render(r: StatusReport, backend: string): string {
  const lines = [`duely status: ${backend}, ${r.checked_at}`];
  const row = (label: string, text: string) => lines.push(`  ${label.padEnd(10)} ${text}`);
  row("store", r.store.ok ? "ok" : `UNREACHABLE: ${r.store.error}`);
  if (r.queue === null) row("queue", "in the scheduler process's memory");
  else if (!r.queue.ok) row("queue", `UNREACHABLE: ${r.queue.error}`);
  else row("queue", `ok, ${plural(r.queue.depth, "message")}${r.queue.dead_lettered === null ? "" : `, ${r.queue.dead_lettered} in the dead-letter queue`}`);
  if (r.scheduler_running !== null) row("scheduler", r.scheduler_running ? "running (a process holds the file's lock)" : "NOT RUNNING");
  if (r.watchers) {
    const list = r.watchers.map((w) => `${w.id} (shards ${ranges(w.shards)}, lease renewed ${ago(w.lease_age_s)})`);
    row("watchers", list.length === 0 ? "NONE" : list.join("; "));
  }
  if (r.workers) {
    const list = r.workers.map((w) => `${w.id} (heartbeat ${ago(w.heartbeat_age_s)})`);
    row("workers", list.length === 0 ? "NONE" : list.join("; "));
  }
  if (r.stopped && r.stopped.length > 0) {
    row("stopped", r.stopped.map((m) => `${m.role} ${m.id} (last seen ${ago(m.last_seen_s)}, no graceful stop)`).join("; "));
  }
  if (r.configured_differently && r.configured_differently.length > 0) {
    row("settings", r.configured_differently.map((m) => `${m.role} ${m.id} differs (digest ${m.config}, most have ${m.most_have})`).join("; "));
  }
  if (r.held_by_stopped_workers && r.held_by_stopped_workers.length > 0) {
    row("orphaned", `${plural(r.held_by_stopped_workers.length, "run")} held by a stopped worker, reaped when their lease lapses`);
    for (const h of r.held_by_stopped_workers.slice(0, 5)) row("", `${h.run_key} (owner ${h.owner}) on ${h.worker}, lease ends in ${h.lease_expires_in_s} s`);
  }
  if (r.runs) {
    const u = r.runs.oldest_unclaimed;
    const p = r.runs.oldest_overdue_pending;
    row("unclaimed", u ? `oldest queued run due ${ago(u.late_s)} (${u.run_key}, owner ${u.owner})` : "none past its time");
    row("overdue", p ? `oldest pending run due ${ago(p.late_s)} (${p.run_key}, owner ${p.owner})` : "no pending run past its time");
    row("failed", `${plural(r.runs.failed_last_hour, "run")} in the last hour`);
    for (const f of r.runs.failed_recent) row("", `${f.finished_at} ${f.run_key} (owner ${f.owner}): ${f.error ?? "?"}`);
  }
  if (r.quarantined) {
    row("quarantine", r.quarantined.length === 0 ? "empty" : plural(r.quarantined.length, "unreadable record"));
    for (const q of r.quarantined) {
      row("", `${q.kind} ${q.key} (owner ${q.owner ?? "?"}), since ${q.since}: ${q.reason}`);
      row("", `  fix: ${q.fix}`);
    }
  }
  if (r.attention.length === 0) row("attention", "none");
  else for (const [i, a] of r.attention.entries()) row(i === 0 ? "ATTENTION" : "", a);
  return `${lines.join("\n")}\n`;
}
