import { HOUR_MS } from "./wall-time.js";
import type { ZoneRules } from "./zone.js";

/**
 * What a wall time is in a zone: one instant, two (the clocks fell back over it: an overlap), or
 * none (the clocks jumped over it: a gap). For a gap, `transition` is the instant the clocks
 * jumped, i.e. the first valid instant after it (02:30 on a New York spring-forward day → 03:00
 * EDT). Policy decides what to do with each case; this only tells the truth.
 */
export type WallResolution = { kind: "single"; at: number } | { kind: "overlap"; first: number; second: number } | { kind: "gap"; transition: number };

/** UTC offsets lie within −12 h … +14 h, so every instant a wall time can name is this close to it. */
export const OFFSET_WINDOW_MS = 15 * HOUR_MS;

export function resolveWall(zone: ZoneRules, wall: number): WallResolution {
  const transitions = zone.transitionsIn(wall - OFFSET_WINDOW_MS, wall + OFFSET_WINDOW_MS);
  const initial = zone.offsetAt(wall - OFFSET_WINDOW_MS);
  if (transitions.length === 0) return { kind: "single", at: wall - initial };

  // Each offset in effect near the wall proposes an instant; keep those that really have it.
  const instants: number[] = [];
  for (const offset of [initial, ...transitions.map((tr) => tr.after)]) {
    const at = wall - offset;
    if (zone.offsetAt(at) === offset && !instants.includes(at)) instants.push(at);
  }
  instants.sort((a, b) => a - b);
  const first = instants[0];
  const last = instants[instants.length - 1];
  if (first !== undefined && last !== undefined) {
    return first === last ? { kind: "single", at: first } : { kind: "overlap", first, second: last };
  }

  const jump =
    transitions.find((tr) => wall >= tr.at + tr.before && wall < tr.at + tr.after) ?? transitions.find((tr) => tr.after > tr.before) ?? transitions[0];
  // Unreachable with transitions present; kept so the type needs no assertion.
  return { kind: "gap", transition: jump === undefined ? wall - initial : jump.at };
}
