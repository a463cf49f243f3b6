import { loadavg } from "node:os";
import { CHANNEL, TOKENS } from "./backends.js";
import type { ChaosOptions } from "./chaos.js";
import type { Fleet } from "./fleet.js";
import { CreateRefused, TaskClient } from "./tasks.js";

// The steps of a chaos run that runChaos strings together.

/** MCP clients creating tasks at once. */
export const LANES = 8;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/**
 * When the kills begin and end. The one-shot tasks fall due over that window, so they are
 * created before it, at `perTaskMs` each (measured on the recurring creates) with a fifth again
 * as margin. Created soonest-due first, a create that runs late still comes before its due
 * time as long as creating is faster than the tasks fall due.
 */
export function chaosWindow(o: ChaosOptions, measuredMs: number): { chaosStart: number; chaosEnd: number } {
  const perTaskMs = Math.max(10, o.recurring >= LANES ? measuredMs : 100);
  const chaosStart = Date.now() + 10_000 + Math.ceil(1.2 * perTaskMs * o.once);
  return { chaosStart, chaosEnd: chaosStart + o.chaosMs };
}

/**
 * Kills a random process of `role`, a random 2–10 s after the previous one was back, until
 * `chaosEnd`, and on past it (at most another two windows) until the role has had
 * `o.minKills[role]` kills: a busy machine restarts slowly, and a short run must still kill.
 * After `o.maxKills[role]` kills it stops, whatever the time.
 */
export async function killAtRandom(fleet: Fleet, role: string, o: ChaosOptions, random: () => number, chaosEnd: number, say: (line: string) => void) {
  const min = o.minKills?.[role] ?? 0;
  const max = o.maxKills?.[role] ?? Infinity;
  const latest = chaosEnd + 2 * o.chaosMs;
  for (let kills = 0; kills < max; kills++) {
    const wait = o.killEveryMs[0] + random() * (o.killEveryMs[1] - o.killEveryMs[0]);
    const end = kills < min ? latest : chaosEnd;
    if (Date.now() + wait >= end) return;
    await sleep(wait);
    const slots = fleet.slots(role);
    const target = slots[Math.floor(random() * slots.length)]!;
    const kill = await fleet.killAndRestart(target.name);
    say(`killed ${target.name} (pid ${kill.pid}); back after ${fleet.restarts.at(-1)!.ms} ms`);
  }
}

/**
 * One-shot tasks created one by one across the chaos window, each due 30–60 s after its first
 * try: a create retried through two restarts in a row (up to ~10 s each on a busy machine) must
 * still come before its due time.
 */
export async function createLive(url: string, o: ChaosOptions, random: () => number, from: number, to: number) {
  const client = new TaskClient(url, o.flood ? TOKENS.steady : undefined);
  const ids: string[] = [];
  const refused: string[] = [];
  const last = to - 20_000;
  try {
    for (let i = 0; i < o.live && last > from; i++) {
      await sleep(from + (i * (last - from)) / o.live - Date.now());
      const due = Math.ceil((Date.now() + 30_000 + random() * 30_000) / 1000) * 1000;
      const title = `s${o.seed} live ${i}`;
      const args = { title, action: { type: "notify", message: title, channels: [CHANNEL] }, schedule: { type: "once", at: new Date(due).toISOString() } };
      try {
        ids.push((await client.create(args, to + 60_000)).id);
      } catch (e) {
        if (!(e instanceof CreateRefused)) throw e;
        refused.push(e.message);
      }
    }
  } finally {
    await client.close();
  }
  return { ids, refused, retries: client.retries };
}

export function loadSummary(loads: number[]) {
  if (loads.length === 0) loads.push(loadavg()[0]!);
  const round = (n: number) => Math.round(n * 100) / 100;
  return { min: round(Math.min(...loads)), avg: round(loads.reduce((a, b) => a + b, 0) / loads.length), max: round(Math.max(...loads)) };
}
