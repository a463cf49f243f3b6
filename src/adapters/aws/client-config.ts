import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { SQSClient } from "@aws-sdk/client-sqs";
import type { Logger } from "../../ports/logger.js";

/** Region, endpoint and (for a local emulator only) credentials for an AWS SDK v3 client. */
export interface AwsEndpoint {
  region: string;
  /** A local emulator or a VPC endpoint; absent = the region's public AWS endpoint. */
  endpoint?: string | undefined;
}

const LOOPBACK = /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/i;

/**
 * Client options. A loopback endpoint with no AWS credentials in the environment gets dummy
 * ones (DynamoDB Local and fauxqs accept any); otherwise the SDK's default provider chain
 * applies, so real credentials are never invented or read here.
 */
function awsClientConfig(target: AwsEndpoint, env: Record<string, string | undefined> = process.env) {
  const local = target.endpoint !== undefined && LOOPBACK.test(target.endpoint) && !env.AWS_ACCESS_KEY_ID && !env.AWS_PROFILE;
  return {
    region: target.region,
    ...(target.endpoint !== undefined && { endpoint: target.endpoint }),
    ...(local && { credentials: { accessKeyId: "local", secretAccessKey: "local" } }),
  };
}

/** The SDK's variable that silences its own notice; it reads it when a client is made. */
const SDK_NOTICE_OFF = "AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED";
/** Node's own notice is per process, and so is ours. */
let noticeGiven = false;

/**
 * On Node 20 the SDK prints an eight-line NodeVersionSupportWarning from every process: its
 * releases after the first week of January 2027 need Node 22. The versions duely pins keep
 * working on Node 20, so the notice is said once, in one line of our own, at info level; an
 * operator who set the variable either way keeps their choice.
 */
function replaceNodeNotice(log: Logger): void {
  if (noticeGiven) return;
  noticeGiven = true;
  const major = Number(process.versions.node.split(".")[0]);
  if (major >= 22) return;
  if (process.env[SDK_NOTICE_OFF] === undefined) process.env[SDK_NOTICE_OFF] = "true";
  log.log(
    "info",
    `Node ${process.versions.node}: supported with the AWS SDK versions duely pins; plan a move to Node 22 or 24 (AWS SDK releases after January 2027 need Node 22, and Node 20 is past its end of life)`,
  );
}

/** The slice of an SDK v3 client that `nameFailures` needs; DynamoDBClient and SQSClient both fit. */
interface NamedClient {
  middlewareStack: { add(middleware: never, options: { step: "initialize"; name: string; override?: boolean }): void };
}

type Handler = (args: { input: Record<string, unknown> }) => Promise<unknown>;

/**
 * Makes every failed call say which service, call, table or queue and endpoint it was: the SDK's
 * own message for a wrong endpoint is only `connect ECONNREFUSED 127.0.0.1:8000`, and a log line
 * of the engine (`could not scan bucket …`) cannot tell a failed SQS send from a failed read.
 * The error keeps its name and fields, which is what callers branch on.
 */
export function nameFailures(client: NamedClient, service: "DynamoDB" | "SQS", target: AwsEndpoint): void {
  const where = target.endpoint ?? `AWS ${target.region}`;
  const middleware =
    (next: Handler, context: { commandName?: string }): Handler =>
    async (args) => {
      try {
        return await next(args);
      } catch (e) {
        if (e instanceof Error) {
          const call = (context.commandName ?? "request").replace(/Command$/, "");
          const on = args.input.TableName ?? args.input.QueueUrl;
          e.message = `${service} ${call}${on === undefined ? "" : ` on ${String(on)}`} at ${where} failed: ${e.message}`;
        }
        throw e;
      }
    };
  client.middlewareStack.add(middleware as never, { step: "initialize", name: "duelyNameFailures", override: true });
}

/** Every DynamoDB client duely makes: created here, so that the SDK's Node notice is handled first and failures name themselves. */
export function newDynamoDbClient(target: AwsEndpoint, env: Record<string, string | undefined>, log: Logger): DynamoDBClient {
  replaceNodeNotice(log);
  const client = new DynamoDBClient(awsClientConfig(target, env));
  nameFailures(client, "DynamoDB", target);
  return client;
}

/** Every SQS client duely makes (see newDynamoDbClient). */
export function newSqsClient(target: AwsEndpoint, env: Record<string, string | undefined>, log: Logger): SQSClient {
  replaceNodeNotice(log);
  const client = new SQSClient(awsClientConfig(target, env));
  nameFailures(client, "SQS", target);
  return client;
}
