import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Metrics } from "../../ports/metrics.js";

/** Values read when Prometheus scrapes, rather than counted as they happen. */
export interface ScrapedGauges {
  /** Messages in the delay queue (SQS: visible, in flight and delayed; approximate). */
  queueDepth?: () => Promise<number>;
  /** Messages in the dead-letter queue. */
  deadLettered?: () => Promise<number>;
  /** Watchers and workers whose lease or heartbeat is live. */
  members?: () => Promise<{ watchers: number; workers: number }>;
}

export interface PrometheusMetrics extends Metrics {
  /** Adds gauges read at each scrape; one that fails is left out of that scrape. */
  readOnScrape(gauges: ScrapedGauges): void;
  /** The text exposition format, as `/metrics` answers it. */
  render(): Promise<{ contentType: string; body: string }>;
}

/** Seconds: from "on time" to "five minutes late". */
const LATENESS_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300];
const DURATION_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/**
 * The engine's metrics in a registry of their own (one per engine, so tests may open several),
 * with Node's process metrics beside them. Names follow Prometheus conventions: `_total` for
 * counters, base units (seconds). docs/operations.md says what each means and what to alert on.
 */
export function prometheusMetrics(): PrometheusMetrics {
  const registers = [new Registry()];
  const registry = registers[0]!;
  collectDefaultMetrics({ register: registry });
  const finished = new Counter({
    name: "duely_runs_finished_total",
    help: "Runs that reached a final status, by status and (skipped) reason",
    labelNames: ["status", "skip_reason"],
    registers,
  });
  const lateness = new Histogram({
    name: "duely_run_start_lateness_seconds",
    help: "How long after its scheduled time a run's first execution started",
    buckets: LATENESS_BUCKETS,
    registers,
  });
  const inFlight = new Gauge({ name: "duely_executions_in_flight", help: "Actions running now in this process", registers });
  const duration = new Histogram({
    name: "duely_action_duration_seconds",
    help: "How long actions ran, by action type and outcome",
    labelNames: ["type", "outcome"],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const reaped = new Counter({ name: "duely_runs_reaped_total", help: "Runs taken back from a worker that stopped heartbeating", registers });
  const fenced = new Counter({ name: "duely_fenced_writes_total", help: "Late writes rejected because a newer attempt held the run", registers });
  const takeovers = new Counter({ name: "duely_shard_takeovers_total", help: "Shards taken over from a watcher whose lease expired", registers });
  const resent = new Counter({ name: "duely_runs_resent_total", help: "Queued runs whose message was sent again (not claimed in time)", registers });
  const wakeups = new Counter({
    name: "duely_wakeups_total",
    help: "Times a background timer of the engine fired, by timer; idle=true when it found nothing to do",
    labelNames: ["timer", "idle"],
    registers,
  });
  const tokens = new Counter({
    name: "duely_llm_tokens_total",
    help: "Tokens used by language model calls, by provider, model and kind (input, output)",
    labelNames: ["provider", "model", "kind"],
    registers,
  });

  /** A gauge set from `read` at each scrape; a failed read resets it, so the scrape leaves it out. */
  const scraped = (name: string, help: string, read: () => Promise<number>) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        try {
          this.set(await read());
        } catch {
          this.reset();
        }
      },
    });

  return {
    runFinished: (status, skipReason) => finished.inc({ status, skip_reason: skipReason ?? "" }),
    runStarted: (ms) => lateness.observe(Math.max(0, ms) / 1000),
    actionStarted(type) {
      inFlight.inc();
      const end = duration.startTimer({ type });
      let done = false;
      return (outcome) => {
        if (done) return;
        done = true;
        inFlight.dec();
        end({ outcome });
      };
    },
    runReaped: () => reaped.inc(),
    writeFenced: () => fenced.inc(),
    shardTakenOver: () => takeovers.inc(),
    runResent: () => resent.inc(),
    llmTokens: (provider, model, kind, count) => tokens.inc({ provider, model, kind }, count),
    wakeup: (timer, idle) => wakeups.inc({ timer, idle: String(idle) }),
    readOnScrape(g) {
      if (g.queueDepth) scraped("duely_queue_depth", "Messages in the delay queue (approximate)", g.queueDepth);
      if (g.deadLettered) scraped("duely_dlq_depth", "Messages in the dead-letter queue", g.deadLettered);
      if (g.members) {
        // Both gauges come from one read per scrape.
        const read = g.members;
        let last: { at: number; value: Promise<{ watchers: number; workers: number }> } | null = null;
        const members = () => {
          if (last === null || Date.now() - last.at > 1_000) last = { at: Date.now(), value: read() };
          return last.value;
        };
        scraped("duely_watchers_live", "Watchers holding a live shard lease", async () => (await members()).watchers);
        scraped("duely_workers_live", "Workers with a live heartbeat", async () => (await members()).workers);
      }
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
