import { type DynamoDBDocumentClient, GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { backoffDelay } from "../../../core/backoff.js";
import { LIVE_JOB_STATUSES } from "../../../core/model.js";
import { sleep } from "../../../ports/clock.js";
import type { Tx } from "../../../ports/store.js";
import { LIMIT_KEY_PREFIX } from "./dynamodb-limit-state.js";
import { eventToItem, jobEventToItem } from "./items.js";
import type { TableNames } from "./tables.js";
import { type ItemWrite, planWrites, putRequest } from "./writes.js";

/** One entry of a TransactWriteItems. */
export type TransactItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number];

/**
 * The per-owner cap on live tasks (`Tx.cap`) on DynamoDB, which cannot count inside a
 * transaction: a counter item per owner (`limit#live#<owner>` in the events table, beside the
 * other limit states) goes into the create's TransactWriteItems, conditioned on the value it was
 * read with, so two creates at the cap cannot both commit.
 *
 * A task that leaves the live statuses (cancelled, completed) gives its slot back in the same
 * transaction (`releasesOf`): the job's status is read before, and its version condition makes
 * sure the status read is the one replaced. So in a burst of one-shots that finish as fast as
 * they are created, the counter says how many are live. A first create seeds the counter from
 * the owner index; should the counter ever run high (a release lost to a race with that seed),
 * it is recounted from the index when a create finds it at the cap, once the last create under it
 * is older than `SETTLE_MS` (the eventually consistent index has caught up with it by then).
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

  /**
   * The counter updates that give back the slots of the jobs `writes` take out of the live
   * statuses, to commit in the same transaction as those writes. Each such job is read first: a
   * write conditioned on the version read replaces exactly the status read. An owner without a
   * counter has nothing to give back (its first capped create counts from the index).
   */
  async function releasesOf(writes: readonly ItemWrite[]): Promise<TransactItem[]> {
    const leaving = writes.flatMap((w) =>
      w.table === "jobs" && w.condition.kind === "version" && !LIVE_JOB_STATUSES.includes(w.job.status) ? [{ id: w.job.id, version: w.condition.version }] : [],
    );
    if (leaving.length === 0) return [];
    const read = await Promise.all(
      leaving.map(async ({ id, version }) => {
        const { Item } = await d.doc.send(
          new GetCommand({
            TableName: d.tables.jobs,
            Key: { id },
            ConsistentRead: true,
            ProjectionExpression: "#o, #s, version",
            ExpressionAttributeNames: { "#o": "owner", "#s": "status" },
          }),
        );
        return Item && Item.version === version && LIVE_JOB_STATUSES.includes(Item.status) ? String(Item.owner) : null;
      }),
    );
    const byOwner = new Map<string, number>();
    for (const owner of read) if (owner !== null) byOwner.set(owner, (byOwner.get(owner) ?? 0) + 1);
    return [...byOwner].map(([owner, k]) => ({
      Update: {
        TableName: d.tables.events,
        Key: counterKey(owner),
        UpdateExpression: "SET n = n - :k",
        ConditionExpression: "attribute_exists(run_key) AND n >= :k",
        ExpressionAttributeValues: { ":k": k },
      },
    }));
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

  return { commit, releasesOf };
}
