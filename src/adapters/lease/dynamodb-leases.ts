import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, ScanCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Announcement, Member, Presence } from "../../ports/presence.js";
import type { ShardLeases } from "../../ports/shard-lease.js";
import type { Item } from "../store/dynamodb/items.js";

const SHARD = "shard#";
const WATCHER = "watcher#";
const WORKER = "worker#";
const shardKey = (shard: number) => `${SHARD}${String(shard).padStart(2, "0")}`;
/** Members gone longer than this are no longer listed (a restarted process has a new id). */
const FORGET_MS = 3_600_000;

const conditionFailed = (e: unknown) => (e as { name?: string }).name === "ConditionalCheckFailedException";

/** A member's item: its lease or beat and what it announced (a rewrite drops a burial: it lives). */
const memberItem = (pk: string, now: number, ttlMs: number, about: Announcement = {}): Item => ({
  pk,
  until: now + ttlMs,
  at: now,
  ...(about.config !== undefined && { config: about.config }),
  ...(about.place !== undefined && { place: about.place }),
  ...(about.pid !== undefined && { pid: about.pid }),
});

async function readAll(doc: DynamoDBDocumentClient, TableName: string): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const out = await doc.send(new ScanCommand({ TableName, ConsistentRead: true, ...(start && { ExclusiveStartKey: start }) }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Shard leases in the `leases` table: a `watcher#<id>` item per watcher with `until` (its lease,
 * renewed when a third of it has passed) and `at` (when it was renewed), and a `shard#SS` item
 * per shard naming its `owner`. A
 * watcher holds a shard while the shard names it and its own lease is live, so a renewal is ONE
 * put per watcher, not one per shard. Each acquire reads the whole table (a few dozen small
 * items, one Scan), hands over shards beyond this watcher's share, and takes shards that are
 * unowned or whose owner's lease expired or who was buried (see Member.buried) with a put
 * conditioned on the owner it saw, so two watchers can never both take one shard.
 */
export function dynamoShardLeases(opts: { client: DynamoDBClient; table: string }): ShardLeases {
  const doc = DynamoDBDocumentClient.from(opts.client);
  const TableName = opts.table;

  /** Sets a shard's owner if it still names `expected` (null: no item yet). */
  async function setOwner(shard: number, owner: string, expected: string | null): Promise<boolean> {
    try {
      await doc.send(
        new PutCommand({
          TableName,
          Item: { pk: shardKey(shard), owner },
          ConditionExpression: expected === null ? "attribute_not_exists(pk)" : "#owner = :expected",
          ...(expected !== null && { ExpressionAttributeNames: { "#owner": "owner" }, ExpressionAttributeValues: { ":expected": expected } }),
        }),
      );
      return true;
    } catch (e) {
      if (conditionFailed(e)) return false;
      throw e;
    }
  }

  return {
    async acquire(owner, shards, leaseMs, now, about = {}) {
      const items = await readAll(doc, TableName);
      const member = (id: string) => items.find((i) => i.pk === `${WATCHER}${id}`);
      const me = member(owner);
      if (!me || Number(me.until) < now + (leaseMs * 2) / 3 || me.config !== about.config || me.buried === true)
        await doc.send(new PutCommand({ TableName, Item: memberItem(`${WATCHER}${owner}`, now, leaseMs, about) }));

      const live = new Set(
        items.filter((i) => String(i.pk).startsWith(WATCHER) && Number(i.until) > now && i.buried !== true).map((i) => String(i.pk).slice(WATCHER.length)),
      );
      live.add(owner);
      // Watchers sorted by id: the first (shards mod n) of them get one shard more.
      const ranked = [...live].sort();
      const share = Math.floor(shards / ranked.length) + (ranked.indexOf(owner) < shards % ranked.length ? 1 : 0);

      const ownerOf = new Map<number, string>();
      for (const i of items) if (String(i.pk).startsWith(SHARD)) ownerOf.set(Number(String(i.pk).slice(SHARD.length)), String(i.owner ?? ""));
      const all = Array.from({ length: shards }, (_, s) => s);
      const mine = all.filter((s) => ownerOf.get(s) === owner);
      await Promise.all(mine.slice(share).map((s) => setOwner(s, "", owner)));
      const held = mine.slice(0, share);
      // Free: never owned, handed over, or owned by a watcher whose lease ran out or who was buried.
      const free = all.filter((s) => !held.includes(s) && !live.has(ownerOf.get(s) ?? ""));
      const taken = await Promise.all(free.slice(0, share - held.length).map(async (s) => ((await setOwner(s, owner, ownerOf.get(s) ?? null)) ? s : null)));
      const got = taken.filter((s): s is number => s !== null);
      return {
        shards: [...held, ...got].sort((a, b) => a - b),
        // An empty owner was handed over on purpose; a named one had let its lease run out.
        takenOver: got.filter((s) => (ownerOf.get(s) ?? "") !== "").map((shard) => ({ shard, from: ownerOf.get(shard)! })),
      };
    },

    async release(owner) {
      const items = await readAll(doc, TableName);
      await Promise.all(
        items.filter((i) => String(i.pk).startsWith(SHARD) && i.owner === owner).map((i) => setOwner(Number(String(i.pk).slice(SHARD.length)), "", owner)),
      );
      await doc.send(new PutCommand({ TableName, Item: { pk: `${WATCHER}${owner}`, until: 0 } }));
    },
  };
}

/**
 * Who runs the scheduler, from the same `leases` table: the watchers' `watcher#<id>` items and
 * the shards naming them, and a `worker#<id>` item per worker with `until` and `at`, like a
 * watcher's. One Scan lists them all (the table holds a few dozen small items).
 */
export function dynamoPresence(opts: { client: DynamoDBClient; table: string }): Presence {
  const doc = DynamoDBDocumentClient.from(opts.client);
  const TableName = opts.table;
  return {
    async beat(id, now, ttlMs, about) {
      await doc.send(new PutCommand({ TableName, Item: memberItem(`${WORKER}${id}`, now, ttlMs, about) }));
    },
    async bury(role, id) {
      try {
        await doc.send(
          new UpdateCommand({
            TableName,
            Key: { pk: `${role === "watcher" ? WATCHER : WORKER}${id}` },
            UpdateExpression: "SET buried = :yes",
            ConditionExpression: "attribute_exists(pk)",
            ExpressionAttributeValues: { ":yes": true },
          }),
        );
      } catch (e) {
        if (!conditionFailed(e)) throw e;
      }
    },
    async leave(id) {
      await doc.send(new DeleteCommand({ TableName, Key: { pk: `${WORKER}${id}` } }));
    },
    async members(now) {
      const items = await readAll(doc, TableName);
      const shardsOf = new Map<string, number[]>();
      for (const i of items) {
        if (!String(i.pk).startsWith(SHARD) || !i.owner) continue;
        const owner = String(i.owner);
        shardsOf.set(owner, [...(shardsOf.get(owner) ?? []), Number(String(i.pk).slice(SHARD.length))]);
      }
      const out: Member[] = [];
      for (const i of items) {
        const pk = String(i.pk);
        const role = pk.startsWith(WATCHER) ? "watcher" : pk.startsWith(WORKER) ? "worker" : null;
        const until = Number(i.until);
        if (role === null || until < now - FORGET_MS) continue;
        const id = pk.slice(role === "watcher" ? WATCHER.length : WORKER.length);
        // Items written before `at` was recorded: a lease is renewed at least every `until - at`.
        const seenAt = Number(i.at ?? until);
        const shards = role === "watcher" && until > now && i.buried !== true ? (shardsOf.get(id) ?? []).sort((a, b) => a - b) : [];
        out.push({
          role,
          id,
          seenAt,
          until,
          shards,
          ...(typeof i.config === "string" && { config: i.config }),
          ...(typeof i.place === "string" && { place: i.place }),
          ...(typeof i.pid === "number" && { pid: i.pid }),
          ...(i.buried === true && { buried: true as const }),
        });
      }
      return out.sort((a, b) => a.role.localeCompare(b.role) || a.id.localeCompare(b.id));
    },
  };
}
