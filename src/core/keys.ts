import type { RunKey } from "./model.js";

/** Handed to actions; the same on every retry of one occurrence, so side effects can be deduplicated. */
export const idempotencyKey = (k: RunKey) => `${k.job_id}:${new Date(k.scheduled_at).toISOString()}`;

/** A stable string form of a run key, for maps and queue message ids. */
export const runKeyString = (k: RunKey) => `${k.job_id}@${k.scheduled_at}`;

/** FNV-1a (32 bits): stable and dependency-free, so a value derived from a job id never changes between processes. */
export function stableHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const shardOf = (jobId: string, shardCount: number): number => stableHash(jobId) % shardCount;

const HOUR_MS = 3_600_000;
export const hourOf = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

/** `YYYYMMDDHH` of the UTC hour containing `ms`. */
export function hourLabel(ms: number): string {
  const iso = new Date(hourOf(ms)).toISOString(); // 2026-03-17T09:00:00.000Z
  return iso.slice(0, 4) + iso.slice(5, 7) + iso.slice(8, 10) + iso.slice(11, 13);
}

export const bucketOf = (scheduledAt: number, shard: number) => `${hourLabel(scheduledAt)}#${String(shard).padStart(2, "0")}`;

/** Hour starts (epoch ms) whose bucket may hold a run scheduled in [from, to]. */
export function hoursBetween(from: number, to: number): number[] {
  const out: number[] = [];
  for (let h = hourOf(from); h <= to; h += HOUR_MS) out.push(h);
  return out;
}
