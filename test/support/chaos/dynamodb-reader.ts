import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, paginateScan, type ScanCommandInput } from "@aws-sdk/lib-dynamodb";
import type { TableNames } from "../../../src/adapters/store/dynamodb/tables.js";
import type { Schedule } from "../../../src/core/schedule/model.js";
import type { StoredEvent } from "./observation.js";
import { errorKind, type StoreReader, UNFINISHED } from "./store-reader.js";

type Item = Record<string, unknown>;

/** Reads the DynamoDB tables with plain scans and queries, strongly consistent. */
export function dynamoReader(client: DynamoDBClient, tables: TableNames): StoreReader {
  const doc = DynamoDBDocumentClient.from(client);
  const scan = async (input: ScanCommandInput): Promise<{ items: Item[]; count: number }> => {
    const items: Item[] = [];
    let count = 0;
    for await (const page of paginateScan({ client: doc }, { ...input, ConsistentRead: true })) {
      items.push(...(page.Items ?? []));
      count += page.Count ?? 0;
    }
    return { items, count };
  };
  return {
    unfinished: async (cutoff) => {
      const statuses = Object.fromEntries(UNFINISHED.map((s, i) => [`:s${i}`, s]));
      const { count } = await scan({
        TableName: tables.runs,
        Select: "COUNT",
        FilterExpression: `scheduled_at <= :cutoff AND #status IN (${Object.keys(statuses).join(", ")})`,
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: { ":cutoff": cutoff, ...statuses },
      });
      return count;
    },
    read: async () => {
      const [jobs, runs] = await Promise.all([scan({ TableName: tables.jobs }), scan({ TableName: tables.runs })]);
      return {
        jobs: jobs.items.map((j) => ({ id: String(j.id), status: String(j.status), schedule: j.schedule as Schedule, created_at: Number(j.created_at) })),
        runs: runs.items.map((r) => ({
          job_id: String(r.job_id),
          scheduled_at: Number(r.scheduled_at),
          status: String(r.status),
          attempt: Number(r.attempt),
          executions: Number(r.executions),
          skip_reason: (r.skip_reason as string | null | undefined) ?? null,
          error_kind: errorKind(r.error ?? null),
        })),
      };
    },
    attemptEvents: async () => {
      const { items } = await scan({
        TableName: tables.events,
        FilterExpression: "#from = :running OR #to = :running",
        ExpressionAttributeNames: { "#from": "from", "#to": "to" },
        ExpressionAttributeValues: { ":running": "running" },
      });
      return items.map(
        (e): StoredEvent => ({
          job_id: String(e.job_id),
          scheduled_at: Number(e.scheduled_at),
          at: Number(e.at),
          from: (e.from as string | null | undefined) ?? null,
          to: String(e.to),
          attempt: Number(e.attempt),
          detail: (e.detail as string | null | undefined) ?? null,
        }),
      );
    },
    close: async () => {},
  };
}
