import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  type DynamoDBClient,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from "@aws-sdk/client-dynamodb";
import { CreateQueueCommand, GetQueueAttributesCommand, GetQueueUrlCommand, SetQueueAttributesCommand, type SQSClient } from "@aws-sdk/client-sqs";
import { newDynamoDbClient, newSqsClient } from "../adapters/aws/client-config.js";
import { stderrLogger } from "../adapters/log/pino-logger.js";
import { DLQ_RETENTION_S, queueNames, runQueueAttributes } from "../adapters/queue/sqs/queues.js";
import { type TableNames, TTL_ATTRIBUTE, tableDefinitions, tableNames, ttlTables } from "../adapters/store/dynamodb/tables.js";

/** `duely aws init`'s options; their meaning and defaults are written once, in the option definitions (src/cli/main.ts). */
export interface AwsInitOptions {
  endpoint?: string;
  dynamodbEndpoint?: string;
  sqsEndpoint?: string;
  region?: string;
  prefix: string;
  visibilityMs: number;
  maxReceiveCount: number;
  ttlDays: number;
}

const errorName = (e: unknown) => (e as { name?: string }).name;

/**
 * Creates the tables (GSIs, TTL) that do not exist yet, adds the GSIs an existing table lacks
 * (one created after it), and waits until they are active. Idempotent.
 */
export async function createTables(client: DynamoDBClient, names: TableNames): Promise<void> {
  await Promise.all(
    tableDefinitions(names).map(async (definition) => {
      let existed = false;
      try {
        await client.send(new CreateTableCommand(definition));
      } catch (e) {
        if (errorName(e) !== "ResourceInUseException") throw e;
        existed = true;
      }
      await waitUntilTableExists({ client, minDelay: 1, maxDelay: 5, maxWaitTime: 600 }, { TableName: definition.TableName });
      if (existed) await addMissingIndexes(client, definition);
    }),
  );
  await Promise.all(
    ttlTables(names).map(async (TableName) => {
      const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName }));
      const status = ttl.TimeToLiveDescription?.TimeToLiveStatus;
      if (status === "ENABLED" || status === "ENABLING") return;
      await client.send(new UpdateTimeToLiveCommand({ TableName, TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true } }));
    }),
  );
}

/**
 * DynamoDB creates one GSI per UpdateTable and backfills it from the items that carry its key:
 * each missing one is added and waited for in turn (a large table may take a while).
 */
async function addMissingIndexes(client: DynamoDBClient, definition: CreateTableCommandInput): Promise<void> {
  const TableName = definition.TableName!;
  const describe = async () => (await client.send(new DescribeTableCommand({ TableName }))).Table?.GlobalSecondaryIndexes ?? [];
  const existing = new Set((await describe()).map((i) => i.IndexName));
  for (const index of definition.GlobalSecondaryIndexes ?? []) {
    if (existing.has(index.IndexName)) continue;
    const keys = new Set(index.KeySchema!.map((k) => k.AttributeName));
    const AttributeDefinitions = definition.AttributeDefinitions!.filter((a) => keys.has(a.AttributeName));
    await client.send(new UpdateTableCommand({ TableName, AttributeDefinitions, GlobalSecondaryIndexUpdates: [{ Create: index }] }));
    const active = async () => (await describe()).find((i) => i.IndexName === index.IndexName)?.IndexStatus === "ACTIVE";
    for (let waited = 0; !(await active()); waited += INDEX_POLL_MS) {
      if (waited >= INDEX_WAIT_MS) throw new Error(`index ${index.IndexName} of ${TableName} is not active after ${INDEX_WAIT_MS / 60_000} minutes`);
      await new Promise((resolve) => setTimeout(resolve, INDEX_POLL_MS));
    }
  }
}

const INDEX_POLL_MS = 2_000;
const INDEX_WAIT_MS = 30 * 60_000;

/** Creates the queue or brings an existing one's attributes up to date; returns its URL. */
async function ensureQueue(sqs: SQSClient, QueueName: string, Attributes: Record<string, string>): Promise<string> {
  try {
    const out = await sqs.send(new CreateQueueCommand({ QueueName, Attributes }));
    return out.QueueUrl!;
  } catch (e) {
    // The JSON protocol's query-compatible error names read e.g. "AWS.SimpleQueueService.QueueNameExists".
    if (!/QueueNameExists|QueueAlreadyExists/.test(errorName(e) ?? "")) throw e;
    const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName }));
    await sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes }));
    return QueueUrl!;
  }
}

/** Creates the run queue and its DLQ with the redrive policy. Idempotent. */
export async function createQueues(
  sqs: SQSClient,
  o: { prefix: string; visibilityMs: number; maxReceiveCount?: number },
): Promise<{ queueUrl: string; dlqUrl: string }> {
  const names = queueNames(o.prefix);
  const dlqUrl = await ensureQueue(sqs, names.dlq, { MessageRetentionPeriod: String(DLQ_RETENTION_S) });
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ["QueueArn"] }));
  const queueUrl = await ensureQueue(
    sqs,
    names.queue,
    runQueueAttributes({
      visibilityMs: o.visibilityMs,
      dlqArn: Attributes!.QueueArn!,
      ...(o.maxReceiveCount !== undefined && { maxReceiveCount: o.maxReceiveCount }),
    }),
  );
  return { queueUrl, dlqUrl };
}

/**
 * `duely aws init`: creates the tables, queue and DLQ on the given endpoint (DynamoDB Local and
 * fauxqs in tests; real AWS without --endpoint) and prints the `store` and `queue` config
 * sections that point at them.
 */
export async function runAwsInit(opts: AwsInitOptions, env: Record<string, string | undefined>): Promise<void> {
  const { prefix, visibilityMs, maxReceiveCount, ttlDays } = opts;
  const region = opts.region ?? env.AWS_REGION ?? "us-east-1";
  if (!/^[A-Za-z0-9_.-]*$/.test(prefix)) throw new Error(`--prefix "${prefix}" may use only letters, digits, '_', '-' and '.'`);
  // One endpoint for both (LocalStack-style), or one per service (DynamoDB Local + fauxqs).
  const dynamodbEndpoint = opts.dynamodbEndpoint ?? opts.endpoint;
  const sqsEndpoint = opts.sqsEndpoint ?? opts.endpoint;
  const log = stderrLogger();
  const dynamodb = newDynamoDbClient({ region, endpoint: dynamodbEndpoint }, env, log);
  const sqs = newSqsClient({ region, endpoint: sqsEndpoint }, env, log);
  try {
    const tables = tableNames(prefix);
    await createTables(dynamodb, tables);
    const { queueUrl, dlqUrl } = await createQueues(sqs, { prefix, visibilityMs, maxReceiveCount });
    const config = {
      store: { kind: "dynamodb", region, ...(dynamodbEndpoint !== undefined && { endpoint: dynamodbEndpoint }), tables, ttl_days: ttlDays },
      queue: {
        kind: "sqs",
        region,
        ...(sqsEndpoint !== undefined && { endpoint: sqsEndpoint }),
        queue_url: queueUrl,
        dlq_url: dlqUrl,
        visibility_ms: visibilityMs,
      },
    };
    // Printed as is, it is a config file: `duely aws init > aws.json && duely worker --config aws.json`.
    process.stdout.write(`${JSON.stringify(config, null, 2)}\n`);
    // The queue URLs are printed as the service answered them: an emulator may name a queue by a
    // host that does not resolve (fauxqs: sqs.<region>.localhost) and knows it by that exact URL
    // only, so another host would not find it. Requests go to `endpoint` whatever the URL says.
    if (sqsEndpoint !== undefined && new URL(queueUrl).host !== new URL(sqsEndpoint).host) {
      log.log("info", "queue_url is the emulator's name for the queue, not an address: requests go to queue.endpoint", {
        queue_url: queueUrl,
        endpoint: sqsEndpoint,
      });
    }
  } finally {
    dynamodb.destroy();
    sqs.destroy();
  }
}
