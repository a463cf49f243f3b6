import { randomBytes } from "node:crypto";
import type { AuthStore } from "../../ports/auth-store.js";
import type { Clock } from "../../ports/clock.js";
import type { Logger, LogLevel } from "../../ports/logger.js";
import { OWNER_NAME } from "./accounts.js";

/**
 * What the audit trail records, each with the log line it is also written as. The trail is for
 * the operator asking "who signed in, who allowed what, what was revoked"; refusals that cost an
 * attacker nothing (a throttled sign-in, a refused registration) are logged only, so that they
 * cannot grow the store.
 */
export const AUDIT_EVENTS = {
  sign_in: { level: "info", message: "signed in" },
  sign_in_failed: { level: "warn", message: "sign-in failed" },
  consent: { level: "info", message: "access granted" },
  refresh_reuse: { level: "warn", message: "refresh token reused: grant revoked" },
  code_replay: { level: "warn", message: "authorization code replayed: grant revoked" },
  revocation: { level: "info", message: "access revoked" },
  key_rotation: { level: "info", message: "signing key rotated" },
  client_registration: { level: "info", message: "client registered" },
} as const satisfies Record<string, { level: LogLevel; message: string }>;
export type AuditEventKind = keyof typeof AUDIT_EVENTS;
export const AUDIT_EVENT_KINDS = Object.keys(AUDIT_EVENTS) as AuditEventKind[];

/** How long an audit entry is kept; the store deletes older ones as it deletes expired tokens. */
export const AUDIT_RETENTION_MS = 90 * 86_400_000;

export interface AuditEntry {
  /** Epoch ms. */
  at: number;
  event: AuditEventKind;
  /** The owner it concerns (for a failed sign-in: the name typed, when it could be one); null for the server's own events. */
  owner: string | null;
  /** The log line's fields: client_id, address, grant_id, … */
  data: Record<string, unknown>;
}

const KIND = "AuditEvent";
/** The account an entry without an owner is listed under: no owner name starts with "-". */
const NO_OWNER = "-";
/** A typed name is kept to this length: it may be anything an attacker sent. */
const MAX_NAME = 64;

/** Writes one entry. Ids sort by time (fixed-width base-36 epoch ms first), then at random. */
export async function recordAudit(store: AuthStore, at: number, event: AuditEventKind, data: Record<string, unknown>): Promise<void> {
  const named = typeof data.owner === "string" ? data.owner.slice(0, MAX_NAME) : null;
  const owner = named !== null && OWNER_NAME.test(named) ? named : null;
  const payload = { at, event, owner, data: { ...data, ...(named !== null && { owner: named }) } };
  await store.put({
    kind: KIND,
    id: `${at.toString(36).padStart(10, "0")}-${randomBytes(4).toString("hex")}`,
    payload,
    expiresAt: at + AUDIT_RETENTION_MS,
    accountId: owner ?? NO_OWNER,
  });
}

/**
 * The serving process's trail: each event is logged (as before there was a trail) and stored.
 * A store that fails to take an entry does not fail the sign-in or grant it records: that is logged.
 */
export function auditTrail(store: AuthStore, clock: Clock, log: Logger) {
  return {
    async record(event: AuditEventKind, data: Record<string, unknown>): Promise<void> {
      const { level, message } = AUDIT_EVENTS[event];
      log.log(level, message, data);
      try {
        await recordAudit(store, clock.now(), event, data);
      } catch (e) {
        log.log("error", "could not store an audit entry", { event, error: String(e) });
      }
    },
  };
}
export type AuditTrail = ReturnType<typeof auditTrail>;

export interface AuditQuery {
  /** Only this owner's entries (sign-ins, consents, revocations concerning them). */
  owner?: string;
  /** Epoch ms: only entries at or after it. */
  since?: number;
  event?: AuditEventKind;
}

/** The entries the query selects, oldest first. */
export async function readAudit(store: AuthStore, q: AuditQuery = {}): Promise<AuditEntry[]> {
  const records = await store.list(KIND, q.owner);
  return records
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((r) => r.payload as unknown as AuditEntry)
    .filter((e) => (q.since === undefined || e.at >= q.since) && (q.event === undefined || e.event === q.event));
}
