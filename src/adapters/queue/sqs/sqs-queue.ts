import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  type ReceiveMessageCommandOutput,
  SendMessageBatchCommand,
  type SQSClient,
} from "@aws-sdk/client-sqs";
import { z } from "zod";
import { DomainError } from "../../../core/errors.js";
import { MinHeap } from "../../../core/min-heap.js";
import { sleep } from "../../../ports/clock.js";
import type { DelayQueue, QueueItem, QueueMessage } from "../../../ports/queue.js";
import { FairReadyList } from "../fair-ready-list.js";

/** SQS caps DelaySeconds at 15 minutes, so the watcher's look-ahead window must stay below it. */
export const SQS_MAX_DELAY_S = 900;
/** SQS per-call caps: 10 entries per batch call, 20 s of long polling, 12 h of visibility. */
const BATCH_MAX = 10;
const MAX_WAIT_S = 20;
const MAX_VISIBILITY_S = 43_200;

const Body = z.object({
  key: z.object({ job_id: z.string().min(1), scheduled_at: z.number().int() }),
  owner: z.string().min(1),
  dueAt: z.number(),
});

export interface SqsQueueOptions {
  /** The caller owns it (region, endpoint, credentials) and destroys it after close(). */
  client: SQSClient;
  queueUrl: string;
  /** The dead-letter queue `duely aws init` attached with the redrive policy; for deadLettered(). */
  dlqUrl?: string;
  /** A received message stays invisible this long; the worker's heartbeats extend it (the lease). */
  visibilityMs: number;
  /**
   * Messages read ahead of what receive() was asked for, so that owners can be interleaved:
   * SQS hands out roughly in send order, so one owner's burst would otherwise come out in a block.
   * Read-ahead messages stay invisible to other workers while held here. @default 50
   */
  readAhead?: number;
  /** Hand each run out this long before its due time, for a worker that claims ahead and starts on time. @default 0 */
  leadMs?: number;
  now?: () => number;
}

interface Held {
  message: QueueMessage;
  /** When SQS makes it visible again unless extended. */
  visibleUntil: number;
}

export interface SqsDelayQueue extends DelayQueue {
  /** Messages parked in the DLQ (approximate); 0 without a dlqUrl. */
  deadLettered(): Promise<number>;
}

const chunks = <T>(items: readonly T[], size = BATCH_MAX): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/**
 * The delay queue on SQS (standard queue). SQS delays are whole seconds and at most 15 minutes,
 * so a message is sent with the delay rounded DOWN and may arrive up to a second early; it is
 * then held here, invisible to other workers, until its due time (less `leadMs`). Lateness is
 * thus the receive latency, not up to a second more. Delivery is at-least-once; the store's
 * compare-and-set claim makes a duplicate harmless.
 */
export function openSqsQueue(opts: SqsQueueOptions): SqsDelayQueue {
  const { client, queueUrl } = opts;
  const now = opts.now ?? Date.now;
  const visibilityS = Math.min(MAX_VISIBILITY_S, Math.max(1, Math.ceil(opts.visibilityMs / 1000)));
  const readAhead = opts.readAhead ?? 50;
  const leadMs = opts.leadMs ?? 0;
  const early = new MinHeap<Held>();
  const ready = new FairReadyList<Held>();
  const held = new Set<Held>();
  const closing = new AbortController();
  let extensions: { receipt: string; seconds: number; done: () => void }[] = [];

  // Read-ahead and early messages would reappear after the visibility timeout: keep them hidden.
  const keeper = setInterval(
    () => {
      keepHidden().catch(() => {});
    },
    Math.max(250, Math.floor(opts.visibilityMs / 3)),
  );
  keeper.unref();

  async function keepHidden(): Promise<void> {
    const t = now();
    const due = [...held].filter((h) => h.visibleUntil - t < opts.visibilityMs / 2);
    if (due.length === 0) return;
    await changeVisibility(
      due.map((h) => h.message.receipt),
      visibilityS,
    );
    for (const h of due) h.visibleUntil = t + visibilityS * 1000;
  }

  async function changeVisibility(receipts: string[], seconds: number): Promise<void> {
    await Promise.all(
      chunks(receipts).map((batch) =>
        client.send(
          new ChangeMessageVisibilityBatchCommand({
            QueueUrl: queueUrl,
            Entries: batch.map((ReceiptHandle, i) => ({ Id: String(i), ReceiptHandle, VisibilityTimeout: seconds })),
          }),
        ),
      ),
    );
  }

  /** One ReceiveMessage; due messages go to the fair list, early ones to the heap. Returns how many arrived. */
  async function poll(max: number, waitSeconds: number, signal?: AbortSignal): Promise<number> {
    const abort = signal ? AbortSignal.any([signal, closing.signal]) : closing.signal;
    let out: ReceiveMessageCommandOutput;
    try {
      out = await client.send(
        new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: max, WaitTimeSeconds: waitSeconds, VisibilityTimeout: visibilityS }),
        { abortSignal: abort },
      );
    } catch (e) {
      if (abort.aborted) return 0;
      throw e;
    }
    const t = now();
    for (const m of out.Messages ?? []) {
      const body = parseBody(m.Body);
      // Not ours to read: left alone, it returns after the visibility timeout and the redrive policy parks it in the DLQ.
      if (!body || !m.ReceiptHandle) continue;
      const h: Held = { message: { ...body, receipt: m.ReceiptHandle }, visibleUntil: t + visibilityS * 1000 };
      held.add(h);
      if (body.dueAt - leadMs <= t) ready.push(body.owner, h);
      else early.push(body.dueAt - leadMs, h);
    }
    return out.Messages?.length ?? 0;
  }

  function release(): void {
    const t = now();
    while (early.size > 0 && early.peekAt()! <= t) {
      const h = early.pop()!;
      ready.push(h.message.owner, h);
    }
  }

  function take(max: number): QueueMessage[] {
    return ready.take(max).map((h) => {
      held.delete(h);
      return h.message;
    });
  }

  async function flushExtensions(): Promise<void> {
    const batch = extensions;
    extensions = [];
    const bySeconds = new Map<number, string[]>();
    for (const e of batch) bySeconds.set(e.seconds, [...(bySeconds.get(e.seconds) ?? []), e.receipt]);
    try {
      // A receipt that is no longer valid (the message was deleted or redelivered) fails alone; extend MAY be a no-op.
      await Promise.all([...bySeconds].map(([seconds, receipts]) => changeVisibility(receipts, seconds)));
    } finally {
      for (const e of batch) e.done();
    }
  }

  return {
    async send(items: QueueItem[]) {
      if (items.length === 0) return;
      const t = now();
      const entries = items.map((item, i) => {
        const delayS = Math.max(0, Math.floor((item.dueAt - leadMs - t) / 1000));
        if (delayS > SQS_MAX_DELAY_S) {
          throw new DomainError(
            "invalid_argument",
            `run ${item.key.job_id}@${item.key.scheduled_at} is due in ${delayS} s; SQS delays a message at most ${SQS_MAX_DELAY_S} s`,
            {
              field: "dueAt",
              expected: `a due time within ${SQS_MAX_DELAY_S} s`,
              hint: "Keep engine.look_ahead_ms below 900000 when queue.kind is sqs.",
            },
          );
        }
        return { Id: String(i % BATCH_MAX), MessageBody: JSON.stringify({ key: item.key, owner: item.owner, dueAt: item.dueAt }), DelaySeconds: delayS };
      });
      await Promise.all(
        chunks(entries).map(async (batch) => {
          let todo = batch;
          for (let attempt = 0; todo.length > 0; attempt++) {
            const out = await client.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: todo }));
            const failed = new Set((out.Failed ?? []).map((f) => f.Id));
            if (failed.size > 0 && attempt >= 2) throw new Error(`SQS refused ${failed.size} messages: ${out.Failed!.map((f) => f.Message).join("; ")}`);
            todo = todo.filter((e) => failed.has(e.Id));
          }
        }),
      );
    },

    async receive(max, waitMs, signal) {
      const deadline = now() + waitMs;
      // Set once a poll came back short: SQS has nothing more visible right now.
      let drained = false;
      let polled = false;
      for (;;) {
        release();
        if (signal?.aborted || closing.signal.aborted) break;
        const room = Math.max(max, readAhead) - held.size;
        const canPoll = room > 0 && !drained;
        if (ready.size > 0) {
          // Something is due: read ahead (without waiting) up to the window, to interleave owners, then hand over.
          if (!canPoll) break;
          drained = (await poll(Math.min(BATCH_MAX, room), 0, signal)) < BATCH_MAX;
          continue;
        }
        const left = deadline - now();
        // Even with no time to wait (waitMs 0), SQS is asked once.
        if (left <= 0 && (polled || !canPoll)) break;
        const wait = Math.min(left, early.size > 0 ? early.peekAt()! - now() : Infinity);
        polled = true;
        if (room > 0 && wait >= 1000) {
          // Long polls are whole seconds; the next early message's due time bounds the wait.
          await poll(Math.min(BATCH_MAX, room), Math.min(MAX_WAIT_S, Math.floor(wait / 1000)), signal);
        } else if (canPoll) {
          drained = (await poll(Math.min(BATCH_MAX, room), 0, signal)) < BATCH_MAX;
        } else {
          await sleep(wait, signal);
        }
      }
      return take(max);
    },

    async ack(messages) {
      await Promise.all(
        chunks(messages).map((batch) =>
          client.send(new DeleteMessageBatchCommand({ QueueUrl: queueUrl, Entries: batch.map((m, i) => ({ Id: String(i), ReceiptHandle: m.receipt })) })),
        ),
      );
    },

    extend(message, ms) {
      // The worker extends every message it holds at once; those calls share batch requests.
      return new Promise<void>((resolve) => {
        if (extensions.length === 0)
          queueMicrotask(() => {
            flushExtensions().catch(() => {});
          });
        extensions.push({ receipt: message.receipt, seconds: Math.min(MAX_VISIBILITY_S, Math.max(1, Math.ceil(ms / 1000))), done: resolve });
      });
    },

    async size() {
      const { Attributes = {} } = await client.send(
        new GetQueueAttributesCommand({
          QueueUrl: queueUrl,
          AttributeNames: ["ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible", "ApproximateNumberOfMessagesDelayed"],
        }),
      );
      return Object.values(Attributes).reduce((n, v) => n + Number(v ?? 0), 0);
    },

    async deadLettered() {
      if (!opts.dlqUrl) return 0;
      const { Attributes = {} } = await client.send(new GetQueueAttributesCommand({ QueueUrl: opts.dlqUrl, AttributeNames: ["ApproximateNumberOfMessages"] }));
      return Number(Attributes.ApproximateNumberOfMessages ?? 0);
    },

    async close() {
      if (closing.signal.aborted) return;
      closing.abort();
      clearInterval(keeper);
      // Hand what is held back to SQS at once, rather than after the visibility timeout.
      const receipts = [...held].map((h) => h.message.receipt);
      held.clear();
      if (receipts.length > 0) await changeVisibility(receipts, 0).catch(() => {});
    },
  };
}

function parseBody(text: string | undefined): QueueItem | null {
  try {
    const parsed = Body.safeParse(JSON.parse(text ?? ""));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
