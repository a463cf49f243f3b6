import { type DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { backoffDelay } from "../../../core/backoff.js";
import { LIVE_JOB_STATUSES } from "../../../core/model.js";
import { sleep } from "../../../ports/clock.js";
import type { Tx } from "../../../ports/store.js";
import { LIMIT_KEY_PREFIX } from "./dynamodb-limit-state.js";
import { eventToItem, jobEventToItem } from "./items.js";
import type { TableNames } from "./tables.js";
import { planWrites, putRequest } from "./writes.js";

/**
 * The per-owner cap on live tasks (`Tx.cap`) on DynamoDB, which cannot count inside a
 * transaction: a counter item per owner (`limit#live#<owner>` in the events table, beside the
 * other limit states) goes into the create's TransactWriteItems, conditioned on the value it was
 * read with, so two creates at the cap cannot both commit.
 *
 * The counter only ever goes up with creates; a task that leaves the live statuses (cancelled,
 * completed) is not subtracted where that happens. It is recounted instead, when a create finds
 * it at the cap: from the owner index, which is eventually consistent, so only when the last
 * create under it is older than `SETTLE_MS` (the index has caught up with it by then). A first
 * create seeds the counter from the same count.
 */

/** Far longer than a GSI normally lags; a recount is not trusted for a counter touched sooner. */
export const SETTLE_MS = 5_000;
const TRIES = 40;

interface Counter {
  n: number;
  touched: number;
}

export interface CapDeps {
  doc: DynamoDBDocumentClient;
  tables: TableNames;
  ttlDays: number | null;
  seq: (at: number) => string;
  /** The owner's live jobs as the owner index sees them. */
  countLive: (owner: string) => Promise<number>;
  now: () => number;
}

const reasonsOf = (e: unknown): (string | undefined)[] | null => {
  const err = e as { name?: string; CancellationReasons?: { Code?: string }[] };
  return err.name === "TransactionCanceledException" ? (err.CancellationReasons ?? []).map((r) => r.Code) : null;
};

export function createCapCommitter(d: CapDeps) {
  const counterKey = (owner: string) => ({ run_key: `${LIMIT_KEY_PREFIX}live#${owner}`, seq: "-" });

  async function readCounter(owner: string): Promise<Counter | null> {
    const { Item } = await d.doc.send(new GetCommand({ TableName: d.tables.events, Key: counterKey(owner), ConsistentRead: true }));
    return Item && typeof Item.n === "number" ? { n: Item.n, touched: Number(Item.touched ?? 0) } : null;
  }

  /** The live count to add to: the counter, or a recount when it is missing or may have drifted up. */
  async function baseOf(owner: string, counter: Counter | null, adding: number, max: number): Promise<number> {
    if (counter === null) return d.countLive(owner);
    if (counter.n + adding <= max || d.now() - counter.touched < SETTLE_MS) return counter.n;
    return Math.min(counter.n, await d.countLive(owner));
  }

  /** Commits `tx` (with `tx.cap`) in one transaction with the counter; false when over the cap. */
  async function commit(tx: Tx & { cap: NonNullable<Tx["cap"]> }): Promise<boolean> {
    const { owner, max } = tx.cap;
    const writes = planWrites(tx.writes);
    if (writes === null) return false;
    const adding = writes.filter((w) => w.table === "jobs" && w.condition.kind === "absent" && LIVE_JOB_STATUSES.includes(w.job.status)).length;
    const events = [
      ...(tx.events ?? []).map((e) => eventToItem(e, d.seq(e.at), d.ttlDays)),
      ...(tx.jobEvents ?? []).map((e) => jobEventToItem(e, d.seq(e.at))),
    ].map((Item) => ({ Put: { TableName: d.tables.events, Item } }));
    for (let attempt = 1; ; attempt++) {
      const counter = await readCounter(owner);
      const base = await baseOf(owner, counter, adding, max);
      if (base + adding > max) return false;
      const counterWrite = {
        Put: {
          TableName: d.tables.events,
          Item: { ...counterKey(owner), n: base + adding, touched: d.now() },
          ...(counter === null
            ? { ConditionExpression: "attribute_not_exists(run_key)" }
            : { ConditionExpression: "n = :seen", ExpressionAttributeValues: { ":seen": counter.n } }),
        },
      };
      try {
        await d.doc.send(
          new TransactWriteCommand({ TransactItems: [...writes.map((w) => ({ Put: putRequest(w, d.tables, d.ttlDays) })), ...events, counterWrite] }),
        );
        return true;
      } catch (e) {
        const reasons = reasonsOf(e);
        if (!reasons) throw e;
        const counterLost = ["ConditionalCheckFailed", "TransactionConflict"].includes(reasons[reasons.length - 1] ?? "");
        const othersFailed = reasons.slice(0, -1).some((r) => r === "ConditionalCheckFailed");
        // A write of the tx itself failed its condition: a real conflict, as for any commit.
        if (othersFailed) return false;
        if (!counterLost && !reasons.includes("TransactionConflict")) throw e;
        if (attempt >= TRIES) throw e;
        await sleep(backoffDelay({ baseMs: 5, maxMs: 250, jitter: "full" }, attempt, Math.random()));
      }
    }
  }

  return { commit };
}
