import { parseArgs } from "node:util";
import { CreateTableCommand, DescribeTimeToLiveCommand, DynamoDBClient, UpdateTimeToLiveCommand, waitUntilTableExists } from "@aws-sdk/client-dynamodb";
import { CreateQueueCommand, GetQueueAttributesCommand, GetQueueUrlCommand, SetQueueAttributesCommand, SQSClient } from "@aws-sdk/client-sqs";
import { awsClientConfig } from "../adapters/aws/client-config.js";
import { DEFAULT_MAX_RECEIVE_COUNT, DLQ_RETENTION_S, queueNames, runQueueAttributes } from "../adapters/queue/sqs/queues.js";
import { type TableNames, TTL_ATTRIBUTE, tableDefinitions, tableNames, ttlTables } from "../adapters/store/dynamodb/tables.js";

export const AWS_INIT_USAGE =
  "duely aws init [--endpoint URL] [--dynamodb-endpoint URL] [--sqs-endpoint URL] [--region R] [--prefix P] [--visibility-ms N] [--max-receive-count N] [--ttl-days N]";

const errorName = (e: unknown) => (e as { name?: string }).name;

/** Creates the tables (GSIs, TTL) that do not exist yet and waits until they are active. Idempotent. */
export async function createTables(client: DynamoDBClient, names: TableNames): Promise<void> {
  await Promise.all(
    tableDefinitions(names).map(async (definition) => {
      try {
        await client.send(new CreateTableCommand(definition));
      } catch (e) {
        if (errorName(e) !== "ResourceInUseException") throw e;
      }
      await waitUntilTableExists({ client, minDelay: 1, maxDelay: 5, maxWaitTime: 600 }, { TableName: definition.TableName });
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

function positiveInt(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${flag} "${value}" is not a positive integer\nusage: ${AWS_INIT_USAGE}`);
  return n;
}

/**
 * `duely aws init`: creates the tables, queue and DLQ on the given endpoint (DynamoDB Local and
 * fauxqs in tests; real AWS without --endpoint) and prints the `store` and `queue` config
 * sections that point at them.
 */
export async function runAwsInit(argv: string[], env: Record<string, string | undefined>): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      endpoint: { type: "string" },
      "dynamodb-endpoint": { type: "string" },
      "sqs-endpoint": { type: "string" },
      region: { type: "string" },
      prefix: { type: "string" },
      "visibility-ms": { type: "string" },
      "max-receive-count": { type: "string" },
      "ttl-days": { type: "string" },
    },
  });
  const region = values.region ?? env.AWS_REGION ?? "us-east-1";
  const prefix = values.prefix ?? "duely-";
  if (!/^[A-Za-z0-9_.-]*$/.test(prefix)) throw new Error(`--prefix "${prefix}" may use only letters, digits, '_', '-' and '.'`);
  const visibilityMs = positiveInt(values["visibility-ms"], "--visibility-ms", 30_000);
  const maxReceiveCount = positiveInt(values["max-receive-count"], "--max-receive-count", DEFAULT_MAX_RECEIVE_COUNT);
  const ttlDays = positiveInt(values["ttl-days"], "--ttl-days", 30);
  // One endpoint for both (LocalStack-style), or one per service (DynamoDB Local + fauxqs).
  const dynamodbEndpoint = values["dynamodb-endpoint"] ?? values.endpoint;
  const sqsEndpoint = values["sqs-endpoint"] ?? values.endpoint;
  const dynamodb = new DynamoDBClient(awsClientConfig({ region, endpoint: dynamodbEndpoint }, env));
  const sqs = new SQSClient(awsClientConfig({ region, endpoint: sqsEndpoint }, env));
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
    process.stdout.write(`${JSON.stringify({ ok: true, ...config }, null, 2)}\n`);
  } finally {
    dynamodb.destroy();
    sqs.destroy();
  }
}

/** `duely aws init …` | `duely aws template`. */
export async function runAws(argv: string[], env: Record<string, string | undefined>): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub === "init") return runAwsInit(rest, env);
  if (sub === "template") {
    const { cloudFormationTemplate } = await import("./aws-template.js");
    process.stdout.write(cloudFormationTemplate());
    return;
  }
  throw new Error(`usage: ${AWS_INIT_USAGE}\n       duely aws template`);
}
