import type { ChaosReport } from "./chaos.js";
import type { Stats } from "./measure.js";

const s = (ms: number | null) => (ms === null ? "–" : `${(ms / 1000).toFixed(2)} s`);
const line = (name: string, st: Stats) =>
  `${name.padEnd(34)} n=${String(st.n).padEnd(6)} p50 ${s(st.p50).padEnd(9)} p99 ${s(st.p99).padEnd(9)} max ${s(st.max)}`;
const counts = (c: Record<string, number>) =>
  Object.entries(c)
    .map(([k, v]) => `${k}: ${v}`)
    .join(", ") || "none";

/** A chaos report as the few lines a person reads (the JSON beside it has everything). */
export function summarize(r: ChaosReport): string {
  const m = r.measures;
  const o = r.options;
  const lost = m.occurrences.lost;
  const a = m.attempts;
  return [
    `backend ${o.backend}: ${o.recurring} recurring + ${o.once} one-shot + ${r.seeding.live.created} created during the chaos; ${o.chaosMs / 1000} s of kills every ${o.killEveryMs[0] / 1000}–${o.killEveryMs[1] / 1000} s; engine ${JSON.stringify(o.engine)}`,
    `phases: seeding ${s(r.seeding.ms)}, chaos ${s(r.phases.chaosEnd - r.phases.chaosStart)}, settling ${s(r.phases.settled - r.phases.chaosEnd)}, graceful stop ${s(r.phases.stopped - r.phases.settled)}`,
    `load (1-min avg, 2 cores): min ${r.load.min} avg ${r.load.avg} max ${r.load.max}`,
    `kills: ${counts(r.processes.kills)}; restart to ready ${s(r.processes.restartMs.p50)} p50, ${s(r.processes.restartMs.max)} max; crashes on their own: ${r.processes.crashes}`,
    `graceful stops: ${r.processes.stops.map((x) => `${x.slot} ${x.graceful ? "" : "NOT graceful "}${s(x.ms)}`).join(", ")}`,
    `tasks: ${m.tasks.acknowledged} acknowledged, ${m.tasks.stored} stored, ${m.tasks.acknowledgedMissing.length} acknowledged but missing; create retries ${r.seeding.retries + r.seeding.live.retries}, refused ${r.seeding.refused.length}`,
    `occurrences due by the end of the chaos: ${m.occurrences.expected}; succeeded ${m.occurrences.succeeded}; skipped ${counts(m.occurrences.skipped)}; unexpected runs ${m.occurrences.unexpectedRuns}`,
    `LOST: ${lost.total} (no run ${lost.noRun}, unfinished ${lost.unfinished}, failed ${lost.failed} [${counts(lost.failedBy)}], cancelled ${lost.cancelled}); failed although delivered ${m.occurrences.failedAfterDelivery}; still unfinished when the settle wait ended: ${r.unsettled}`,
    ...lost.examples.map((e) => `  lost: ${e}`),
    `executions per occurrence: ${counts(m.executions.perOccurrence)}; succeeded without a delivery ${m.executions.succeededWithoutDelivery}`,
    `claims: ${a.claims} (by their fencing tokens); from their events: ${a.claimsBy.started} started, ${a.claimsBy.givenBack} given back unstarted, ${a.claimsBy.reapedUnstarted} reaped unstarted, ${a.claimsBy.settledUnstarted} settled unstarted, ${a.claimsBy.open} open, ${a.claimsBy.noEvent} without an event; reaped from a live worker ${a.reapedFromLive}`,
    `executions charged: ${a.executions}; spent without an execution: ${a.spentWithoutExecution} (${a.runsAffected} runs) [${counts(a.spentBy)}]; deliveries beyond executions ${a.deliveriesBeyondExecutions}`,
    `webhook: ${r.webhook.deliveries} deliveries, ${r.webhook.refused} refused, ${r.webhook.cut} cut mid-request`,
    "lateness (first delivery − scheduled):",
    `  ${line("all", m.lateness.all)}`,
    ...Object.entries(m.lateness.afterKill).map(([role, st]) => `  ${line(`due ≤ 30 s after a ${role} kill`, st)}`),
    `  ${line("due away from any kill", m.lateness.away)}`,
    `  ${line("claimed more than once", m.lateness.retried)}`,
    `  ${line("kill of its holder → next delivery", m.attempts.recoveryAfterKill)}`,
    `  ${line("spent: its start → the kill", m.attempts.startToKill)}`,
    ...a.examples.map((e) => `  spent: ${e}`),
    ...(m.pressure ? pressureLines(m.pressure) : []),
  ].join("\n");
}

/** Each owner of a pressure run apart: the flood's, held back by its rate, and the other owner's, which must not notice. */
function pressureLines(p: NonNullable<ChaosReport["measures"]["pressure"]>): string[] {
  return Object.entries(p).flatMap(([owner, m]) => [
    `owner ${owner}: ${m.occurrences.expected} occurrences, lost ${m.occurrences.lost.total}, executions per occurrence ${counts(m.executions.perOccurrence)}, executions charged ${m.attempts.executions}, deliveries beyond executions ${m.attempts.deliveriesBeyondExecutions}`,
    `  ${line("lateness, all", m.lateness.all)}`,
    ...Object.entries(m.lateness.afterKill).map(([role, st]) => `  ${line(`due ≤ 30 s after a ${role} kill`, st)}`),
    `  ${line("due away from any kill", m.lateness.away)}`,
  ]);
}
