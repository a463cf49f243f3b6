import { DomainError } from "../../../core/errors.js";
import type { AuthRecord, AuthStore, StoredAuthRecord } from "../../../ports/auth-store.js";
import type { Clock } from "../../../ports/clock.js";
import type { SqliteDriver } from "./driver.js";
import { openDatabase } from "./sqlite-store.js";

export interface SqliteAuthStoreOptions {
  /** The same file as the task store (its migrations create both); `:memory:` for a throwaway one. */
  path: string;
  clock: Clock;
  /** Expired rows are deleted once every this many writes. @default 100 */
  sweepEvery?: number;
  /** @default as the task store (driver.ts) */
  driver?: SqliteDriver;
}

interface Row {
  kind: string;
  id: string;
  payload: string;
  grant_id: string | null;
  uid: string | null;
  account_id: string | null;
  expires_at: number | null;
  consumed_at: number | null;
}

const LIVE = "(expires_at IS NULL OR expires_at > @now)";

function fromRow(row: Row): StoredAuthRecord {
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(row.payload) as Record<string, unknown>;
  } catch {
    throw new DomainError("corrupt_record", `stored auth record ${row.kind} ${row.id} is malformed: payload is not JSON`, { field: "payload" });
  }
  return {
    kind: row.kind,
    id: row.id,
    payload,
    expiresAt: row.expires_at,
    grantId: row.grant_id,
    uid: row.uid,
    accountId: row.account_id,
    consumedAt: row.consumed_at,
  };
}

const values = (r: AuthRecord) => ({
  kind: r.kind,
  id: r.id,
  payload: JSON.stringify(r.payload),
  grant_id: r.grantId ?? null,
  uid: r.uid ?? null,
  account_id: r.accountId ?? null,
  expires_at: r.expiresAt,
});

/** The AuthStore port on SQLite: one table, `auth_records` (migrations.ts), in the task store's file. */
export function openSqliteAuthStore(opts: SqliteAuthStoreOptions): AuthStore {
  const { db } = openDatabase({ path: opts.path, ...(opts.driver && { driver: opts.driver }) });
  const { clock } = opts;
  const sweepEvery = opts.sweepEvery ?? 100;
  const columns = "kind, id, payload, grant_id, uid, account_id, expires_at, consumed_at";
  const q = {
    upsert: db.prepare(`INSERT INTO auth_records (${columns}) VALUES (@kind, @id, @payload, @grant_id, @uid, @account_id, @expires_at, NULL)
      ON CONFLICT (kind, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id, uid = excluded.uid,
        account_id = excluded.account_id, expires_at = excluded.expires_at, consumed_at = NULL`),
    // Replaces only an expired row: a live one makes the insert a no-op (changes = 0).
    create: db.prepare(`INSERT INTO auth_records (${columns}) VALUES (@kind, @id, @payload, @grant_id, @uid, @account_id, @expires_at, NULL)
      ON CONFLICT (kind, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id, uid = excluded.uid,
        account_id = excluded.account_id, expires_at = excluded.expires_at, consumed_at = NULL
      WHERE auth_records.expires_at IS NOT NULL AND auth_records.expires_at <= @now`),
    get: db.prepare<{ kind: string; id: string; now: number }, Row>(`SELECT ${columns} FROM auth_records WHERE kind = @kind AND id = @id AND ${LIVE}`),
    byUid: db.prepare<{ kind: string; uid: string; now: number }, Row>(
      `SELECT ${columns} FROM auth_records WHERE kind = @kind AND uid = @uid AND ${LIVE} LIMIT 1`,
    ),
    byKind: db.prepare<{ kind: string; now: number }, Row>(`SELECT ${columns} FROM auth_records WHERE kind = @kind AND account_id IS NOT NULL AND ${LIVE}`),
    byAccount: db.prepare<{ kind: string; account: string; now: number }, Row>(
      `SELECT ${columns} FROM auth_records WHERE kind = @kind AND account_id = @account AND ${LIVE}`,
    ),
    consume: db.prepare("UPDATE auth_records SET consumed_at = @now WHERE kind = @kind AND id = @id"),
    delete: db.prepare("DELETE FROM auth_records WHERE kind = @kind AND id = @id"),
    deleteGrant: db.prepare("DELETE FROM auth_records WHERE grant_id = @grant"),
    deleteGrantKind: db.prepare("DELETE FROM auth_records WHERE grant_id = @grant AND kind = @kind"),
    sweep: db.prepare("DELETE FROM auth_records WHERE expires_at IS NOT NULL AND expires_at <= @now"),
  };
  let writes = 0;
  const wrote = () => {
    if (++writes % sweepEvery === 0) q.sweep.run({ now: clock.now() });
  };

  return {
    async put(record) {
      q.upsert.run(values(record));
      wrote();
    },
    async create(record) {
      const created = q.create.run({ ...values(record), now: clock.now() }).changes === 1;
      wrote();
      return created;
    },
    async get(kind, id) {
      const row = q.get.get({ kind, id, now: clock.now() });
      return row ? fromRow(row) : null;
    },
    async findByUid(kind, uid) {
      const row = q.byUid.get({ kind, uid, now: clock.now() });
      return row ? fromRow(row) : null;
    },
    async list(kind, accountId) {
      const now = clock.now();
      const rows = accountId === undefined ? q.byKind.all({ kind, now }) : q.byAccount.all({ kind, account: accountId, now });
      return rows.map(fromRow);
    },
    async consume(kind, id) {
      q.consume.run({ kind, id, now: clock.now() });
    },
    async delete(kind, id) {
      q.delete.run({ kind, id });
    },
    async deleteByGrant(grantId, kind) {
      return (kind === undefined ? q.deleteGrant.run({ grant: grantId }) : q.deleteGrantKind.run({ grant: grantId, kind })).changes;
    },
    async close() {
      db.close();
    },
  };
}
