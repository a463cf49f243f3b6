import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { runPrimaryKey } from "../../../src/adapters/store/dynamodb/items.js";
import type { TableNames } from "../../../src/adapters/store/dynamodb/tables.js";
import type { RunKey } from "../../../src/core/model.js";

/**
 * Spoils stored items with the raw client, behind the store's back, as a bad manual edit or
 * another tool would: the item keeps its keys (so it stays in every index it was in).
 */
export function dynamoTampering(client: DynamoDBClient, tables: TableNames, shards: number) {
  const doc = DynamoDBDocumentClient.from(client);
  const rewrite = async (table: string, Key: Record<string, unknown>, change: Record<string, unknown>) => {
    const { Item } = await doc.send(new GetCommand({ TableName: table, Key, ConsistentRead: true }));
    if (!Item) throw new Error(`no item ${JSON.stringify(Key)} in ${table} to spoil`);
    await doc.send(new PutCommand({ TableName: table, Item: { ...Item, ...change } }));
  };
  return {
    /** A result that is not JSON; key and status stay. */
    corruptRun: (key: RunKey) => rewrite(tables.runs, runPrimaryKey(key, shards), { result: "{not json" }),
    /** A schedule that is not one (text that is not even JSON); id, owner, status and version stay. */
    corruptJob: (id: string) => rewrite(tables.jobs, { id }, { schedule: "{not json" }),
    deleteRun: async (key: RunKey) => {
      await doc.send(new DeleteCommand({ TableName: tables.runs, Key: runPrimaryKey(key, shards) }));
    },
  };
}
