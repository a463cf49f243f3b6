import { accessSync, constants, existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DomainError } from "../../../core/errors.js";

/** What every refusal below ends with: how to point duely elsewhere. */
const ELSEWHERE = "or point duely at a writable place (--db, DUELY_DATA_DIR or store.path in the config)";

const causeOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

function refuse(path: string, problem: string, fix: string): DomainError {
  return new DomainError("internal", `cannot open the database ${path}: ${problem}. ${fix}, ${ELSEWHERE}.`, {
    hint: `${fix}, ${ELSEWHERE}`,
  });
}

/**
 * Refuses, before SQLite is asked, a database path duely could not write: its directory cannot
 * be created, or it or the file is not writable. SQLite's own answer is "unable to open database
 * file", naming neither the path nor the cause; it also creates `-wal` and `-shm` files beside the
 * database, so the directory itself must be writable, not only the file. The directory is created
 * when missing.
 */
export function checkDatabasePath(path: string): void {
  if (path === ":memory:") return;
  const dir = dirname(path);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw refuse(path, `its directory ${dir} does not exist and cannot be created (${causeOf(e)})`, `Create ${dir} yourself with the right owner`);
  }
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch (e) {
    throw refuse(
      path,
      `its directory ${dir} is not writable (${causeOf(e)}); SQLite writes the database and its -wal and -shm files there`,
      `Give the user running duely write access to ${dir}`,
    );
  }
  if (!existsSync(path)) return;
  try {
    accessSync(path, constants.R_OK | constants.W_OK);
  } catch (e) {
    throw refuse(path, `the file is not writable (${causeOf(e)})`, `Give the user running duely read and write access to ${path}`);
  }
}

/** SQLite's codes for a file it cannot open or write. */
const OPEN_FAILURES = new Set(["SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_PERM", "SQLITE_AUTH"]);

/**
 * What SQLite said when opening `path` failed in a way `checkDatabasePath` did not foresee (a
 * read-only filesystem it could not see, a directory that changed in between), with the path and
 * the fix; any other error as it is.
 */
export function openFailure(path: string, e: unknown): unknown {
  const code = (e as { code?: unknown }).code;
  if (code === "SQLITE_NOTADB") return refuse(path, `it is not an SQLite database (${code}: ${causeOf(e)})`, `Move ${path} out of the way`);
  if (typeof code !== "string" || !OPEN_FAILURES.has(code)) return e;
  return refuse(path, `SQLite cannot open or write it (${code}: ${causeOf(e)})`, `Make ${path} and its directory writable by the user running duely`);
}
