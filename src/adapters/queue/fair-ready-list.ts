/**
 * Due items waiting for a worker, one FIFO per owner, taken round-robin across owners: one
 * owner's 100,000 runs at 08:00 delay another owner's single run by at most one turn.
 */
export class FairReadyList<T> {
  private byOwner = new Map<string, T[]>();
  private heads = new Map<string, number>();
  private ring: string[] = [];
  private next = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(owner: string, item: T): void {
    let list = this.byOwner.get(owner);
    if (!list) {
      list = [];
      this.byOwner.set(owner, list);
      this.heads.set(owner, 0);
      this.ring.push(owner);
    }
    list.push(item);
    this.count++;
  }

  take(max: number): T[] {
    const out: T[] = [];
    while (out.length < max && this.count > 0) {
      if (this.next >= this.ring.length) this.next = 0;
      const owner = this.ring[this.next]!;
      const list = this.byOwner.get(owner)!;
      const head = this.heads.get(owner)!;
      out.push(list[head]!);
      this.count--;
      if (head + 1 >= list.length) {
        this.byOwner.delete(owner);
        this.heads.delete(owner);
        this.ring.splice(this.next, 1);
      } else {
        this.advance(owner, list, head + 1);
        this.next++;
      }
    }
    return out;
  }

  /** Drops a long consumed prefix now and then, so a big FIFO does not keep its dead head alive. */
  private advance(owner: string, list: T[], head: number): void {
    if (head > 4096 && head * 2 > list.length) {
      this.byOwner.set(owner, list.slice(head));
      this.heads.set(owner, 0);
    } else {
      this.heads.set(owner, head);
    }
  }
}
