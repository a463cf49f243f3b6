/**
 * What the built-in authorization server keeps: one record per thing it issued or learned
 * (a registered client, an owner's grant, a refresh token, a sign-in session, an authorization
 * code…), plus owner accounts and the signing keys. `kind` names the sort of record (the
 * authorization server decides the names); `id` is unique within a kind.
 */
export interface AuthRecord {
  kind: string;
  id: string;
  /** A JSON object, stored and returned as given. */
  payload: Record<string, unknown>;
  /** Epoch ms from which the record reads as absent; null keeps it until deleted. */
  expiresAt: number | null;
  /** The grant it was issued under, for revoking a grant whole. */
  grantId?: string | null;
  /** A second lookup key (a session's uid). */
  uid?: string | null;
  /** The owner account it belongs to, for listing an owner's records. */
  accountId?: string | null;
}

/** A record as read back: `consumedAt` is set once a one-time record (an authorization code) was used. */
export type StoredAuthRecord = AuthRecord & { consumedAt: number | null };

/**
 * The authorization server's storage port. Reads MUST NOT return a record whose `expiresAt`
 * is at or before the store's clock (expired records may linger physically until swept; they
 * never come back). Lookups by `uid` and `accountId` MAY lag a write by a moment (a secondary
 * index); `get` MUST see every completed write.
 */
export interface AuthStore {
  /** Writes the record, replacing one of the same kind and id (and clearing its consumedAt). */
  put(record: AuthRecord): Promise<void>;
  /** Writes the record only when none of that kind and id is live; false (nothing written) otherwise. */
  create(record: AuthRecord): Promise<boolean>;
  get(kind: string, id: string): Promise<StoredAuthRecord | null>;
  findByUid(kind: string, uid: string): Promise<StoredAuthRecord | null>;
  /** The live records of a kind that belong to an account (accountId set), or to one account; in no particular order. */
  list(kind: string, accountId?: string): Promise<StoredAuthRecord[]>;
  /** Marks the record used, now; a no-op when it does not exist. */
  consume(kind: string, id: string): Promise<void>;
  delete(kind: string, id: string): Promise<void>;
  /**
   * Deletes the records carrying a grant id: those of one kind, or of every kind. Like the
   * other secondary lookups it MAY miss a record written a moment ago, so a caller revoking a
   * grant deletes the record it checks (the grant itself) by key. Returns how many went.
   */
  deleteByGrant(grantId: string, kind?: string): Promise<number>;
  close(): Promise<void>;
}
