import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import { makeJob } from "../support/builders.js";
import { CLI_TIMEOUT_MS, duely } from "../support/cli.js";
import { corruptSqliteJob } from "../support/corrupt-sqlite-run.js";

// `duely status` on an SQLite file whose store quarantined a task: it lists the record with its
// fix, and once the record is fixed, the entry is gone.

let dir: string;
let path: string;
let config: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "duely-quarantine-"));
  path = join(dir, "duely.db");
  config = join(dir, "duely.json");
  writeFileSync(config, JSON.stringify({ store: { kind: "sqlite", path }, owner: "ann", timezone: "UTC" }));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

interface StatusJson {
  ok: boolean;
  quarantined: Record<string, unknown>[];
  attention: string[];
}

// Three CLI runs, each up to CLI_TIMEOUT_MS on a busy machine.
describe("duely status and the quarantine", { timeout: 3 * CLI_TIMEOUT_MS }, () => {
  it("lists a quarantined task with where it is and what to do, and drops it once the record reads again", async () => {
    const job = makeJob({ owner: "ann" });
    const store = openSqliteStore({ path });
    await store.commit({ writes: [{ op: "put_job", job, expectVersion: null }] });
    await corruptSqliteJob(path)(job.id);
    expect((await store.listJobs("ann", { limit: 10 })).items).toEqual([]); // the read that quarantines it
    await store.close();

    const lines = duely("status", "--config", config);
    expect(lines.code).toBe(1);
    expect(lines.stdout).toMatch(/quarantine\s+1 unreadable record/);
    expect(lines.stdout).toContain(`job ${job.id} (owner ann), since `);
    expect(lines.stdout).toContain(`fix: Correct the field the reason names at jobs row id = '${job.id}' in ${path}`);
    const report = duely("status", "--config", config, "--json").json() as StatusJson;
    expect(report.ok).toBe(false);
    expect(report.quarantined).toEqual([
      {
        kind: "job",
        key: job.id,
        owner: "ann",
        reason: `stored job ${job.id} is malformed: schedule is not valid JSON`,
        location: `jobs row id = '${job.id}' in ${path}`,
        since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        fix: expect.stringContaining("Then run `duely status` again"),
      },
    ]);
    expect(report.attention).toContainEqual(expect.stringContaining("1 stored record(s) cannot be read and are quarantined"));

    // The operator restores the field, as the fix says.
    const db = new Database(path);
    db.prepare("UPDATE jobs SET schedule = ? WHERE id = ?").run(JSON.stringify(job.schedule), job.id);
    db.close();
    const after = duely("status", "--config", config);
    expect(after.stdout).toMatch(/quarantine\s+empty/);
    expect(after.stdout).not.toContain("quarantined");
  });
});
