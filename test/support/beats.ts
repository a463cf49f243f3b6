import type { Member, Presence } from "../../src/ports/presence.js";

/** The presence table as the workers' beats leave it; `fail` makes the next read fail. */
export class Beats implements Presence {
  readonly members_ = new Map<string, Member>();
  fail = false;
  async beat(id: string, now: number, ttlMs: number) {
    this.members_.set(id, { role: "worker", id, seenAt: now, until: now + ttlMs, shards: [] });
  }
  async leave(id: string) {
    this.members_.delete(id);
  }
  async bury(_role: Member["role"], id: string) {
    const m = this.members_.get(id);
    if (m) this.members_.set(id, { ...m, buried: true });
  }
  async members() {
    if (this.fail) throw new Error("ThrottlingException");
    return [...this.members_.values()];
  }
}
