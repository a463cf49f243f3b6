import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import type { Run } from "../../src/core/model.js";
import type { Store } from "../../src/ports/store.js";
import { crashScenarios } from "../support/crash-suite.js";
import { Children } from "../support/processes/children.js";

const NODE_SCRIPT = join(import.meta.dirname, "../support/processes/crash-node.ts");
const children = new Children();
let dir = "";
let db = "";
let log = "";
let reader: Store | null = null;

afterEach(async () => {
  children.killAll();
  await reader?.close();
  reader = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const startNode = (env: Record<string, string>) => children.start(NODE_SCRIPT, { DB: db, LOG: log, ...env });

async function allRuns(): Promise<Run[]> {
  reader ??= openSqliteStore({ path: db });
  const out: Run[] = [];
  let cursor: string | null = null;
  do {
    const page = await reader.listJobs("crash", { limit: 100, cursor });
    for (const job of page.items) out.push(...(await reader.listJobRuns(job.id, { limit: 100 })).items);
    cursor = page.cursor;
  } while (cursor);
  return out;
}

describe("crash recovery with real processes on one SQLite file", () => {
  crashScenarios({
    async setUp(label) {
      dir = mkdtempSync(join(tmpdir(), `duely-crash-${label}-`));
      db = join(dir, "duely.db");
      log = join(dir, "actions.log");
      return { dir, log };
    },
    startNode,
    allRuns,
    listEvents: (run) => {
      reader ??= openSqliteStore({ path: db });
      return reader.listEvents(run);
    },
    slowdown: 1,
    pollMs: 50,
  });

  it("refuses a second embedded scheduler on the file while the first one lives", async () => {
    dir = mkdtempSync(join(tmpdir(), "duely-lock-"));
    db = join(dir, "duely.db");
    log = join(dir, "actions.log");
    await startNode({ EXCLUSIVE: "1" });
    await expect(startNode({ EXCLUSIVE: "1" })).rejects.toThrow(/another duely process is running the scheduler on/);
  }, 30_000);
});
