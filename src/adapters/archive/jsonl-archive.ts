import { mkdirSync } from "node:fs";
import { open } from "node:fs/promises";
import { dirname } from "node:path";
import type { RunArchive } from "../../ports/run-retention.js";

/**
 * Appends pruned runs to a JSON Lines file, one `{"run":…,"events":[…]}` per line, and syncs it
 * before the runs are deleted. A crash between the two leaves a run archived and not yet
 * deleted: it is archived again next time, so readers dedupe by (job_id, scheduled_at).
 */
export function jsonlArchive(path: string): RunArchive {
  mkdirSync(dirname(path), { recursive: true });
  return {
    async append(runs) {
      if (runs.length === 0) return;
      const file = await open(path, "a");
      try {
        await file.write(runs.map((r) => `${JSON.stringify(r)}\n`).join(""));
        await file.datasync();
      } finally {
        await file.close();
      }
    },
  };
}
