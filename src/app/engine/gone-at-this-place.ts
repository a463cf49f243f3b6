import type { Logger } from "../../ports/logger.js";
import { isLive, type Member, type Presence } from "../../ports/presence.js";
import type { ProcessPlace } from "../../ports/process-place.js";

/**
 * Buries (Presence.bury) every watcher and worker that announced this process's place and a pid
 * that no longer exists here: a process SIGKILLed and restarted on the same host, whose runs
 * and shards would otherwise wait for its heartbeat to be seen standing still or its shard
 * leases to lapse. Only this place can know: elsewhere a pid names another process or none.
 * `self`: this process's own ids, never buried. Nothing here depends on a clock. Returns the
 * members buried.
 */
export async function buryGoneAtThisPlace(
  deps: { log: Logger; now: () => number },
  presence: Presence,
  place: ProcessPlace,
  self: readonly string[],
): Promise<Member[]> {
  const here = place.here;
  if (here === null) return [];
  const now = deps.now();
  // Past its `until` a member holds nothing a burial would free sooner (its shards lapsed, its runs' leases are as old).
  const gone = (await presence.members(now)).filter(
    (m) => m.place === here && m.pid !== undefined && isLive(m, now) && !self.includes(m.id) && m.pid !== place.pid && !place.alive(m.pid),
  );
  for (const m of gone) {
    await presence.bury(m.role, m.id);
    deps.log.log("info", `a ${m.role} on this host is gone (its pid no longer exists): its runs and shards are taken now`, { [m.role]: m.id, dead_pid: m.pid });
  }
  return gone;
}
