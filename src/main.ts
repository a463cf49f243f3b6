import { createHash } from "node:crypto";
import { jsonlArchive } from "./adapters/archive/jsonl-archive.js";
import { staticTokenVerifier } from "./adapters/auth/static-tokens.js";
import { sqliteBackend } from "./adapters/backend/sqlite-backend.js";
import { offsetFileClock } from "./adapters/clock/offset-file-clock.js";
import { commandNotifier } from "./adapters/desktop/command-notifier.js";
import { stderrLogger } from "./adapters/log/pino-logger.js";
import type { PrometheusMetrics } from "./adapters/metrics/prometheus.js";
import { hostProcessPlace } from "./adapters/process/host-process-place.js";
import { ALL_ROLES, Engine, type Role } from "./app/engine/engine.js";
import { Pruner } from "./app/engine/pruner.js";
import type { StatusDeps } from "./app/engine/status.js";
import { Limits } from "./app/limits.js";
import type { Config } from "./config.js";
import type { HttpAuth } from "./mcp/http.js";
import type { ActionRunner } from "./ports/action.js";
import type { AuthStore } from "./ports/auth-store.js";
import type { Backend, Coordination } from "./ports/backend.js";
import { type Clock, systemClock } from "./ports/clock.js";
import type { Logger } from "./ports/logger.js";
import { type PeriodicChecks, sharedTimer } from "./ports/periodic-checks.js";
import { isLive, type Presence } from "./ports/presence.js";
import type { ProcessPlace } from "./ports/process-place.js";

export interface RuntimeOptions {
  clock?: Clock;
  log?: Logger;
  /** Replaces the configured actions (the demo and tests pass their own). */
  actions?: ActionRunner;
  env?: Record<string, string | undefined>;
  /** The background roles `engine.start()` runs in this process. @default every role (the embedded scheduler) */
  roles?: readonly Role[];
  /** Names this process's watcher and worker (shard leases, run events, logs). @default a random id each */
  id?: string;
  /**
   * This process runs on the operator's desktop (the local service, embedded stdio): the
   * operator gets the built-in `desktop` channel. @default false
   */
  desktop?: boolean;
  /** Where this process's metrics are counted (served at /metrics); the queue's depth and the live roles are read into it. */
  metrics?: PrometheusMetrics;
  /** The backend to open the parts from; a process that opens more than the engine from it passes one (`backendFor`). @default backendFor(config) */
  backend?: Backend;
  /** The engine's randomness (retry jitter). @default Math.random */
  random?: () => number;
  /** Where this process runs, for telling a dead process on its host (tests place processes on other hosts). @default hostProcessPlace() */
  place?: ProcessPlace;
  /**
   * The process's one timer for its periodic checks (the engine's, the pruner's, the store's
   * file check; give `backendFor` and the HTTP server the same one). @default one for this engine
   */
  periodic?: PeriodicChecks;
}

type Env = Record<string, string | undefined>;

/**
 * The composition root: the one place that picks adapters (sqlite|dynamodb, local|sqs) and
 * wires them into the engine, with the roles this process plays: a watcher on DynamoDB splits
 * the shards with the other watchers by leases.
 */
export async function openEngine(config: Config, opts: RuntimeOptions = {}): Promise<Engine> {
  const log = opts.log ?? stderrLogger(config.log_level);
  const env = opts.env ?? process.env;
  const clock = opts.clock ?? clockOf(env, log);
  const roles = opts.roles ?? ALL_ROLES;
  const periodic = opts.periodic ?? sharedTimer();
  const backend = opts.backend ?? (await backendFor(config, { env, log, periodic }));
  // Embedded with a background role: this process is the whole scheduler of its file, so it
  // takes the file's lock, and recovers at start what a previous process left (its queued runs'
  // messages were in that process's memory).
  const exclusive = config.mode === "embedded" && roles.length > 0;
  const lock = exclusive ? backend.lockScheduler({ pid: process.pid, command: commandLine() }) : null;
  const opened: Closable[] = [];
  let coordination: Coordination | null = null;
  try {
    const store = await backend.openStore(clock);
    opened.push(store);
    const queue = await backend.openQueue(clock);
    opened.push(queue);
    coordination = backend.openCoordination();
    const limitState = await backend.openLimitState(clock);
    opened.push(limitState);
    const limits = new Limits(limitState, config.limits, clock);
    // The action graph (feeds, LLM and mail clients) loads only when no runner is given: tests and the crash processes pass their own.
    const metrics = opts.metrics;
    const actions = opts.actions ?? (await openActions(config, env, { limits, metrics, desktop: opts.desktop === true }));
    const leases = coordination;
    metrics?.readOnScrape({
      queueDepth: () => queue.size(),
      ...(queue.deadLettered && { deadLettered: () => queue.deadLettered!() }),
      ...(leases && { members: () => liveCounts(leases.presence, clock.now()) }),
    });
    const retention = roles.includes("sweeper") ? backend.openRetention() : null;
    if (retention) opened.push(retention);
    const pruner =
      retention &&
      new Pruner({
        retention,
        archive: config.retention.archive_path ? jsonlArchive(config.retention.archive_path) : null,
        clock,
        log,
        settings: config.retention,
        periodic,
      });
    // The engine closes the store and the queue itself when it stops; the rest closes after them.
    const rest = opened.filter((c) => c !== store && c !== queue);
    return new Engine(
      { store, queue, clock, random: opts.random ?? Math.random, actions, log, settings: config.engine, limits, ...(metrics && { metrics }) },
      {
        roles,
        exclusive,
        ...(opts.id && { id: opts.id }),
        close: closeAll(leases, lock, rest, log),
        ...(leases && roles.includes("watcher") && { leases: leases.leases }),
        ...(leases && { presence: leases.presence }),
        ...(pruner && { pruner }),
        ...(leases && { configDigest: configDigest(config) }),
        ...(leases && { place: opts.place ?? hostProcessPlace() }),
        periodic,
      },
    );
  } catch (e) {
    closeAll(coordination, lock, opened, log)();
    throw e;
  }
}

/**
 * The one place that decides by the kind of store: the backend module that owns its clients
 * and opens every part a process needs from them. The DynamoDB one (and the AWS SDK, which is
 * large) is imported only when configured; the config refuses the other pairs of store and
 * queue (deploymentModeOf), so each module gets the queue that goes with its store.
 */
export async function backendFor(config: Config, o: { env: Env; log: Logger; periodic?: PeriodicChecks }): Promise<Backend> {
  const { store, queue } = config;
  if (store.kind === "sqlite" && queue.kind === "local") {
    const queueOpts = { leadMs: config.engine.claim_ahead_ms, visibilityMs: config.engine.lease_ms };
    return sqliteBackend({ path: store.path, queue: queueOpts, log: o.log, ...(o.periodic && { periodic: o.periodic }) });
  }
  if (store.kind === "dynamodb" && queue.kind === "sqs") {
    const { dynamoBackend } = await import("./adapters/backend/dynamodb-backend.js");
    return dynamoBackend({ store, queue, shards: config.engine.shard_count, leadMs: config.engine.claim_ahead_ms, env: o.env, log: o.log });
  }
  throw new Error(`store.kind "${store.kind}" with queue.kind "${queue.kind}" cannot run (the config is checked by resolveConfig)`);
}

/** A worker's own capacity: processes may differ in it without disagreeing on anything. */
const PER_PROCESS: readonly string[] = ["concurrency", "claim_batch", "max_claimed"];

/**
 * What every role process must agree on, as a short digest (`duely status` compares them): the
 * engine's settings but a worker's own capacity, the tables, the queue and the limits. A process
 * started with another file, or an old one, announces another digest.
 */
export function configDigest(config: Config): string {
  const engine = Object.fromEntries(Object.entries(config.engine).filter(([k]) => !PER_PROCESS.includes(k)));
  // Where a process reaches the services from (endpoint, region) may differ; what it reaches may not.
  const place = (o: object) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== "endpoint" && k !== "region"));
  const shared = { engine, store: place(config.store), queue: place(config.queue), limits: config.limits };
  return createHash("sha256").update(JSON.stringify(shared)).digest("hex").slice(0, 12);
}

async function liveCounts(presence: Presence, now: number): Promise<{ watchers: number; workers: number }> {
  const live = (await presence.members(now)).filter((m) => isLive(m, now));
  return { watchers: live.filter((m) => m.role === "watcher").length, workers: live.filter((m) => m.role === "worker").length };
}

/** The configured actions, delivering to each owner's channels; on the desktop, notifications through the OS's notifier. */
async function openActions(
  config: Config,
  env: Env,
  opts: { limits: Limits; metrics: PrometheusMetrics | undefined; desktop: boolean },
): Promise<ActionRunner> {
  const [{ createActionRunner }, { channelDirectory }] = await Promise.all([import("./actions/runner.js"), import("./actions/owner-channels.js")]);
  const channels = channelDirectory({ channels: config.actions.channels, owners: config.owners, operator: config.owner, desktop: opts.desktop });
  return createActionRunner(config.actions, env, {
    llmBudget: opts.limits,
    metrics: opts.metrics,
    channels,
    ...(opts.desktop && { desktop: commandNotifier({ env }) }),
  });
}

interface Closable {
  close(): Promise<void>;
}

function closeAll(leases: { close(): void } | null, lock: { release(): void } | null, opened: readonly Closable[], log: Logger): () => void {
  return () => {
    leases?.close();
    for (const c of opened) c.close().catch((e: unknown) => log.log("error", "cannot close a store connection", { error: String(e) }));
    lock?.release();
  };
}

/**
 * What `duely status` reads, for the configured backend: on SQLite the file itself and whether a
 * process holds its scheduler lock (the queue is in that process's memory); on DynamoDB + SQS
 * the tables, the queue and its DLQ, and the leases table's watchers and workers.
 */
export async function openStatus(config: Config, env: Env, log: Logger): Promise<StatusDeps & { close(): Promise<void> }> {
  const backend = await backendFor(config, { env, log });
  backend.checkReadable();
  const store = await backend.openStore(systemClock);
  const queue = await backend.openQueue(systemClock);
  const coordination = backend.openCoordination();
  return {
    store,
    queue: config.mode === "embedded" ? null : queue,
    presence: coordination?.presence ?? null,
    schedulerRunning: backend.schedulerRunning,
    clock: systemClock,
    settings: config.engine,
    async close() {
      coordination?.close();
      await queue.close();
      await store.close();
    },
  };
}

/**
 * The system clock, except under DUELY_TEST_CLOCK_FILE (TEST ONLY): then shifted by the offset
 * in ms that file holds, so an end-to-end test can make this process's clock jump as after sleep.
 */
function clockOf(env: Record<string, string | undefined>, log: Logger): Clock {
  const file = env.DUELY_TEST_CLOCK_FILE;
  if (!file) return systemClock;
  log.log("warn", "DUELY_TEST_CLOCK_FILE is set: this process's clock is shifted by the offset in that file (for tests only)", { file });
  return offsetFileClock(file);
}

/**
 * The authorization server's store, on the same backend as the tasks: the SQLite file (its
 * own connection), or the DynamoDB `auth` table. Given `backend`, through its clients.
 */
export async function openAuthStore(
  config: Config,
  env: Env,
  clock: Clock = systemClock,
  log: Logger = stderrLogger(config.log_level),
  backend?: Backend,
): Promise<AuthStore> {
  return (backend ?? (await backendFor(config, { env, log }))).openAuthStore(clock);
}

export interface HttpAuthOptions {
  env: Record<string, string | undefined>;
  log: Logger;
  clock?: Clock;
  /** Tests only: how the built-in server fetches Client ID Metadata Documents. */
  fetch?: typeof fetch;
  /** How often a running built-in server re-reads its signing keys (a rotation by another process). @default 30_000 */
  keysReloadMs?: number;
  /** The backend the engine of this process opened (`backendFor`), so the auth store shares its clients. @default a backend of its own */
  backend?: Backend;
}

/**
 * How /mcp authenticates, as the config says: the built-in authorization server (oidc-provider,
 * imported only then), an external issuer's JWTs, or static tokens alone. Static tokens from
 * the config are accepted beside either issuer. A function of the origin: the built-in issuer
 * is the server's own origin, known once it listens.
 */
export function httpAuthFor(config: Config, opts: HttpAuthOptions): (origin: string) => Promise<HttpAuth> {
  const clock = opts.clock ?? systemClock;
  const tokens = config.http.tokens;
  const auth = config.auth;
  return async (origin) => {
    if (auth.kind === "tokens") return { kind: "bearer", verifier: staticTokenVerifier(tokens), issuer: null };
    if (auth.kind === "external") {
      const { externalTokenVerifier } = await import("./adapters/auth/jose/external-issuer.js");
      const verifier = await externalTokenVerifier({
        issuer: auth.issuer,
        audience: auth.audience ?? `${origin}/mcp`,
        ...(auth.jwks_uri && { jwksUri: auth.jwks_uri }),
        ownerClaim: auth.owner_claim,
        clock,
      });
      return { kind: "bearer", verifier: staticTokenVerifier(tokens, verifier), issuer: auth.issuer };
    }
    const { loadBuiltinAuthorizationServer } = await import("./adapters/auth/oidc/load.js");
    const { startBuiltinAuthorizationServer } = await loadBuiltinAuthorizationServer(opts.log);
    const store = await openAuthStore(config, opts.env, clock, opts.log, opts.backend);
    const as = await startBuiltinAuthorizationServer({
      issuer: origin,
      accessTokenTtlMs: auth.access_token_ttl_ms,
      refreshTokenTtlMs: auth.refresh_token_ttl_ms,
      trustedProxies: config.http.trusted_proxies,
      registration: {
        perAddress: auth.registration.per_address,
        maxClients: auth.registration.max_clients,
        unusedClientTtlMs: auth.registration.unused_client_ttl_ms,
        mode: auth.registration.mode,
      },
      store,
      clock,
      log: opts.log,
      ...(opts.fetch && { fetch: opts.fetch }),
      ...(opts.keysReloadMs !== undefined && { keysReloadMs: opts.keysReloadMs }),
    });
    return { kind: "bearer", verifier: staticTokenVerifier(tokens, as.verifier), issuer: origin, routes: as.routes };
  };
}

/** This process's command line as a person typed it (`duely serve --embedded`), for whoever its lock refuses. */
function commandLine(): string {
  const [, script = "", ...args] = process.argv;
  return /cli[/\\]main\.[jt]s$/.test(script) ? ["duely", ...args].join(" ") : process.argv.slice(1).join(" ");
}
