import { readFileSync } from "node:fs";
import { userInfo } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { ActionsConfig, OwnersConfig } from "./actions/config.js";
import { ownershipProblems } from "./actions/owner-channels.js";
import { LimitSettings } from "./app/limit-settings.js";
import { DEFAULT_RETENTION, RetentionSettings } from "./app/retention-settings.js";
import { EngineSettings } from "./app/settings.js";
import { isValidTimeZone } from "./core/schedule/index.js";
import { BucketSpec } from "./core/token-bucket.js";
import { AWS_DEFAULTS, HTTP_DEFAULTS } from "./defaults.js";
import { REGISTRATION_MODES, type RegistrationMode } from "./ports/authorization-server.js";
import { dataDirOf } from "./service/paths.js";

export { AWS_DEFAULTS, dataDirOf, HTTP_DEFAULTS };

const Zone = z.string().refine(isValidTimeZone, { message: 'an IANA time zone, e.g. "Europe/London"' });

/** SQS delays a message at most 15 minutes, so the watcher must not enqueue further ahead. */
const SQS_MAX_DELAY_MS = 900_000;
/** The slowest `limits.executions.per_minute` that SQS can hold a run back for, rounded up. */
const MIN_SQS_RUN_RATE = 0.0667;
const TableName = z.string().regex(/^[A-Za-z0-9_.-]{3,255}$/, "a DynamoDB table name: 3-255 of A-Z a-z 0-9 _ - .");
const Aws = {
  region: z.string().min(1),
  /** A local emulator or a VPC endpoint; absent = the region's public AWS endpoint. */
  endpoint: z.url().optional(),
};

const LOOPBACK_NAMES = new Set(["127.0.0.1", "localhost", "[::1]"]);
/** https, or http on a loopback host (tests, a local trial): what MCP clients accept for an issuer. */
const secureOrigin = (u: URL) => u.protocol === "https:" || (u.protocol === "http:" && LOOPBACK_NAMES.has(u.hostname));
// zod runs refinements after a failed z.url() too: each one passes what does not parse, already reported.
const WebUrl = (what: string, example: string) =>
  z.url({ error: `${what}, e.g. "${example}"` }).refine(
    (v) => {
      const u = URL.parse(v);
      return !u || (secureOrigin(u) && !u.search && !u.hash);
    },
    { error: `${what}: https (http only on localhost or 127.0.0.1), no query or fragment, e.g. "${example}"` },
  );
/** An origin: no path either. */
const PublicUrl = WebUrl("the https origin clients reach duely at", "https://duely.example.com").refine((v) => (URL.parse(v)?.pathname ?? "/") === "/", {
  error: 'an origin only, without a path, e.g. "https://duely.example.com"',
});

const DAY_MS = 86_400_000;

const REGISTRATION_DEFAULTS = {
  mode: "open" as RegistrationMode,
  per_address: { burst: 10, per_minute: 10 / 60 },
  max_clients: 1000,
  unused_client_ttl_ms: DAY_MS,
};

/**
 * Who issues the access tokens /mcp accepts. Static bearer tokens (`http.tokens`) work beside
 * either authorization server, for scripts and CI.
 */
const AuthConfig = z
  .discriminatedUnion(
    "kind",
    [
      /** duely's own authorization server (OAuth 2.1, sign-in as an owner from `duely owner add`), on the same origin. */
      z.strictObject({
        kind: z.literal("builtin"),
        /** How long an access token is good for; a revoked grant's tokens are refused at once anyway. @default 600_000 */
        access_token_ttl_ms: z.number().int().min(60_000).max(DAY_MS).default(600_000),
        /** How long a refresh token lives unused; each use rotates it and starts a new period. @default 30 days */
        refresh_token_ttl_ms: z
          .number()
          .int()
          .min(3_600_000)
          .max(365 * DAY_MS)
          .default(30 * DAY_MS),
        /** Which new clients are taken, and bounds on dynamic client registration (`/oauth/register`); a bare mode string is short for `{ mode }`. */
        registration: z
          .preprocess(
            (v) => (typeof v === "string" ? { mode: v } : v),
            z.strictObject({
              /** Which new clients are taken (see RegistrationMode). @default "open" */
              mode: z
                .enum(REGISTRATION_MODES, {
                  error: (i) => `${JSON.stringify(i.input)} is not a registration mode: "open", "metadata-documents-only" or "closed"`,
                })
                .default("open"),
              /** Registrations per client address (see `http.trusted_proxies`). @default 10 at once, then 10 an hour */
              per_address: BucketSpec.default(REGISTRATION_DEFAULTS.per_address),
              /** Registered clients the store holds at most; more are refused (503) until unused ones expire. @default 1000 */
              max_clients: z.number().int().min(1).max(1_000_000).default(REGISTRATION_DEFAULTS.max_clients),
              /** A client that never got a token is deleted this long after registering; a used one lives as long as its refresh tokens. @default 1 day */
              unused_client_ttl_ms: z
                .number()
                .int()
                .min(60_000)
                .max(365 * DAY_MS)
                .default(REGISTRATION_DEFAULTS.unused_client_ttl_ms),
            }),
          )
          .default(REGISTRATION_DEFAULTS),
      }),
      /** An outside identity provider (Auth0, Keycloak, Entra ID…) whose JWT access tokens duely checks. */
      z.strictObject({
        kind: z.literal("external"),
        /** Exactly as the provider writes it in `iss` (mind a trailing slash). */
        issuer: WebUrl("the identity provider's issuer URL", "https://example.eu.auth0.com/"),
        /** The `aud` the provider puts in tokens for duely. @default this server's resource URL (`<origin>/mcp`) */
        audience: z.string().min(1).optional(),
        /** @default the `jwks_uri` of the issuer's metadata (RFC 8414 or OpenID discovery) */
        jwks_uri: WebUrl("the identity provider's JWKS URL", "https://example.eu.auth0.com/.well-known/jwks.json").optional(),
        /** The token claim that names the owner. @default "sub" */
        owner_claim: z.string().min(1).default("sub"),
      }),
      /** Static bearer tokens only (`http.tokens`): no OAuth at all. */
      z.strictObject({ kind: z.literal("tokens") }),
    ],
    { error: 'must be "builtin", "external" or "tokens"' },
  )
  .default({ kind: "builtin", access_token_ttl_ms: 600_000, refresh_token_ttl_ms: 30 * DAY_MS, registration: REGISTRATION_DEFAULTS });

/**
 * How the scheduler's roles spread over processes, fixed by the store and the queue together,
 * decided here once so no command or adapter decides it again from one of them:
 * - `embedded`: SQLite + the in-memory queue. One process is the whole scheduler of its file
 *   (the local service, `duely serve --embedded` or `--http`), holding the file's lock: a run's
 *   message lives in that process's memory, so no other process could receive it.
 * - `distributed`: DynamoDB + SQS. The API, the watchers and the workers run as separate
 *   processes, several of each; shard leases split the watchers' work.
 * The other two pairs are refused: DynamoDB with the in-memory queue gives every role process a
 * private queue that no worker of another process reads, and SQLite has no shard leases for
 * watchers to split its shards, nor needs a queue outside its one process.
 */
export const DEPLOYMENT_MODES = ["embedded", "distributed"] as const;
export type DeploymentMode = (typeof DEPLOYMENT_MODES)[number];

/** The mode of a store and a queue, or why that pair cannot run, with its fix. */
export function deploymentModeOf(store: { kind: "sqlite" | "dynamodb" }, queue: { kind: "local" | "sqs" }): DeploymentMode | { refused: string } {
  if (store.kind === "sqlite" && queue.kind === "local") return "embedded";
  if (store.kind === "dynamodb" && queue.kind === "sqs") return "distributed";
  if (store.kind === "dynamodb") {
    return {
      refused:
        'store.kind "dynamodb" needs queue.kind "sqs": with the in-memory queue each process (`duely watcher`, `duely worker`) would keep its own queue and no run would ever execute. Add the "queue" section `duely aws init` prints',
    };
  }
  return {
    refused:
      'queue.kind "sqs" needs store.kind "dynamodb": on SQLite one process runs every role with the in-memory queue. Remove the "queue" section, or use the "store" section `duely aws init` prints (DUELY_DB and --db make the store SQLite)',
  };
}

/** The JSON file's schema: what a user may write, with most defaults filled in by parsing. */
export const ConfigFile = z
  .strictObject({
    store: z
      .discriminatedUnion("kind", [
        /** The embedded default: one SQLite file. @default <XDG data dir>/duely/duely.db */
        z.strictObject({ kind: z.literal("sqlite"), path: z.string().min(1).optional() }),
        /** DynamoDB: the tables `duely aws init` creates (deploy/cloudformation.yaml). */
        z.strictObject({
          kind: z.literal("dynamodb"),
          ...Aws,
          tables: z
            .strictObject({
              jobs: TableName,
              runs: TableName,
              events: TableName,
              leases: TableName,
              auth: z.string({ error: "the auth table's name (`duely aws init` creates it and prints it)" }).pipe(TableName),
            })
            .default({ jobs: "duely-jobs", runs: "duely-runs", events: "duely-events", leases: "duely-leases", auth: "duely-auth" }),
          /**
           * Retention (DynamoDB TTL): a finished run expires this many days after it finished, an
           * event this many days after its own time or its run's scheduled time, whichever is later.
           * @default 30
           */
          ttl_days: z.number().int().min(1).max(3650).default(AWS_DEFAULTS.ttlDays),
        }),
      ])
      .default({ kind: "sqlite" }),
    queue: z
      .discriminatedUnion("kind", [
        z.strictObject({ kind: z.literal("local") }),
        /** SQS: the queue (with its redrive policy to the DLQ) that `duely aws init` creates. */
        z.strictObject({
          kind: z.literal("sqs"),
          ...Aws,
          queue_url: z.url(),
          dlq_url: z.url().optional(),
          /** A received message stays hidden this long before the first heartbeat extends it. @default 30_000 */
          visibility_ms: z.number().int().min(1_000).max(43_200_000).default(AWS_DEFAULTS.visibilityMs),
        }),
      ])
      .default({ kind: "local" }),
    engine: EngineSettings.default(EngineSettings.parse({})),
    /** Per-owner rate limits: creates, executions, the daily LLM budget (src/app/limit-settings.ts). */
    limits: LimitSettings.prefault({}),
    /**
     * How long finished runs are kept on SQLite (src/app/retention-settings.ts); DynamoDB uses
     * store.ttl_days. Left optional here so a section written for DynamoDB can be refused.
     */
    retention: RetentionSettings.optional(),
    /** The owner of every task created over stdio (the local user). */
    owner: z.string().min(1).max(200).optional(),
    /** The zone used when the user names none. @default the machine's zone */
    timezone: Zone.optional(),
    http: z
      .strictObject({
        host: z.string().default(HTTP_DEFAULTS.host),
        port: z.number().int().min(0).max(65535).default(HTTP_DEFAULTS.port),
        /** Bearer token → owner. Tokens are secrets: prefer `tokens_env`, a variable holding "token=owner,token2=owner2". */
        tokens: z.record(z.string().min(16), z.string().min(1)).default({}),
        tokens_env: z
          .string()
          .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
          .optional(),
        /** Host names besides localhost allowed in the Host header (DNS-rebinding protection). */
        allowed_hosts: z.array(z.string()).default([]),
        /**
         * Under `serve --http --no-auth`, browser pages allowed besides duely's own origin, each
         * an exact origin (scheme, host and port), e.g. "http://localhost:6274" for the MCP
         * Inspector. Other auth kinds check a token instead and ignore it. @default []
         */
        allowed_origins: z
          .array(
            WebUrl("an origin", "http://localhost:6274").refine((v) => (URL.parse(v)?.pathname ?? "/") === "/", {
              error: 'an origin only, without a path, e.g. "http://localhost:6274"',
            }),
          )
          .default([]),
        /**
         * The origin clients reach duely at, behind a TLS-terminating proxy: the issuer, the
         * resource URL (`<public_url>/mcp`) and every published endpoint are built from it (never
         * from a request's Host or X-Forwarded-* headers), and its host is allowed.
         * @default the bound address (loopback only)
         */
        public_url: PublicUrl.optional(),
        /**
         * Addresses of the reverse proxies in front of duely (e.g. ["127.0.0.1"]). A request
         * from one of them is attributed to the client its X-Forwarded-For names (for sign-in
         * throttling and logs); from anyone else, no forwarded header counts. @default []
         */
        trusted_proxies: z.array(z.union([z.ipv4(), z.ipv6()], { error: "must be an IP address, e.g. 127.0.0.1" })).default([]),
      })
      .default({ ...HTTP_DEFAULTS, tokens: {}, allowed_hosts: [], allowed_origins: [], trusted_proxies: [] }),
    auth: AuthConfig,
    /** The local service (`duely service run`, started by `duely serve`): it listens on `http.host`. */
    service: z
      .strictObject({
        /** 0 picks a free port, written to the discovery file in the data dir. @default 0 */
        port: z.number().int().min(0).max(65535).default(0),
      })
      .default({ port: 0 }),
    actions: ActionsConfig.default(ActionsConfig.parse({})),
    /** Per-owner settings, by owner: their channels (src/actions/owner-channels.ts). @default {} */
    owners: OwnersConfig.default({}),
    log_level: z.enum(["debug", "info", "warn", "error"]).default("info"),
  })
  .superRefine((c, ctx) => {
    const mode = deploymentModeOf(c.store, c.queue);
    if (typeof mode === "object") ctx.addIssue({ code: "custom", path: ["queue"], message: mode.refused });
    if (c.retention && c.store.kind === "dynamodb") {
      ctx.addIssue({
        code: "custom",
        path: ["retention"],
        message: 'applies to store.kind "sqlite" only: on DynamoDB finished runs expire after store.ttl_days',
      });
    }
    if (c.queue.kind !== "sqs") return;
    // One token comes back every 60_000 / per_minute ms, and a held-back run waits in the queue for it.
    if (c.limits.enabled && 60_000 / c.limits.executions.per_minute > SQS_MAX_DELAY_MS) {
      ctx.addIssue({
        code: "custom",
        path: ["limits", "executions", "per_minute"],
        message: `must be at least ${MIN_SQS_RUN_RATE} (a run every 15 minutes) with queue.kind "sqs": a run held back by it waits in the queue, and SQS delays a message at most 15 minutes`,
      });
    }
    if (c.engine.look_ahead_ms >= SQS_MAX_DELAY_MS) {
      ctx.addIssue({
        code: "custom",
        path: ["engine", "look_ahead_ms"],
        message: `must be below ${SQS_MAX_DELAY_MS} with queue.kind "sqs": SQS delays a message at most 15 minutes`,
      });
    }
    if (c.queue.visibility_ms < c.engine.lease_ms) {
      ctx.addIssue({
        code: "custom",
        path: ["queue", "visibility_ms"],
        message: `must be at least engine.lease_ms (${c.engine.lease_ms}): a message must stay hidden until the worker's first heartbeat extends it`,
      });
    }
  });
export type ConfigFile = z.infer<typeof ConfigFile>;

/**
 * The config `loadConfig` returns: the file with every default resolved, including those that
 * depend on the machine (data dir, user, zone), so no caller decides them again.
 */
export type Config = Omit<ConfigFile, "store" | "owner" | "timezone" | "retention"> & {
  /**
   * Where this user's duely keeps its files: the SQLite file by default, and the local
   * service's discovery file, secret, lock and log. Not in the file: `DUELY_DATA_DIR`, else
   * $XDG_DATA_HOME/duely, else ~/.local/share/duely. Two data dirs are two independent duelys.
   */
  data_dir: string;
  /** Embedded or distributed, from the store and queue together (see `DeploymentMode`). */
  mode: DeploymentMode;
  store: Exclude<ConfigFile["store"], { kind: "sqlite" }> | { kind: "sqlite"; path: string };
  /** The owner of every task created over stdio. @default the local user name, else "local" */
  owner: string;
  /** @default the machine's zone, else "UTC" */
  timezone: string;
  retention: RetentionSettings;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid duely configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** The environment with a `--db` flag applied as `DUELY_DB`, so the store, and the mode with it, are resolved once. */
export function withDb(env: Record<string, string | undefined>, db: string | undefined): Record<string, string | undefined> {
  return db === undefined ? env : { ...env, DUELY_DB: db };
}

/**
 * Reads the config once: the JSON file named by `DUELY_CONFIG` (or `file`), then the
 * environment overrides. Every bad value is reported together, each with its path.
 */
export function loadConfig(env: Record<string, string | undefined>, file?: string): Config {
  const path = file ?? env.DUELY_CONFIG;
  let raw: Record<string, unknown> = {};
  if (path) {
    try {
      raw = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
    } catch (e) {
      throw new ConfigError([`config file ${path}: ${(e as Error).message}`]);
    }
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new ConfigError([`config file ${path}: expected a JSON object`]);
  }
  return resolveConfig(raw, env);
}

/**
 * Parses a config object (a file's contents), applies the environment's overrides and resolves
 * every default. The overrides are applied here, not by the caller, so no caller can resolve the
 * default data dir while the environment names another database.
 */
export function resolveConfig(raw: unknown, env: Record<string, string | undefined>): Config {
  const parsed = ConfigFile.safeParse(typeof raw === "object" && raw !== null && !Array.isArray(raw) ? applyEnv(raw as Record<string, unknown>, env) : raw);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${issueText(i)}`));
  const config = withBackendDefaults(parsed.data, raw);
  const tokens = tokensFromEnv(config.http.tokens_env, env);
  const dataDir = dataDirOf(env);
  const owner = config.owner ?? safeUser();
  const problems = ownershipProblems({ channels: config.actions.channels, owners: config.owners, operator: owner });
  if (problems.length > 0) throw new ConfigError(problems);
  const mode = deploymentModeOf(config.store, config.queue);
  // The schema refused this pair already, listed with every other problem; this narrows the type.
  if (typeof mode === "object") throw new ConfigError([`queue: ${mode.refused}`]);
  return {
    ...config,
    data_dir: dataDir,
    mode,
    store: config.store.kind === "sqlite" ? { ...config.store, path: config.store.path ?? join(dataDir, "duely.db") } : config.store,
    owner,
    timezone: config.timezone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"),
    retention: config.retention ?? DEFAULT_RETENTION,
    http: { ...config.http, tokens: { ...config.http.tokens, ...tokens } },
  };
}

/**
 * Engine defaults that depend on the backend, applied only where the file leaves the field out.
 * On DynamoDB a run claimed ahead of its time (`engine.claim_ahead_ms`) pays a second conditional
 * write for its start, and that start's round trip at the due time is as long as a claim's, so
 * claiming ahead costs a write per execution and buys no punctuality there (bench/AWS.md): claim
 * at the due time, which records the start in the claim.
 */
function withBackendDefaults(config: ConfigFile, raw: unknown): ConfigFile {
  const engine = (raw as { engine?: unknown } | null)?.engine;
  const claimAheadSet = typeof engine === "object" && engine !== null && "claim_ahead_ms" in engine;
  if (config.store.kind !== "dynamodb" || claimAheadSet) return config;
  return { ...config, engine: { ...config.engine, claim_ahead_ms: 0 } };
}

/** A bad record key (a channel named `inbox`) says why, not zod's bare "Invalid key in record". */
function issueText(issue: z.core.$ZodIssue): string {
  return issue.code === "invalid_key" && issue.issues.length > 0 ? issue.issues.map((i) => i.message).join("; ") : issue.message;
}

function applyEnv(raw: Record<string, unknown>, env: Record<string, string | undefined>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...raw };
  if (env.DUELY_DB) out.store = { kind: "sqlite", path: env.DUELY_DB };
  if (env.DUELY_TZ) out.timezone = env.DUELY_TZ;
  if (env.DUELY_OWNER) out.owner = env.DUELY_OWNER;
  if (env.DUELY_LOG_LEVEL) out.log_level = env.DUELY_LOG_LEVEL;
  // Delivery channels without a config file, for installs that only set variables (the MCP bundle).
  const channels = {
    ...(env.DUELY_NTFY_URL && { ntfy: { type: "ntfy", url: env.DUELY_NTFY_URL } }),
    ...(env.DUELY_SLACK_WEBHOOK_URL && { slack: { type: "slack", url: env.DUELY_SLACK_WEBHOOK_URL } }),
  };
  if (Object.keys(channels).length > 0) {
    const actions = (typeof raw.actions === "object" && raw.actions !== null ? raw.actions : {}) as { channels?: object };
    out.actions = { ...actions, channels: { ...actions.channels, ...channels } };
  }
  return out;
}

function tokensFromEnv(name: string | undefined, env: Record<string, string | undefined>): Record<string, string> {
  if (!name || !env[name]) return {};
  const out: Record<string, string> = {};
  for (const pair of env[name]!.split(",")) {
    const [token, owner] = pair.split("=");
    if (!token || !owner || token.length < 16) throw new ConfigError([`${name}: expected "token=owner" pairs, tokens of 16+ characters`]);
    out[token.trim()] = owner.trim();
  }
  return out;
}

function safeUser(): string {
  try {
    return userInfo().username || "local";
  } catch {
    return "local";
  }
}
