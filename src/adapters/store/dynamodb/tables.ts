import type { CreateTableCommandInput } from "@aws-sdk/client-dynamodb";

/** The tables' names (one deployment may prefix them, e.g. `duely-runs`). */
export interface TableNames {
  jobs: string;
  runs: string;
  events: string;
  leases: string;
  /** The built-in authorization server's records (src/ports/auth-store.ts). */
  auth: string;
}

export const tableNames = (prefix = "duely-"): TableNames => ({
  jobs: `${prefix}jobs`,
  runs: `${prefix}runs`,
  events: `${prefix}events`,
  leases: `${prefix}leases`,
  auth: `${prefix}auth`,
});

/** The GSIs by name, so a query and the table definition cannot drift apart. */
export const INDEX = {
  /** jobs: (owner, id) newest first; projects `status` only, so countJobs reads small entries. */
  byOwner: "by_owner",
  /** runs: (job_id, scheduled_at) newest first; keys only, so run updates never write it. */
  byJob: "by_job",
  /** runs, sparse: (pending_bucket, sk), present only while a run is pending. */
  pending: "pending",
  /** runs, sparse: (shard, wake_at), present only while wake_at is set. */
  waking: "waking",
  /** runs, sparse, keys only: (in_flight_job, scheduled_at), present only while a run is queued or running. */
  inFlight: "in_flight",
  /** auth: (grant_id, pk) keys only: every record issued under a grant, to revoke it whole. */
  byGrant: "by_grant",
  /** auth: (uid_key) keys only: a session by its uid. */
  byUid: "by_uid",
  /** auth, sparse: (list_kind, account_sort), present on records that belong to an account. */
  byAccount: "by_account",
} as const;

/** The TTL attribute (epoch seconds) on finished runs and on events. */
export const TTL_ATTRIBUTE = "expires_at";

/**
 * Table layout (deploy/cloudformation.yaml declares the same; a test checks they agree):
 *
 * - jobs   PK `id` (ULID). GSI by_owner (owner, id), INCLUDE status: "my tasks, newest first"
 *          pages keys from the index and reads the items by key; the status filter and
 *          countJobs run on the index's small entries. A job write that keeps its status
 *          (the chain moving on) does not write the index.
 * - runs   PK `pk` = `YYYYMMDDHH#SS` (bucket#shard), SK `sk` = `<scheduled_at, 15 digits>#<job_id>`.
 *          A run is read by key, strongly consistent: pk is computed from the run key with
 *          bucketOf(scheduled_at, shardOf(job_id, shards)), so the shard count is fixed per
 *          deployment (changing it would also hide existing runs from the watcher).
 *          GSI by_job (job_id, scheduled_at) KEYS_ONLY: runs of a job, newest first.
 *          GSI pending (pending_bucket, sk) sparse: the watcher's scan of a bucket reads only
 *          pending runs, not the hour's finished ones.
 *          GSI waking (shard, wake_at) sparse: queued, running and retrying runs by wake time.
 *          Its partition key is the shard alone, and every claim, heartbeat and finish moves
 *          wake_at (two index writes): one shard's index partition takes about 1,000 such
 *          writes a second, so sustained throughput beyond ~16,000/s needs a larger shard count.
 *          GSI in_flight (in_flight_job, scheduled_at) sparse, KEYS_ONLY: a task's queued and
 *          running runs, for the overlap rule, however long its history. Written when a run
 *          enters or leaves those statuses, not by a claim or a heartbeat.
 * - events PK `run_key` (`job_id@scheduled_at`), SK `seq` (ULID from the event time): append-only.
 *          It also holds the per-owner limit states (`run_key = limit#<key>`, `seq = -`:
 *          dynamodb-limit-state.ts, owner-cap.ts) and the quarantine of unreadable records
 *          (`run_key = quarantine`, `seq = <kind>#<key>`: quarantine-items.ts), which no run
 *          key can collide with.
 * - leases PK `pk`: `shard#SS` items (which watcher scans a shard) and `watcher#<id>` items
 *          (who is alive), for the watchers' shard split.
 * - auth   PK `pk` = `<kind>#<id>`: the authorization server's records. GSI by_grant
 *          (grant_id, pk) KEYS_ONLY; GSI by_uid (uid_key = `<kind>#<uid>`) KEYS_ONLY; GSI
 *          by_account (list_kind, account_sort = `<account>#<id>`) sparse, ALL: an owner's
 *          grants. Its partition key is the kind alone: sign-ins, not task traffic, write it.
 *
 * Everything is on-demand (PAY_PER_REQUEST); TTL on `expires_at` for runs, events and auth records.
 */
export function tableDefinitions(names: TableNames): CreateTableCommandInput[] {
  const base = { BillingMode: "PAY_PER_REQUEST" as const };
  return [
    {
      ...base,
      TableName: names.jobs,
      AttributeDefinitions: [
        { AttributeName: "id", AttributeType: "S" },
        { AttributeName: "owner", AttributeType: "S" },
      ],
      KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
      GlobalSecondaryIndexes: [
        {
          IndexName: INDEX.byOwner,
          KeySchema: [
            { AttributeName: "owner", KeyType: "HASH" },
            { AttributeName: "id", KeyType: "RANGE" },
          ],
          Projection: { ProjectionType: "INCLUDE", NonKeyAttributes: ["status"] },
        },
      ],
    },
    {
      ...base,
      TableName: names.runs,
      AttributeDefinitions: [
        { AttributeName: "pk", AttributeType: "S" },
        { AttributeName: "sk", AttributeType: "S" },
        { AttributeName: "job_id", AttributeType: "S" },
        { AttributeName: "scheduled_at", AttributeType: "N" },
        { AttributeName: "pending_bucket", AttributeType: "S" },
        { AttributeName: "shard", AttributeType: "N" },
        { AttributeName: "wake_at", AttributeType: "N" },
        { AttributeName: "in_flight_job", AttributeType: "S" },
      ],
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: INDEX.byJob,
          KeySchema: [
            { AttributeName: "job_id", KeyType: "HASH" },
            { AttributeName: "scheduled_at", KeyType: "RANGE" },
          ],
          Projection: { ProjectionType: "KEYS_ONLY" },
        },
        {
          IndexName: INDEX.pending,
          KeySchema: [
            { AttributeName: "pending_bucket", KeyType: "HASH" },
            { AttributeName: "sk", KeyType: "RANGE" },
          ],
          Projection: { ProjectionType: "ALL" },
        },
        {
          IndexName: INDEX.waking,
          KeySchema: [
            { AttributeName: "shard", KeyType: "HASH" },
            { AttributeName: "wake_at", KeyType: "RANGE" },
          ],
          Projection: { ProjectionType: "ALL" },
        },
        {
          IndexName: INDEX.inFlight,
          KeySchema: [
            { AttributeName: "in_flight_job", KeyType: "HASH" },
            { AttributeName: "scheduled_at", KeyType: "RANGE" },
          ],
          Projection: { ProjectionType: "KEYS_ONLY" },
        },
      ],
    },
    {
      ...base,
      TableName: names.events,
      AttributeDefinitions: [
        { AttributeName: "run_key", AttributeType: "S" },
        { AttributeName: "seq", AttributeType: "S" },
      ],
      KeySchema: [
        { AttributeName: "run_key", KeyType: "HASH" },
        { AttributeName: "seq", KeyType: "RANGE" },
      ],
    },
    {
      ...base,
      TableName: names.leases,
      AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
      KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    },
    {
      ...base,
      TableName: names.auth,
      AttributeDefinitions: [
        { AttributeName: "pk", AttributeType: "S" },
        { AttributeName: "grant_id", AttributeType: "S" },
        { AttributeName: "uid_key", AttributeType: "S" },
        { AttributeName: "list_kind", AttributeType: "S" },
        { AttributeName: "account_sort", AttributeType: "S" },
      ],
      KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
      GlobalSecondaryIndexes: [
        {
          IndexName: INDEX.byGrant,
          KeySchema: [
            { AttributeName: "grant_id", KeyType: "HASH" },
            { AttributeName: "pk", KeyType: "RANGE" },
          ],
          Projection: { ProjectionType: "KEYS_ONLY" },
        },
        {
          IndexName: INDEX.byUid,
          KeySchema: [{ AttributeName: "uid_key", KeyType: "HASH" }],
          Projection: { ProjectionType: "KEYS_ONLY" },
        },
        {
          IndexName: INDEX.byAccount,
          KeySchema: [
            { AttributeName: "list_kind", KeyType: "HASH" },
            { AttributeName: "account_sort", KeyType: "RANGE" },
          ],
          Projection: { ProjectionType: "ALL" },
        },
      ],
    },
  ];
}

/** Tables whose items carry the TTL attribute. */
export const ttlTables = (names: TableNames): string[] => [names.runs, names.events, names.auth];
