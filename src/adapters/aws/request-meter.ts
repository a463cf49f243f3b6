/** Requests and DynamoDB capacity counted by an SDK client middleware, for the cost benchmark. */
export interface RequestStats {
  /** Requests sent, by command name (`PutItem`, `SendMessageBatch`, …), failed ones included. */
  requests: Record<string, number>;
  /** Requests that failed (a failed condition included), by command name. */
  failed: Record<string, number>;
  /** DynamoDB capacity units consumed as the service reports them, split by kind of command. */
  readUnits: number;
  writeUnits: number;
  /** Capacity units by table or `table/index`. */
  byTarget: Record<string, number>;
  /** The same counts split by the caller's label (see meterRequests' `label`). */
  byLabel: Record<string, { requests: Record<string, number>; readUnits: number; writeUnits: number }>;
}

interface ConsumedCapacity {
  TableName?: string;
  CapacityUnits?: number;
  Table?: { CapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
}

type Handler = (args: { input: Record<string, unknown> }) => Promise<{ output: Record<string, unknown> }>;

/** The slice of an SDK v3 client this needs; DynamoDBClient and SQSClient both fit. */
interface MeteredClient {
  middlewareStack: { add(middleware: never, options: { step: "initialize"; name: string; override?: boolean }): void };
}

const READS = new Set(["GetItem", "BatchGetItem", "Query", "Scan", "TransactGetItems"]);
const WRITES = new Set(["PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems"]);

export interface RequestMeter {
  stats(): RequestStats;
  reset(): void;
}

/**
 * Counts every request the client sends. For DynamoDB's data commands it also asks for
 * `ReturnConsumedCapacity: INDEXES` (the total plus its split over the table and each GSI)
 * and adds up what comes back. A request that fails reports no capacity, although AWS bills a
 * failed conditional write (1 WCU per KB): the `failed` counts show how many there were.
 */
export function meterRequests(client: MeteredClient, opts: { label?: () => string | undefined } = {}): RequestMeter {
  let s = empty();
  const middleware =
    (next: Handler, context: { commandName?: string }): Handler =>
    async (args) => {
      const command = (context.commandName ?? "Unknown").replace(/Command$/, "");
      const capacity = READS.has(command) || WRITES.has(command);
      if (capacity && args.input.ReturnConsumedCapacity === undefined) args = { ...args, input: { ...args.input, ReturnConsumedCapacity: "INDEXES" } };
      const label = opts.label?.() ?? "other";
      const mine = s.byLabel[label] ?? { requests: {}, readUnits: 0, writeUnits: 0 };
      s.byLabel[label] = mine;
      s.requests[command] = (s.requests[command] ?? 0) + 1;
      mine.requests[command] = (mine.requests[command] ?? 0) + 1;
      try {
        const result = await next(args);
        if (capacity) add(command, result.output.ConsumedCapacity as ConsumedCapacity | ConsumedCapacity[] | undefined, mine);
        return result;
      } catch (e) {
        s.failed[command] = (s.failed[command] ?? 0) + 1;
        throw e;
      }
    };
  client.middlewareStack.add(middleware as never, { step: "initialize", name: "duelyRequestMeter", override: true });

  function add(command: string, consumed: ConsumedCapacity | ConsumedCapacity[] | undefined, mine: RequestStats["byLabel"][string]): void {
    for (const c of [consumed ?? []].flat()) {
      const units = c.CapacityUnits ?? 0;
      const kind = READS.has(command) ? "readUnits" : "writeUnits";
      s[kind] += units;
      mine[kind] += units;
      const table = c.TableName ?? "?";
      if (c.Table?.CapacityUnits) s.byTarget[table] = (s.byTarget[table] ?? 0) + c.Table.CapacityUnits;
      for (const [index, v] of Object.entries(c.GlobalSecondaryIndexes ?? {})) {
        s.byTarget[`${table}/${index}`] = (s.byTarget[`${table}/${index}`] ?? 0) + (v.CapacityUnits ?? 0);
      }
    }
  }

  return {
    stats: () => structuredClone(s),
    reset: () => {
      s = empty();
    },
  };
}

function empty(): RequestStats {
  return { requests: {}, failed: {}, readUnits: 0, writeUnits: 0, byTarget: {}, byLabel: {} };
}
