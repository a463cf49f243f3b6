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
import type { Logger } from "../../../ports/logger.js";
import type { DelayQueue, QueueItem, QueueMessage } from "../../../ports/queue.js";
import { FairReadyList } from "../fair-ready-list.js";

/** SQS caps DelaySeconds at 15 minutes, so the watcher's look-ahead window must stay below it. */
export const SQS_MAX_DELAY_S = 900;
/** SQS per-call caps: 10 entries per batch call, 20 s of long polling, 12 h of visibility. */
const BATCH_MAX = 10;
const MAX_WAIT_S = 20;
const MAX_VISIBILITY_S = 43_200;
/**
 * A message this process holds unclaimed is hidden this long at a time, and renewed while the
 * process lives: if it dies (SIGKILL, OOM), the message reaches another worker within seconds,
 * not after the queue's visibility timeout. A claimed run's message is hidden as long as its
 * lease instead: the reaper, not the queue, gives a dead worker's claimed run back.
 *
 * What a kill costs such a run: SQS shows the message again at most HOLD_S after the kill (the
 * last renewal sent set it HOLD_S ahead), and another worker's long poll gets it at once, its
 * claim a round trip later: about 2 s + a poll + a claim, within the 5 s lateness target with
 * 2 s to spare. SQS visibility is whole seconds, and 1 s would leave a renewal no time at all.
 */
const HOLD_S = 2;
/**
 * The keeper's tick, and how close to reappearing a held message is when it renews it: renewed
 * with 0.75–1 s left, so a renewal has that long to reach SQS before another worker could
 * receive the message. Each kept message costs one renewal every 1–1.25 s (a tenth of a
 * ChangeMessageVisibilityBatch call, 10 to a call).
 */
const KEEP_TICK_MS = 250;
const RENEW_BEFORE_MS = 1_000;

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
  /** Says what close() handed back, and when the keeper cannot reach SQS. */
  log?: Logger;
}

/** A message received and not yet acknowledged, nor extended for a claimed run: kept on a short visibility. */
interface Held {
  message: QueueMessage;
  /** When SQS makes it visible again unless renewed. */
  visibleUntil: number;
  /**
   * Renewed until then: for ever while read ahead or early in this adapter; once handed out, the
   * visibility timeout (the consumer claims it or extends it first); for a waiting extend, its `ms`.
   */
  keepUntil: number;
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
  const holdS = Math.min(HOLD_S, visibilityS);
  const log = opts.log;
  const readAhead = opts.readAhead ?? 50;
  const leadMs = opts.leadMs ?? 0;
  const early = new MinHeap<Held>();
  const ready = new FairReadyList<Held>();
  /** Read ahead or early: in this adapter, not yet handed out. */
  const held = new Set<Held>();
  /** Every message kept on the short visibility, by receipt: those held here, handed out unclaimed, and waiting. */
  const kept = new Map<string, Held>();
  const closing = new AbortController();
  let extensions: { receipt: string; seconds: number; done: () => void }[] = [];
  let keeperFailing = false;

  const keeper = setInterval(() => {
    keepHidden().then(
      () => {
        if (keeperFailing) log?.log("info", "SQS answers again: held messages are kept hidden", { call: "ChangeMessageVisibilityBatch" });
        keeperFailing = false;
      },
      (e: unknown) => {
        // Logged once per outage: the keeper tries again every tick.
        if (!keeperFailing)
          log?.log("warn", "cannot renew held messages' visibility on SQS; other workers may receive them", {
            call: "ChangeMessageVisibilityBatch",
            error: String(e),
          });
        keeperFailing = true;
      },
    );
  }, KEEP_TICK_MS);
  keeper.unref();

  /** Renews the short visibility of every kept message close to reappearing; stops keeping those past their `keepUntil`. */
  async function keepHidden(): Promise<void> {
    const t = now();
    const due: Held[] = [];
    for (const h of kept.values()) {
      if (h.keepUntil <= t) kept.delete(h.message.receipt);
      else if (h.visibleUntil - t < RENEW_BEFORE_MS) due.push(h);
    }
    if (due.length === 0) return;
    // No longer than it is to be kept: a message handed out and never claimed reappears on time.
    const secondsOf = (h: Held) => Math.max(1, Math.min(holdS, Math.ceil((h.keepUntil - t) / 1000)));
    const bySeconds = new Map<number, Held[]>();
    for (const h of due) bySeconds.set(secondsOf(h), [...(bySeconds.get(secondsOf(h)) ?? []), h]);
    const refused = await Promise.all(
      [...bySeconds].map(([seconds, hs]) =>
        changeVisibility(
          hs.map((h) => h.message.receipt),
          seconds,
        ),
      ),
    );
    for (const h of due) h.visibleUntil = t + secondsOf(h) * 1000;
    const gone = refused.flat();
    // A receipt SQS refuses is no longer valid (the message was deleted, or received again elsewhere).
    for (const receipt of gone) {
      const h = kept.get(receipt);
      if (h && !held.has(h)) kept.delete(receipt);
    }
  }

  /** Sets the visibility of each receipt; returns the receipts SQS refused. */
  async function changeVisibility(receipts: string[], seconds: number): Promise<string[]> {
    const refused = await Promise.all(
      chunks(receipts).map(async (batch) => {
        const out = await client.send(
          new ChangeMessageVisibilityBatchCommand({
            QueueUrl: queueUrl,
            Entries: batch.map((ReceiptHandle, i) => ({ Id: String(i), ReceiptHandle, VisibilityTimeout: seconds })),
          }),
        );
        return (out.Failed ?? []).map((f) => batch[Number(f.Id)]!);
      }),
    );
    return refused.flat();
  }

  /** One ReceiveMessage; due messages go to the fair list, early ones to the heap. Returns how many arrived. */
  async function poll(max: number, waitSeconds: number, signal?: AbortSignal): Promise<number> {
    const abort = signal ? AbortSignal.any([signal, closing.signal]) : closing.signal;
    let out: ReceiveMessageCommandOutput;
    try {
      out = await client.send(
        new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: max, WaitTimeSeconds: waitSeconds, VisibilityTimeout: holdS }),
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
      const h: Held = { message: { ...body, receipt: m.ReceiptHandle }, visibleUntil: t + holdS * 1000, keepUntil: Infinity };
      held.add(h);
      kept.set(h.message.receipt, h);
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

  /** Hands out due messages: still kept hidden, until the consumer claims (extends) or acknowledges them, at most a visibility timeout. */
  function take(max: number): QueueMessage[] {
    const t = now();
    return ready.take(max).map((h) => {
      held.delete(h);
      h.keepUntil = t + opts.visibilityMs;
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
    // A worker interleaves owners only among the messages it reads ahead.
    ownerWindow: readAhead,

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
      for (const m of messages) kept.delete(m.receipt);
      await Promise.all(
        chunks(messages).map((batch) =>
          client.send(new DeleteMessageBatchCommand({ QueueUrl: queueUrl, Entries: batch.map((m, i) => ({ Id: String(i), ReceiptHandle: m.receipt })) })),
        ),
      );
    },

    extend(message, ms, o) {
      const t = now();
      let seconds = Math.min(MAX_VISIBILITY_S, Math.max(1, Math.ceil(ms / 1000)));
      if (o?.waiting) {
        // Unclaimed: kept on the short visibility until `ms` from now, so it outlives this process by seconds only.
        const h = kept.get(message.receipt) ?? { message, visibleUntil: t, keepUntil: t };
        h.keepUntil = t + ms;
        h.visibleUntil = t + holdS * 1000;
        kept.set(message.receipt, h);
        seconds = Math.min(seconds, holdS);
      } else kept.delete(message.receipt);
      // The worker extends every message it holds at once; those calls share batch requests.
      return new Promise<void>((resolve) => {
        if (extensions.length === 0)
          queueMicrotask(() => {
            flushExtensions().catch(() => {});
          });
        extensions.push({ receipt: message.receipt, seconds, done: resolve });
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
      // Hand every message kept unclaimed back to SQS at once, rather than after its visibility.
      const receipts = [...kept.keys()];
      held.clear();
      kept.clear();
      if (receipts.length === 0) return;
      try {
        const refused = await changeVisibility(receipts, 0);
        log?.log("info", "handed held messages back to SQS", {
          messages: receipts.length - refused.length,
          ...(refused.length > 0 && { already_gone: refused.length }),
        });
      } catch (e) {
        log?.log("warn", "cannot hand held messages back to SQS; they return after a few seconds", {
          messages: receipts.length,
          call: "ChangeMessageVisibilityBatch",
          error: String(e),
        });
      }
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
