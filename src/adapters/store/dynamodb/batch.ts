import { BatchGetCommand, BatchWriteCommand, type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { backoffDelay } from "../../../core/backoff.js";
import { sleep } from "../../../ports/clock.js";
import type { Item } from "./items.js";

/** DynamoDB's per-request caps. */
const BATCH_GET_MAX = 100;
const BATCH_WRITE_MAX = 25;
const UNPROCESSED_TRIES = 8;

const backoff = (attempt: number) => backoffDelay({ baseMs: 10, maxMs: 1_000, jitter: "equal" }, attempt, Math.random());

/** Runs `fn` over `items`, at most `limit` at a time, keeping the order of results. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/**
 * Reads items by key, BatchGetItem 100 at a time (retrying what DynamoDB leaves unprocessed
 * under load). Returns the items found, in no particular order.
 */
export async function batchGetAll(doc: DynamoDBDocumentClient, table: string, keys: Item[], consistent: boolean): Promise<Item[]> {
  const found: Item[] = [];
  await Promise.all(
    chunks(keys, BATCH_GET_MAX).map(async (chunk) => {
      if (chunk.length === 1) {
        const { Item } = await doc.send(new GetCommand({ TableName: table, Key: chunk[0]!, ConsistentRead: consistent }));
        if (Item) found.push(Item);
        return;
      }
      let todo: Item[] = chunk;
      for (let attempt = 0; todo.length > 0; attempt++) {
        if (attempt >= UNPROCESSED_TRIES) throw new Error(`BatchGetItem on ${table}: ${todo.length} keys still unprocessed after ${attempt} tries`);
        if (attempt > 0) await sleep(backoff(attempt));
        const out = await doc.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: todo, ConsistentRead: consistent } } }));
        found.push(...(out.Responses?.[table] ?? []));
        todo = (out.UnprocessedKeys?.[table]?.Keys ?? []) as Item[];
      }
    }),
  );
  return found;
}

type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } };

/** Puts items unconditionally, BatchWriteItem 25 at a time, retrying unprocessed ones. */
export const batchPutAll = (doc: DynamoDBDocumentClient, table: string, items: Item[]): Promise<void> =>
  batchWriteAll(
    doc,
    table,
    items.map((Item) => ({ PutRequest: { Item } })),
  );

/** Deletes items by key, BatchWriteItem 25 at a time, retrying unprocessed ones. */
export const batchDeleteAll = (doc: DynamoDBDocumentClient, table: string, keys: Item[]): Promise<void> =>
  batchWriteAll(
    doc,
    table,
    keys.map((Key) => ({ DeleteRequest: { Key } })),
  );

async function batchWriteAll(doc: DynamoDBDocumentClient, table: string, requests: WriteRequest[]): Promise<void> {
  await Promise.all(
    chunks(requests, BATCH_WRITE_MAX).map(async (chunk) => {
      let todo = chunk;
      for (let attempt = 0; todo.length > 0; attempt++) {
        if (attempt >= UNPROCESSED_TRIES) throw new Error(`BatchWriteItem on ${table}: ${todo.length} items still unprocessed after ${attempt} tries`);
        if (attempt > 0) await sleep(backoff(attempt));
        const out = await doc.send(new BatchWriteCommand({ RequestItems: { [table]: todo } }));
        todo = (out.UnprocessedItems?.[table] ?? []) as WriteRequest[];
      }
    }),
  );
}

/**
 * Coalesces the reads by key issued in one synchronous stretch (e.g. `Promise.all(keys.map(get))`)
 * into one BatchGetItem: the worker's claim batch then costs one read round trip for its runs
 * and one for their jobs, not one per message. Capacity is billed per item either way.
 */
export function keyLoader(doc: DynamoDBDocumentClient, table: string, idOf: (key: Item) => string, consistent: boolean) {
  let pending = new Map<string, { key: Item; waiters: { resolve(item: Item | undefined): void; reject(e: unknown): void }[] }>();

  async function flush(): Promise<void> {
    const batch = pending;
    pending = new Map();
    try {
      const items = await batchGetAll(
        doc,
        table,
        [...batch.values()].map((p) => p.key),
        consistent,
      );
      const byId = new Map(items.map((item) => [idOf(item), item]));
      for (const [id, p] of batch) for (const w of p.waiters) w.resolve(byId.get(id));
    } catch (e) {
      for (const p of batch.values()) for (const w of p.waiters) w.reject(e);
    }
  }

  return (key: Item): Promise<Item | undefined> =>
    new Promise((resolve, reject) => {
      if (pending.size === 0)
        // flush settles every waiter itself, even when the read fails, so it never rejects.
        queueMicrotask(() => {
          flush().catch(() => {});
        });
      const id = idOf(key);
      const entry = pending.get(id) ?? { key, waiters: [] };
      entry.waiters.push({ resolve, reject });
      pending.set(id, entry);
    });
}
