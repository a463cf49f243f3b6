/** A binary min-heap ordered by `at`, ties by insertion order, so equal due times stay FIFO. */
export class MinHeap<T> {
  private items: { at: number; seq: number; value: T }[] = [];
  private seq = 0;

  get size(): number {
    return this.items.length;
  }

  peekAt(): number | undefined {
    return this.items[0]?.at;
  }

  push(at: number, value: T): void {
    const a = this.items;
    a.push({ at, seq: this.seq++, value });
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }

  pop(): T | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (top === undefined || last === undefined) return undefined;
    if (a.length > 0) {
      a[0] = last;
      this.siftDown(0);
    }
    return top.value;
  }

  private siftDown(i: number): void {
    const n = this.items.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && this.less(l, m)) m = l;
      if (r < n && this.less(r, m)) m = r;
      if (m === i) return;
      this.swap(i, m);
      i = m;
    }
  }

  private less(i: number, j: number): boolean {
    const x = this.items[i]!;
    const y = this.items[j]!;
    return x.at < y.at || (x.at === y.at && x.seq < y.seq);
  }

  private swap(i: number, j: number): void {
    const a = this.items;
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
}
