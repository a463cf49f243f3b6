import { effectiveDst, type ResolvedOccurrence } from "./dst-policy.js";
import type { Schedule } from "./model.js";
import { nextResolvedOccurrences } from "./next.js";
import { resolveWall } from "./resolve-wall.js";
import { formatOffset, formatWallDate, formatWallTime } from "./wall-time.js";
import { type ZoneRules, zoneRules } from "./zone.js";

interface Group {
  kind: "gap" | "overlap";
  first: number;
  last: number;
  /** For a gap: the instant the clocks jumped; for an overlap, unused. */
  at: number;
}

/**
 * One line per DST gap or overlap met by the next `count` occurrences, for the create response:
 * "2026-03-08: 02:30 does not exist in America/New_York; runs at 03:00 (gap policy
 * run_at_transition)". Empty when nothing in that window is touched by DST.
 */
export function dstNotes(s: Schedule, after: number, count: number): string[] {
  if (s.kind !== "cron" && s.kind !== "every") return [];
  const zone = zoneRules(s.timezone);
  const policy = effectiveDst(s);
  const groups = new Map<string, Group>();
  for (const occ of nextResolvedOccurrences(s, after, count)) addTo(groups, occ);

  return [...groups.values()].map((g) => {
    const walls = g.first === g.last ? formatWallTime(g.first) : `${formatWallTime(g.first)}–${formatWallTime(g.last)}`;
    const plural = g.first !== g.last;
    const date = formatWallDate(g.first);
    if (g.kind === "gap") {
      const outcome = policy.gap === "skip" ? "skipped" : `runs ${plural ? "once " : ""}at ${formatWallTime(g.at + zone.offsetAt(g.at))}`;
      return `${date}: ${walls} ${plural ? "do" : "does"} not exist in ${s.timezone}; ${outcome} (gap policy ${policy.gap})`;
    }
    const outcome = policy.overlap === "both" ? "runs at both" : `runs at the ${policy.overlap} only`;
    return `${date}: ${walls} ${plural ? "occur" : "occurs"} twice in ${s.timezone} (${passOffsets(zone, g.first)}); ${outcome} (overlap policy ${policy.overlap})`;
  });
}

function addTo(groups: Map<string, Group>, occ: ResolvedOccurrence): void {
  const gap = occ.gapWalls;
  const isOverlap = occ.dst === "overlap_first" || occ.dst === "overlap_second";
  if (gap === undefined && !isOverlap) return;
  const kind = gap !== undefined ? "gap" : "overlap";
  const first = gap?.first ?? occ.wall;
  const last = gap?.last ?? occ.wall;
  const key = `${kind} ${formatWallDate(first)}`;
  const g = groups.get(key);
  if (g === undefined) groups.set(key, { kind, first, last, at: occ.at });
  else {
    g.first = Math.min(g.first, first);
    g.last = Math.max(g.last, last);
  }
}

/** "-04:00, then -05:00" */
function passOffsets(zone: ZoneRules, wall: number): string {
  const r = resolveWall(zone, wall);
  if (r.kind !== "overlap") return "";
  return `${formatOffset(wall - r.first)}, then ${formatOffset(wall - r.second)}`;
}
