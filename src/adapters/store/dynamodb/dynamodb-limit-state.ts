import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { backoffDelay } from "../../../core/backoff.js";
import { sleep } from "../../../ports/clock.js";
import type { LimitState } from "../../../ports/limit-state.js";
import { TTL_ATTRIBUTE } from "./tables.js";

/**
 * LimitState as items of the `events` table, keyed `run_key = limit#<key>`, `seq = "-"`: that
 * table already has a free string key and TTL, and no run key starts with `limit#`, so no
 * listing of a run's events ever meets one. Each update reads the item strongly consistent and
 * writes it back conditioned on the version it read, retrying on a lost race: a conditional
 * update, so two processes cannot both spend the last token. DynamoDB's TTL deletes lazily,
 * so expiry is also judged here, from `expires_ms`.
 */

export const LIMIT_KEY_PREFIX = "limit#";
const SEQ = "-";
/** Lost races in a row before giving up: only a storm of updates to one owner's key gets there. */
const TRIES = 40;

const conditionFailed = (e: unknown) => (e as { name?: string }).name === "ConditionalCheckFailedException";

export function dynamoLimitState(opts: { client: DynamoDBClient; table: string; now: () => number }): LimitState {
  const doc = DynamoDBDocumentClient.from(opts.client, { marshallOptions: { removeUndefinedValues: true } });
  const TableName = opts.table;

  return {
    async update(key, change) {
      const Key = { run_key: `${LIMIT_KEY_PREFIX}${key}`, seq: SEQ };
      for (let attempt = 1; ; attempt++) {
        const now = opts.now();
        const { Item } = await doc.send(new GetCommand({ TableName, Key, ConsistentRead: true }));
        const version = typeof Item?.version === "number" ? Item.version : null;
        const live = Item && Number(Item.expires_ms) > now && typeof Item.state === "string";
        const { next, expiresAt, result } = change(live ? (JSON.parse(Item.state as string) as unknown) : null);
        try {
          await doc.send(
            new PutCommand({
              TableName,
              Item: { ...Key, state: JSON.stringify(next), version: (version ?? 0) + 1, expires_ms: expiresAt, [TTL_ATTRIBUTE]: Math.ceil(expiresAt / 1000) },
              ...(version === null
                ? { ConditionExpression: "attribute_not_exists(run_key)" }
                : { ConditionExpression: "version = :v", ExpressionAttributeValues: { ":v": version } }),
            }),
          );
          return result;
        } catch (e) {
          if (!conditionFailed(e) || attempt >= TRIES) throw e;
          await sleep(backoffDelay({ baseMs: 5, maxMs: 250, jitter: "full" }, attempt, Math.random()));
        }
      }
    },
    async close() {},
  };
}
