import type { ShardLeases } from "../../ports/shard-lease.js";

/** One process, one watcher: it holds every shard. */
export const localShardLeases: ShardLeases = {
  async acquire(_owner, shards) {
    return Array.from({ length: shards }, (_, i) => i);
  },
  async release() {},
};
