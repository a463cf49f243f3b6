import { randomBytes } from "node:crypto";
import { chmodSync, closeSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync, writeSync } from "node:fs";
import { z } from "zod";
import type { ServicePaths } from "./paths.js";

/** What a running service tells the bridges that look for it. */
export const Discovery = z.object({
  pid: z.number().int().positive(),
  /** The MCP endpoint, e.g. http://127.0.0.1:40123/mcp */
  url: z.url(),
  /** duely's version (package.json) of the running service. */
  version: z.string(),
  /** ISO 8601. */
  started_at: z.string(),
  data_dir: z.string(),
});
export type Discovery = z.infer<typeof Discovery>;

/** Written whole (temp file + rename), so a reader never sees half of it. */
export function writeDiscovery(paths: ServicePaths, d: Discovery): void {
  const tmp = `${paths.discovery}.${d.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(d, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, paths.discovery);
}

/** The discovery file, or null when it is missing or not one (a reader then treats the service as not running). */
export function readDiscovery(paths: ServicePaths): Discovery | null {
  try {
    const parsed = Discovery.safeParse(JSON.parse(readFileSync(paths.discovery, "utf8")));
    return parsed.success ? parsed.data : null;
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
