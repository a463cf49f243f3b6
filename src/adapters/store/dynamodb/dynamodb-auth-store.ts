import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, type QueryCommandInput, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { DomainError } from "../../../core/errors.js";
import type { AuthRecord, AuthStore, StoredAuthRecord } from "../../../ports/auth-store.js";
import type { Clock } from "../../../ports/clock.js";
import { batchDeleteAll, batchGetAll } from "./batch.js";
import type { Item } from "./items.js";
import { INDEX, TTL_ATTRIBUTE } from "./tables.js";

export interface DynamoAuthStoreOptions {
  /** The caller owns it and destroys it after close(). */
  client: DynamoDBClient;
  /** The `auth` table (tables.ts). */
  table: string;
  clock: Clock;
}

const keyOf = (kind: string, id: string) => ({ pk: `${kind}#${id}` });
const conditionFailed = (e: unknown) => (e as { name?: string }).name === "ConditionalCheckFailedException";

function toItem(r: AuthRecord): Item {
  return {
    ...keyOf(r.kind, r.id),
    kind: r.kind,
    id: r.id,
    payload: JSON.stringify(r.payload),
    ...(r.grantId && { grant_id: r.grantId }),
    ...(r.uid && { uid: r.uid, uid_key: `${r.kind}#${r.uid}` }),
    ...(r.accountId && { account_id: r.accountId, list_kind: r.kind, account_sort: `${r.accountId}#${r.id}` }),
    // expires_ms is exact and decides reads; the TTL attribute (seconds) only lets DynamoDB delete the item later.
    ...(r.expiresAt !== null && { expires_ms: r.expiresAt, [TTL_ATTRIBUTE]: Math.ceil(r.expiresAt / 1000) }),
  };
}

function fromItem(item: Item): StoredAuthRecord {
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(String(item.payload)) as Record<string, unknown>;
  } catch {
    throw new DomainError("corrupt_record", `stored auth record ${String(item.pk)} is malformed: payload is not JSON`, { field: "payload" });
  }
  const optional = (name: string) => (typeof item[name] === "string" ? (item[name] as string) : null);
  return {
    kind: String(item.kind),
    id: String(item.id),
    payload,
    expiresAt: typeof item.expires_ms === "number" ? item.expires_ms : null,
    grantId: optional("grant_id"),
    uid: optional("uid"),
    accountId: optional("account_id"),
    consumedAt: typeof item.consumed_at === "number" ? item.consumed_at : null,
  };
}

/**
 * The AuthStore port on DynamoDB, one table (layout in tables.ts). Reads by key are strongly
 * consistent; lookups by uid and account go through eventually consistent indexes, as the
 * port allows.
 */
export function openDynamoAuthStore(opts: DynamoAuthStoreOptions): AuthStore {
  const { table: TableName, clock } = opts;
  const doc = DynamoDBDocumentClient.from(opts.client, { marshallOptions: { removeUndefinedValues: true } });
  const live = (item: Item | undefined): item is Item => !!item && (typeof item.expires_ms !== "number" || item.expires_ms > clock.now());

  async function queryAll(input: Omit<QueryCommandInput, "TableName">): Promise<Item[]> {
    const items: Item[] = [];
    let start: Item | undefined;
    do {
      const out = await doc.send(new QueryCommand({ TableName, ...input, ...(start && { ExclusiveStartKey: start }) }));
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return items;
  }

  return {
    async put(record) {
      await doc.send(new PutCommand({ TableName, Item: toItem(record) }));
    },
    async create(record) {
      try {
        await doc.send(
          new PutCommand({
            TableName,
            Item: toItem(record),
            ConditionExpression: "attribute_not_exists(pk) OR expires_ms <= :now",
            ExpressionAttributeValues: { ":now": clock.now() },
          }),
        );
        return true;
      } catch (e) {
        if (conditionFailed(e)) return false;
        throw e;
      }
    },
    async get(kind, id) {
      const { Item } = await doc.send(new GetCommand({ TableName, Key: keyOf(kind, id), ConsistentRead: true }));
      return live(Item) ? fromItem(Item) : null;
    },
    async findByUid(kind, uid) {
      const keys = await queryAll({ IndexName: INDEX.byUid, KeyConditionExpression: "uid_key = :k", ExpressionAttributeValues: { ":k": `${kind}#${uid}` } });
      const items = await batchGetAll(
        doc,
        TableName,
        keys.map((k) => ({ pk: k.pk })),
        true,
      );
      const found = items.find(live);
      return found ? fromItem(found) : null;
    },
    async list(kind, accountId) {
      const items = await queryAll({
        IndexName: INDEX.byAccount,
        KeyConditionExpression: accountId === undefined ? "list_kind = :kind" : "list_kind = :kind AND begins_with(account_sort, :account)",
        ExpressionAttributeValues: { ":kind": kind, ...(accountId !== undefined && { ":account": `${accountId}#` }) },
      });
      // begins_with matches "ann#" for "ann" only, but a prefix check alone would also match an account named "ann#x".
      return items
        .filter(live)
        .filter((i) => accountId === undefined || i.account_id === accountId)
        .map(fromItem);
    },
    async consume(kind, id) {
      try {
        await doc.send(
          new UpdateCommand({
            TableName,
            Key: keyOf(kind, id),
            UpdateExpression: "SET consumed_at = :now",
            ConditionExpression: "attribute_exists(pk)",
            ExpressionAttributeValues: { ":now": clock.now() },
          }),
        );
      } catch (e) {
        if (!conditionFailed(e)) throw e;
      }
    },
    async delete(kind, id) {
      await doc.send(new DeleteCommand({ TableName, Key: keyOf(kind, id) }));
    },
    async deleteByGrant(grantId, kind) {
      const keys = await queryAll({
        IndexName: INDEX.byGrant,
        KeyConditionExpression: kind === undefined ? "grant_id = :g" : "grant_id = :g AND begins_with(pk, :kind)",
        ExpressionAttributeValues: { ":g": grantId, ...(kind !== undefined && { ":kind": `${kind}#` }) },
      });
      await batchDeleteAll(
        doc,
        TableName,
        keys.map((k) => ({ pk: k.pk })),
      );
      return keys.length;
    },
    async close() {},
  };
}
