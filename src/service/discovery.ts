import { randomBytes } from "node:crypto";
import { chmodSync, closeSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync, writeSync } from "node:fs";
import type { ServicePaths } from "./paths.js";

/**
 * What a running service tells the bridges that look for it. Checked by hand rather than with a
 * zod schema: the stdio bridge reads it on every start and loads no zod (see `parseDiscovery`).
 */
export interface Discovery {
  pid: number;
  /** The MCP endpoint, e.g. http://127.0.0.1:40123/mcp */
  url: string;
  /**
   * The relay channel the stdio bridge connects to: a Unix domain socket only its owner may open
   * (a named pipe on Windows), where a connection that starts with the secret gets an MCP session.
   * Absent in a discovery file of a service from before it existed.
   */
  relay?: string;
  /** duely's version (package.json) of the running service. */
  version: string;
  /** ISO 8601. */
  started_at: string;
  data_dir: string;
}

const isText = (v: unknown): v is string => typeof v === "string";

/** `value` as a Discovery, or null when any field is missing or of the wrong kind. */
export function parseDiscovery(value: unknown): Discovery | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const { pid, url, relay, version, started_at, data_dir } = v;
  if (typeof pid !== "number" || !Number.isSafeInteger(pid) || pid <= 0) return null;
  if (!isText(url) || !URL.canParse(url) || !isText(version) || !isText(started_at) || !isText(data_dir)) return null;
  if (relay !== undefined && (!isText(relay) || relay === "")) return null;
  return { pid, url, ...(relay !== undefined && { relay }), version, started_at, data_dir };
}

/** Written whole (temp file + rename), so a reader never sees half of it. */
export function writeDiscovery(paths: ServicePaths, d: Discovery): void {
  const tmp = `${paths.discovery}.${d.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(d, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, paths.discovery);
}

/** The discovery file, or null when it is missing or not one (a reader then treats the service as not running). */
export function readDiscovery(paths: ServicePaths): Discovery | null {
  try {
    return parseDiscovery(JSON.parse(readFileSync(paths.discovery, "utf8")));
  } catch {
    return null;
  }
}

/** Removes the discovery file if it still names `pid` (a newer service may have replaced it). */
export function removeDiscovery(paths: ServicePaths, pid: number): void {
  if (readDiscovery(paths)?.pid !== pid) return;
  try {
    unlinkSync(paths.discovery);
  } catch {
    // already gone
  }
}

const SECRET = /^[0-9a-f]{64}$/;

/**
 * The per-user secret: 32 random bytes (hex) in a file only its owner can read, created once and
 * kept across restarts so a bridge reads it afresh on each connection. A file others could read
 * is made private again; one that holds no secret (a crash while writing it) is written anew.
 */
export function ensureSecret(paths: ServicePaths): string {
  try {
    const fd = openSync(paths.secret, "wx", 0o600);
    const secret = randomBytes(32).toString("hex");
    writeSync(fd, secret);
    closeSync(fd);
    return secret;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
  if ((statSync(paths.secret).mode & 0o077) !== 0) chmodSync(paths.secret, 0o600);
  const existing = readSecret(paths);
  if (existing) return existing;
  const secret = randomBytes(32).toString("hex");
  writeFileSync(paths.secret, secret, { mode: 0o600 });
  return secret;
}

/** The secret, or null when there is none yet. */
export function readSecret(paths: ServicePaths): string | null {
  try {
    const text = readFileSync(paths.secret, "utf8").trim();
    return SECRET.test(text) ? text : null;
  } catch {
    return null;
  }
}
