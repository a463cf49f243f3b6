import { afterEach, describe, expect, it } from "vitest";
import type { Presence } from "../../src/ports/presence.js";
import type { ShardLeases } from "../../src/ports/shard-lease.js";

export interface PresenceFixture {
  presence: Presence;
  /** The shard leases whose watchers the presence lists. */
  leases: ShardLeases;
  cleanup(): Promise<void>;
}

const T0 = Date.UTC(2026, 11, 3, 4, 0);
const LEASE = 30_000;
const SHARDS = 4;
const HERE = { place: "boot-a/pid:[1]", pid: 4242 };

/** What every presence adapter promises of announcements and burials (src/ports/presence.ts). */
export function describePresenceContract(name: string, open: () => Promise<PresenceFixture>): void {
  describe(`Presence contract: ${name}`, () => {
    let fx: PresenceFixture | null = null;
    const fixture = async () => {
      fx = await open();
      return fx;
    };
    afterEach(async () => {
      await fx?.cleanup();
      fx = null;
    });

    it("lists what a worker and a watcher announced of themselves, and nothing for one that announced nothing", async () => {
      const { presence, leases } = await fixture();
      await presence.beat("worker-a", T0, LEASE, { config: "c0ffee", ...HERE });
      await presence.beat("worker-old", T0, LEASE);
      await leases.acquire("watcher-a", SHARDS, LEASE, T0, { config: "c0ffee", place: HERE.place, pid: 7 });
      const members = await presence.members(T0 + 1);
      expect(members.find((m) => m.id === "worker-a")).toMatchObject({ role: "worker", config: "c0ffee", place: HERE.place, pid: HERE.pid });
      expect(members.find((m) => m.id === "watcher-a")).toMatchObject({ role: "watcher", config: "c0ffee", place: HERE.place, pid: 7 });
      const old = members.find((m) => m.id === "worker-old")!;
      expect(old).toMatchObject({ role: "worker", seenAt: T0, until: T0 + LEASE });
      expect(old).not.toHaveProperty("place");
      expect(old).not.toHaveProperty("pid");
      expect(members.some((m) => m.buried)).toBe(false);
    });

    it("lists a buried worker as buried, leaves the others alone, and unburies it when it beats again", async () => {
      const { presence } = await fixture();
      await presence.beat("worker-dead", T0, LEASE, HERE);
      await presence.beat("worker-live", T0, LEASE, HERE);
      await presence.bury("worker", "worker-dead");
      const members = await presence.members(T0 + 1);
      expect(members.find((m) => m.id === "worker-dead")).toMatchObject({ buried: true, place: HERE.place, pid: HERE.pid, until: T0 + LEASE });
      expect(members.find((m) => m.id === "worker-live")).not.toHaveProperty("buried");
      await presence.beat("worker-dead", T0 + 2_000, LEASE, HERE);
      expect((await presence.members(T0 + 2_001)).find((m) => m.id === "worker-dead")).not.toHaveProperty("buried");
    });

    it("does not bring back a worker that left when it is buried after", async () => {
      const { presence } = await fixture();
      await presence.beat("worker-left", T0, LEASE, HERE);
      await presence.leave("worker-left");
      await presence.bury("worker", "worker-left");
      await presence.bury("watcher", "watcher-never-seen");
      expect(await presence.members(T0 + 1)).toEqual([]);
    });

    it("frees a buried watcher's shards at once, long before its lease lapses, and lists it live again once it acquires", async () => {
      const { presence, leases } = await fixture();
      expect((await leases.acquire("watcher-dead", SHARDS, LEASE, T0, HERE)).shards).toEqual([0, 1, 2, 3]);
      // Without the burial the shards stay with their holder until its lease lapses.
      expect((await leases.acquire("watcher-new", SHARDS, LEASE, T0 + 1_000)).shards).toEqual([]);
      await presence.bury("watcher", "watcher-dead");
      expect((await presence.members(T0 + 1_500)).find((m) => m.id === "watcher-dead")).toMatchObject({ buried: true, shards: [] });
      const taken = await leases.acquire("watcher-new", SHARDS, LEASE, T0 + 2_000);
      expect(taken.shards).toEqual([0, 1, 2, 3]);
      expect(taken.takenOver).toEqual([0, 1, 2, 3].map((shard) => ({ shard, from: "watcher-dead" })));
      await leases.acquire("watcher-dead", SHARDS, LEASE, T0 + 3_000, HERE);
      expect((await presence.members(T0 + 3_001)).find((m) => m.id === "watcher-dead")).not.toHaveProperty("buried");
    });
  });
}
