/** mulberry32: a small seeded generator, so a failing scenario can be replayed from its seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A call that never answers: the engine's deadline (call_timeout_ms) has to give up on it. */
export const never = <T>(): Promise<T> => new Promise<T>(() => {});

/**
 * Which calls fail and how: each call fails with probability `rate` (while `enabled`), with a
 * kind drawn from those its method allows, by `weights` (1 each unless given). `script` forces
 * the next faults of a method, in order, whatever the rate (for tests that need one particular
 * failure).
 */
export class FaultPlan {
  rate: number;
  enabled = true;
  readonly random: () => number;
  /** How many faults of each `method:kind` were injected. */
  readonly counts = new Map<string, number>();
  private readonly scripted = new Map<string, string[]>();

  private readonly weights: Record<string, number>;

  constructor(opts: { rate?: number; seed?: number; weights?: Record<string, number> } = {}) {
    this.rate = opts.rate ?? 0;
    this.random = seeded(opts.seed ?? 1);
    this.weights = opts.weights ?? {};
  }

  /** The next `kinds.length` calls of `method` fail with these kinds, in order ("none" lets one through). */
  script(method: string, ...kinds: string[]): void {
    this.scripted.set(method, [...(this.scripted.get(method) ?? []), ...kinds]);
  }

  /** The fault for this call of `method`, or null. */
  pick<K extends string>(method: string, kinds: readonly K[]): K | null {
    const forced = this.scripted.get(method)?.shift();
    let kind: K | null = null;
    if (forced !== undefined) kind = forced === "none" ? null : (forced as K);
    else if (this.enabled && this.random() < this.rate) kind = this.draw(kinds);
    if (kind !== null) this.counts.set(`${method}:${kind}`, (this.counts.get(`${method}:${kind}`) ?? 0) + 1);
    return kind;
  }

  private draw<K extends string>(kinds: readonly K[]): K {
    const weight = (k: K) => this.weights[k] ?? 1;
    let left = this.random() * kinds.reduce((sum, k) => sum + weight(k), 0);
    for (const k of kinds) {
      left -= weight(k);
      if (left < 0) return k;
    }
    return kinds[kinds.length - 1]!;
  }

  /** Injected faults of one kind, over every method. */
  total(kind: string): number {
    let n = 0;
    for (const [k, v] of this.counts) if (k.endsWith(`:${kind}`)) n += v;
    return n;
  }
}

export class InjectedFault extends Error {
  constructor(what: string) {
    super(`injected fault: ${what}`);
    this.name = "InjectedFault";
  }
}
