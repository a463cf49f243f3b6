import { type DynamoDBDocumentClient, PutCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { backoffDelay } from "../../../core/backoff.js";
import { DomainError } from "../../../core/errors.js";
import type { JobEvent, RunEvent } from "../../../core/model.js";
import { sleep } from "../../../ports/clock.js";
import type { Tx } from "../../../ports/store.js";
import { batchPutAll, mapLimit } from "./batch.js";
import { eventToItem, type Item, jobEventToItem } from "./items.js";
import type { TransactItem } from "./owner-cap.js";
import type { TableNames } from "./tables.js";
import { type ItemWrite, planWrites, putRequest } from "./writes.js";

/** TransactWriteItems takes at most 100 items. */
const TX_MAX_ITEMS = 100;
/** Another transaction held one of the items (TransactionConflict): retry with backoff this often. */
const CONFLICT_TRIES = 6;

export interface CommitOptions {
  doc: DynamoDBDocumentClient;
  tables: TableNames;
  ttlDays: number | null;
  /** A new event sort key, time-sortable by the event's time, strictly increasing in this process. */
  seq: (at: number) => string;
  /** @see DynamoStoreOptions.singleWriteEvents */
  singleWriteEvents: "after" | "transaction";
  /** Items to commit with `writes` in their transaction: the owner cap's slots given back by jobs that leave the live statuses (owner-cap.ts). */
  releasesOf?: (writes: readonly ItemWrite[]) => Promise<TransactItem[]>;
}

export interface TxOutcome {
  ok: boolean;
  /** Event items still to append (with a BatchWriteItem) because the tx committed without them. */
  deferred: Item[];
}

const conditionFailed = (e: unknown) => (e as { name?: string }).name === "ConditionalCheckFailedException";

/**
 * Commits one Tx with the fewest requests:
 * - a single write is one conditional PutItem (1 WCU per KB; a transaction would cost 2 per KB
 *   per item); its events are deferred to a BatchWriteItem the caller sends once the write
 *   succeeded, shared with the other txs of a commitEach. They are then not atomic with the
 *   write: a crash between the two loses those history entries, never a run state change,
 *   and the run item, not its events, is the source of truth;
 * - several writes are one TransactWriteItems with the events inside, all or nothing.
 */
export function createCommitter(o: CommitOptions) {
  /** Run events and job history entries, both in the events table. */
  const eventItems = (events: RunEvent[], jobEvents: JobEvent[] = []) => [
    ...events.map((e) => eventToItem(e, o.seq(e.at), o.ttlDays)),
    ...jobEvents.map((e) => jobEventToItem(e, o.seq(e.at))),
  ];

  async function putOne(w: ItemWrite): Promise<boolean> {
    try {
      await o.doc.send(new PutCommand(putRequest(w, o.tables, o.ttlDays)));
      return true;
    } catch (e) {
      // A plain insert whose key exists is skipped, not a conflict (the port's contract).
      if (conditionFailed(e)) return w.skippable;
      throw e;
    }
  }

  async function commit(tx: Tx): Promise<TxOutcome> {
    const writes = planWrites(tx.writes);
    const events = eventItems(tx.events ?? [], tx.jobEvents);
    if (writes === null) return { ok: false, deferred: [] };
    if (writes.length === 0) return { ok: true, deferred: events };
    const releases = (await o.releasesOf?.(writes)) ?? [];
    if (writes.length === 1 && releases.length === 0 && (events.length === 0 || o.singleWriteEvents === "after")) {
      const ok = await putOne(writes[0]!);
      return { ok, deferred: ok ? events : [] };
    }
    return transact(writes, events, releases);
  }

  async function transact(planned: ItemWrite[], events: Item[], released: TransactItem[] = []): Promise<TxOutcome> {
    let releases = released;
    let writes = planned;
    let overflow: ItemWrite[] = [];
    const room = TX_MAX_ITEMS - releases.length;
    if (writes.length > room) {
      // Only plain inserts may leave the transaction: they are idempotent and follow it.
      const fixed = writes.filter((w) => !w.skippable);
      if (fixed.length > room) {
        throw new DomainError("internal", `a transaction of ${fixed.length} conditional writes exceeds DynamoDB's ${TX_MAX_ITEMS}-item limit`);
      }
      const inserts = writes.filter((w) => w.skippable);
      writes = [...fixed, ...inserts.slice(0, room - fixed.length)];
      overflow = inserts.slice(room - fixed.length);
    }
    let inTx = overflow.length === 0 && writes.length + events.length + releases.length <= TX_MAX_ITEMS ? events : [];
    for (let conflicts = 0; ; ) {
      if (writes.length === 0) {
        inTx = [];
        break;
      }
      const items: TransactItem[] = [
        ...writes.map((w) => ({ Put: putRequest(w, o.tables, o.ttlDays) })),
        ...inTx.map((Item) => ({ Put: { TableName: o.tables.events, Item } })),
        ...releases,
      ];
      const releasesFrom = items.length - releases.length;
      try {
        await o.doc.send(new TransactWriteCommand({ TransactItems: items }));
        break;
      } catch (e) {
        const reasons = canceledReasons(e);
        if (!reasons) throw e;
        const failed = reasons.flatMap((code, i) => (code && code !== "None" ? [{ code, i }] : []));
        if (failed.some((f) => f.i >= releasesFrom && f.code === "ConditionalCheckFailed")) {
          // The counter is gone or already lower: commit without giving back (a recount corrects it).
          releases = [];
          continue;
        }
        const checks = failed.filter((f) => f.code === "ConditionalCheckFailed");
        // A failed check on anything but a plain insert (or on an event) is a real conflict.
        if (checks.some((f) => f.i >= writes.length || !writes[f.i]!.skippable)) return { ok: false, deferred: [] };
        const unknown = failed.filter((f) => f.code !== "ConditionalCheckFailed" && f.code !== "TransactionConflict");
        if (failed.length === 0 || unknown.length > 0) throw e;
        if (checks.length > 0) {
          // Those runs exist: the port says an existing key is skipped, so commit the rest.
          const exists = new Set(checks.map((f) => f.i));
          writes = writes.filter((_, i) => !exists.has(i));
          continue;
        }
        if (++conflicts >= CONFLICT_TRIES) throw e;
        await sleep(backoffDelay({ baseMs: 20, jitter: "full" }, conflicts, Math.random()));
      }
    }
    if (overflow.length > 0) await mapLimit(overflow, 16, putOne);
    return { ok: true, deferred: inTx === events ? [] : events };
  }

  async function appendEvents(items: Item[]): Promise<void> {
    if (items.length > 0) await batchPutAll(o.doc, o.tables.events, items);
  }

  return { commit, appendEvents };
}

/** The per-item reason codes of a cancelled transaction, or null for any other error. */
function canceledReasons(e: unknown): (string | undefined)[] | null {
  const err = e as { name?: string; CancellationReasons?: { Code?: string }[] };
  if (err.name !== "TransactionCanceledException") return null;
  return (err.CancellationReasons ?? []).map((r) => r.Code);
}
