/** The queue pair `duely aws init` creates (deploy/cloudformation.yaml declares the same). */
export const queueNames = (prefix = "duely-") => ({ queue: `${prefix}runs`, dlq: `${prefix}runs-dlq` });

/** SQS keeps a message at most 14 days; the DLQ keeps poison messages that long for inspection. */
export const DLQ_RETENTION_S = 1_209_600;

/** Deliveries after which SQS moves a message to the DLQ (each worker crash mid-run is one). @default 5 */
export const DEFAULT_MAX_RECEIVE_COUNT = 5;

/**
 * The run queue's attributes. The redrive policy only parks poison messages: the store stays
 * the source of truth, and the watcher's reaper marks a run failed (dead-lettered) when its
 * attempts run out, whether or not its message reached the DLQ.
 */
export function runQueueAttributes(o: { visibilityMs: number; dlqArn: string; maxReceiveCount?: number }): Record<string, string> {
  return {
    VisibilityTimeout: String(Math.ceil(o.visibilityMs / 1000)),
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: o.dlqArn, maxReceiveCount: o.maxReceiveCount ?? DEFAULT_MAX_RECEIVE_COUNT }),
  };
}
