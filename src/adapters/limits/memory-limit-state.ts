import type { LimitState } from "../../ports/limit-state.js";

/**
 * LimitState in this process's memory: for a single process whose store is also private to it
 * (`:memory:` SQLite, tests). Node runs `change` to completion between awaits, so every update
 * is atomic here. `now` reads the clock that expiry is judged by.
 */
export function memoryLimitState(now: () => number): LimitState {
  const states = new Map<string, { value: unknown; expiresAt: number }>();
  let updates = 0;
  return {
    async update(key, change) {
      const t = now();
      // Expired states of other keys go now and then, so memory follows the active owners.
      if (++updates % 1024 === 0) for (const [k, s] of states) if (s.expiresAt <= t) states.delete(k);
      const stored = states.get(key);
      const { next, expiresAt, result } = change(stored && stored.expiresAt > t ? stored.value : null);
      states.set(key, { value: next, expiresAt });
      return result;
    },
    async close() {},
  };
}
