import { runKeyString } from "../../../core/keys.js";
import type { Job, Run, RunStatus } from "../../../core/model.js";
import type { Write } from "../../../ports/store.js";
import { type Item, jobToItem, runToItem } from "./items.js";
import type { TableNames } from "./tables.js";

/** What the stored item must look like for a write to apply. */
type Condition =
  | { kind: "absent" }
  | { kind: "version"; version: number }
  | { kind: "match"; status: RunStatus; attempt: number; leaseExpiredBy?: number }
  | { kind: "absent_or_match"; status: RunStatus; attempt: number };

/**
 * One item write, after a transaction's writes to the same item were folded together
 * (DynamoDB rejects a transaction that touches one item twice).
 * `skippable`: a plain insert_run, whose failed condition means "exists", not "conflict".
 */
export type ItemWrite =
  | { table: "jobs"; job: Job; condition: Condition; skippable: false }
  | { table: "runs"; run: Run; condition: Condition; skippable: boolean };

/** A Put request, ready for PutItem or for a TransactWriteItems entry. */
export interface PutRequest {
  TableName: string;
  Item: Item;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

const matches = (run: Run, status: RunStatus, attempt: number) => run.status === status && run.attempt === attempt;

/**
 * Folds a transaction's writes into one write per item, with the same outcome as applying
 * them in order; null when they can never all apply (e.g. an update expecting a state the
 * previous write of the same transaction did not leave).
 */
export function planWrites(writes: Write[]): ItemWrite[] | null {
  const byItem = new Map<string, ItemWrite>();
  for (const w of writes) {
    const id = w.op === "put_job" ? `job:${w.job.id}` : `run:${runKeyString(w.run)}`;
    const prev = byItem.get(id);
    const next = fold(prev, w);
    if (next === null) return null;
    byItem.set(id, next);
  }
  return [...byItem.values()];
}

function fold(prev: ItemWrite | undefined, w: Write): ItemWrite | null {
  switch (w.op) {
    case "put_job": {
      const condition: Condition = w.expectVersion === null ? { kind: "absent" } : { kind: "version", version: w.expectVersion };
      if (!prev) return { table: "jobs", job: w.job, condition, skippable: false };
      if (prev.table !== "jobs" || w.expectVersion !== prev.job.version) return null;
      return { ...prev, job: w.job };
    }
    case "insert_run":
      return prev ?? { table: "runs", run: w.run, condition: { kind: "absent" }, skippable: true };
    case "update_run": {
      const { status, attempt, leaseExpiredBy } = w.expect;
      if (!prev) {
        const condition: Condition = { kind: "match", status, attempt, ...(leaseExpiredBy !== undefined && { leaseExpiredBy }) };
        return { table: "runs", run: w.run, condition, skippable: false };
      }
      if (prev.table !== "runs") return null;
      // An earlier write of this transaction decides the lease the update would find.
      if (leaseExpiredBy !== undefined && !(prev.run.lease_until !== null && prev.run.lease_until <= leaseExpiredBy)) return null;
      if (prev.skippable) {
        // Inserted here, or already stored: either way the update must find its expected state.
        const condition: Condition = matches(prev.run, status, attempt) ? { kind: "absent_or_match", status, attempt } : { kind: "match", status, attempt };
        return { table: "runs", run: w.run, condition, skippable: false };
      }
      return matches(prev.run, status, attempt) ? { ...prev, run: w.run } : null;
    }
  }
}

export function putRequest(w: ItemWrite, tables: TableNames, ttlDays: number | null): PutRequest {
  const keyAttr = w.table === "jobs" ? "id" : "pk";
  const Item = w.table === "jobs" ? jobToItem(w.job) : runToItem(w.run, ttlDays);
  const TableName = tables[w.table];
  const c = w.condition;
  switch (c.kind) {
    case "absent":
      return { TableName, Item, ConditionExpression: `attribute_not_exists(${keyAttr})` };
    case "version":
      return { TableName, Item, ConditionExpression: "version = :v", ExpressionAttributeValues: { ":v": c.version } };
    case "match":
      // A NULL lease_until is of another type than :l, so the comparison is false, as in SQL.
      return {
        TableName,
        Item,
        ConditionExpression: `#status = :s AND attempt = :a${c.leaseExpiredBy === undefined ? "" : " AND lease_until <= :l"}`,
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: { ":s": c.status, ":a": c.attempt, ...(c.leaseExpiredBy !== undefined && { ":l": c.leaseExpiredBy }) },
      };
    case "absent_or_match":
      return {
        TableName,
        Item,
        ConditionExpression: `attribute_not_exists(${keyAttr}) OR (#status = :s AND attempt = :a)`,
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: { ":s": c.status, ":a": c.attempt },
      };
  }
}
