import { isFixedTime } from "./cron-fields.js";
import type { Occurrence, Schedule } from "./model.js";
import type { WallResolution } from "./resolve-wall.js";

/**
 * What a schedule does when its wall time falls in a DST gap or overlap. The defaults are Vixie
 * cron's (docs/dst.md): a job that names a wall-clock time runs once, at the transition or at the
 * first pass; a job that follows real time (`*∕15 * * * *`) does what the clock does: nothing in a
 * gap, both passes in an overlap.
 */
export interface EffectiveDst {
  gap: "run_at_transition" | "skip";
  overlap: "first" | "second" | "both";
}

/** Also how a one-off wall time read from a person becomes an instant (local-time.ts). */
export const WALL_CLOCK_DEFAULT: Readonly<EffectiveDst> = { gap: "run_at_transition", overlap: "first" };
const REAL_TIME_DEFAULT: EffectiveDst = { gap: "skip", overlap: "both" };

/**
 * Fixed-time cron and day/week/month `every` steps name a wall-clock time. Minute/hour `every`
 * steps are elapsed time and never meet DST; they report the real-time default for completeness.
 */
function namesWallTime(s: Schedule): boolean {
  switch (s.kind) {
    case "cron":
      return isFixedTime(s.expr);
    case "every":
      return s.unit === "day" || s.unit === "week" || s.unit === "month";
    default:
      return true;
  }
}

export function effectiveDst(s: Schedule): EffectiveDst {
  const base = namesWallTime(s) ? WALL_CLOCK_DEFAULT : REAL_TIME_DEFAULT;
  const override = s.kind === "cron" || s.kind === "every" ? s.dst : undefined;
  return { gap: override?.gap ?? base.gap, overlap: override?.overlap ?? base.overlap };
}

/** An occurrence plus what `dstNotes` needs to explain it. Stripped before leaving the module. */
export interface ResolvedOccurrence extends Occurrence {
  /** The nominal wall time (local, as-if-UTC ms) this occurrence was computed from. */
  wall: number;
  /** Wall times that fell in a gap and are accounted for by this occurrence (run here, or skipped). */
  gapWalls?: { first: number; last: number };
}

/** The occurrences one wall time yields under a policy, in time order. */
export function occurrencesOf(r: WallResolution, wall: number, policy: EffectiveDst): ResolvedOccurrence[] {
  switch (r.kind) {
    case "single":
      return [{ at: r.at, wall }];
    case "gap":
      return [
        policy.gap === "skip"
          ? { at: r.transition, skip: "dst_gap", wall, gapWalls: { first: wall, last: wall } }
          : { at: r.transition, dst: "gap_shifted", wall, gapWalls: { first: wall, last: wall } },
      ];
    case "overlap": {
      const first: ResolvedOccurrence = { at: r.first, dst: "overlap_first", wall };
      const second: ResolvedOccurrence = { at: r.second, dst: "overlap_second", wall };
      return policy.overlap === "first" ? [first] : policy.overlap === "second" ? [second] : [first, second];
    }
  }
}

/** A real fire outranks a shifted one, which outranks a skip marker. */
const rank = (o: Occurrence): number => (o.skip !== undefined ? 0 : o.dst === "gap_shifted" ? 1 : 2);

/**
 * Two occurrences at the same instant become one, because the instant is the run's key. This
 * happens when several wall times share one gap (02:00–02:45 of `*∕15`) or when a gap's
 * transition is itself a matching wall time (03:00 for `0 * * * *`): the gap's wall times are
 * then accounted for by that fire, and their skip marker is dropped (the notes still say so).
 */
export function mergeSameInstant(a: ResolvedOccurrence, b: ResolvedOccurrence): ResolvedOccurrence {
  const [keep, other] = rank(b) > rank(a) ? [b, a] : [a, b];
  const walls = [keep.gapWalls, other.gapWalls].filter((g) => g !== undefined);
  if (walls.length === 0) return keep;
  return {
    ...keep,
    gapWalls: { first: Math.min(...walls.map((g) => g.first)), last: Math.max(...walls.map((g) => g.last)) },
  };
}

/** The public shape: no bookkeeping fields. */
export function toOccurrence(r: ResolvedOccurrence): Occurrence {
  const out: Occurrence = { at: r.at };
  if (r.skip !== undefined) out.skip = r.skip;
  if (r.dst !== undefined) out.dst = r.dst;
  return out;
}
