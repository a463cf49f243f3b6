import { DomainError } from "../../core/errors.js";

/** Shared by every store adapter: a listing's `limit` is a positive integer, or the call is refused. */
export function positive(limit: number): number {
  if (Number.isSafeInteger(limit) && limit > 0) return limit;
  throw new DomainError("invalid_argument", `limit must be a positive integer, got ${limit}`, { field: "limit", expected: "an integer ≥ 1" });
}
