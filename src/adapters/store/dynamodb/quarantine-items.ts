import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { Logger } from "../../../ports/logger.js";
import type { Quarantined } from "../../../ports/store.js";
import { ownerIn, Quarantine, runKeyOf, stillUnreadable, type Unreadable } from "../quarantine.js";
import { type Item, jobFromItem, runFromItem, runPrimaryKey } from "./items.js";
import type { TableNames } from "./tables.js";

/**
 * The quarantine on DynamoDB: items of the events table under the partition `quarantine` (no run
 * key has that form: run keys hold an `@`, and the other partitions there are `job#…` and
 * `limit#…`), sort key `<kind>#<key>`. A handful of items at most, in one partition.
 */
const PARTITION = "quarantine";

const conditionFailed = (e: unknown) => (e as { name?: string }).name === "ConditionalCheckFailedException";

export interface DynamoQuarantine {
  quarantine: Quarantine;
  unreadableJob(item: Item, reason: string): Unreadable;
  unreadableRun(item: Item, reason: string): Unreadable;
  /** Store.quarantined. */
  list(limit: number): Promise<Quarantined[]>;
}

export function dynamoQuarantine(o: { doc: DynamoDBDocumentClient; tables: TableNames; shards: number; log: Logger; now: () => number }): DynamoQuarantine {
  const { doc, tables } = o;
  const quarantine = new Quarantine({
    async write(e) {
      try {
        await doc.send(
          new PutCommand({
            TableName: tables.events,
            Item: { run_key: PARTITION, seq: `${e.kind}#${e.key}`, ...e },
            ConditionExpression: "attribute_not_exists(run_key)",
          }),
        );
        return true;
      } catch (err) {
        if (conditionFailed(err)) return false;
        throw err;
      }
    },
    now: o.now,
    log: o.log,
  });

  /** The record as stored now, strongly consistent; undefined when it is gone. */
  async function current(e: Quarantined): Promise<Item | undefined> {
    if (e.kind === "job") return (await doc.send(new GetCommand({ TableName: tables.jobs, Key: { id: e.key }, ConsistentRead: true }))).Item;
    const key = runKeyOf(e.key);
    if (!key) return undefined;
    return (await doc.send(new GetCommand({ TableName: tables.runs, Key: runPrimaryKey(key, o.shards), ConsistentRead: true }))).Item;
  }

  return {
    quarantine,
    unreadableJob: (item, reason) => ({
      kind: "job",
      key: String(item.id),
      owner: ownerIn(item),
      reason,
      location: `item id = '${String(item.id)}' of table ${tables.jobs}`,
    }),
    unreadableRun: (item, reason) => ({
      kind: "run",
      key: `${String(item.job_id)}@${String(item.scheduled_at)}`,
      owner: ownerIn(item),
      reason,
      location: `item pk = '${String(item.pk)}', sk = '${String(item.sk)}' of table ${tables.runs}`,
    }),
    async list(limit) {
      const entries: Quarantined[] = [];
      let start: Item | undefined;
      do {
        const out = await doc.send(
          new QueryCommand({
            TableName: tables.events,
            KeyConditionExpression: "run_key = :q",
            ExpressionAttributeValues: { ":q": PARTITION },
            ConsistentRead: true,
            ...(start && { ExclusiveStartKey: start }),
          }),
        );
        for (const { run_key: _p, seq: _s, ...e } of out.Items ?? []) entries.push(e as Quarantined);
        start = out.LastEvaluatedKey;
      } while (start);
      const oldest = entries.sort((a, b) => a.since - b.since).slice(0, limit);
      return quarantine.review(
        oldest,
        async (e) => stillUnreadable(await current(e), e.kind === "job" ? jobFromItem : runFromItem),
        async (e) => {
          await doc.send(new DeleteCommand({ TableName: tables.events, Key: { run_key: PARTITION, seq: `${e.kind}#${e.key}` } }));
        },
      );
    },
  };
}
