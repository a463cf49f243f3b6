import type { Logger } from "../../ports/logger.js";

/**
 * Reads `keys` in one store call (`batch`, its answers in the keys' order). One record that does
 * not parse fails such a call whole, as does one failed request, and neither may hold back the
 * other keys' work: when the call fails, each key is read again on its own (`one`, which
 * settles that key's own failure, so only the records concerned fail or wait).
 */
export async function readBatched<K, V>(
  keys: readonly K[],
  read: { batch: (keys: readonly K[]) => Promise<V[]>; one: (key: K) => Promise<V> },
  opts: { log: Logger; what: string },
): Promise<V[]> {
  if (keys.length === 0) return [];
  try {
    return await read.batch(keys);
  } catch (e) {
    opts.log.log("warn", `cannot read ${opts.what} in one call; reading them one by one`, { count: keys.length, error: String(e) });
    return Promise.all(keys.map(read.one));
  }
}
