import { AUDIT_EVENT_KINDS, type AuditEventKind, readAudit } from "../adapters/auth/audit.js";
import { systemClock } from "../ports/clock.js";
import { type OwnerOptions, withAuthStore } from "./owner.js";

export interface AuditOptions extends OwnerOptions {
  since?: string;
  event?: string;
  json?: boolean;
}

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `--since`: an ISO 8601 date-time, or a span back from now (`30m`, `24h`, `7d`). Epoch ms. */
export function parseSince(text: string, now: number): number {
  const span = /^(\d+)([mhd])$/.exec(text);
  if (span) return now - Number(span[1]) * UNIT_MS[span[2]!]!;
  const at = /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) throw new Error(`--since ${JSON.stringify(text)} is neither a date-time (2026-12-01T09:00Z) nor a span back from now (30m, 24h, 7d)`);
  return at;
}

function eventOf(text: string): AuditEventKind {
  if ((AUDIT_EVENT_KINDS as string[]).includes(text)) return text as AuditEventKind;
  throw new Error(`--event ${JSON.stringify(text)} is not an audit event; one of: ${AUDIT_EVENT_KINDS.join(", ")}`);
}

const shown = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

export async function runOwnerAudit(name: string | undefined, opts: AuditOptions, env: Record<string, string | undefined>): Promise<void> {
  // Bad filters are refused before the store is opened.
  const since = opts.since === undefined ? undefined : parseSince(opts.since, systemClock.now());
  const event = opts.event === undefined ? undefined : eventOf(opts.event);
  const entries = await withAuthStore(opts, env, (store) =>
    readAudit(store, { ...(name !== undefined && { owner: name }), ...(since !== undefined && { since }), ...(event && { event }) }),
  );
  if (opts.json) {
    process.stdout.write(`${JSON.stringify(entries, null, 2)}\n`);
    return;
  }
  if (entries.length === 0) process.stdout.write("no audit entry matches\n");
  for (const e of entries) {
    const fields = Object.entries(e.data)
      .filter(([k, v]) => k !== "owner" && v !== undefined)
      .map(([k, v]) => `${k}=${shown(v)}`);
    process.stdout.write(`${new Date(e.at).toISOString()}  ${e.event}  ${e.owner ?? shown(e.data.owner ?? "-")}  ${fields.join(" ")}\n`);
  }
}
