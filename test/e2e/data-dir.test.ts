import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLI_TIMEOUT_MS } from "../support/cli.js";

// `duely serve` on a data directory it cannot write, as a real process. Root may write anywhere
// (permission bits do not apply to it), so as root the server runs as `nobody`, as a service
// account would.

const MAIN = join(import.meta.dirname, "../../src/cli/main.ts");
const NOBODY = 65_534;
// As `nobody`, tsx has no compile cache yet: a first start takes several times CLI_TIMEOUT_MS's usual second on a busy machine.
const START_TIMEOUT_MS = 3 * CLI_TIMEOUT_MS;
const asRoot = process.getuid?.() === 0;

let base: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), "duely-datadir-"));
  chmodSync(base, 0o755);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

function serve(db: string) {
  const home = join(base, "home");
  mkdirSync(home, { recursive: true, mode: 0o777 });
  chmodSync(home, 0o777);
  const r = spawnSync(process.execPath, ["--import", "tsx", MAIN, "serve", "--http", "--no-auth", "--port", "0", "--db", db], {
    encoding: "utf8",
    timeout: START_TIMEOUT_MS,
    env: { ...process.env, DUELY_CONFIG: "", HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home },
    ...(asRoot && { uid: NOBODY, gid: NOBODY }),
  });
  if (r.error) throw r.error; // a timeout: say so, rather than compare a null exit code
  return { code: r.status, stderr: r.stderr };
}

describe("duely serve on a data directory it cannot use", { timeout: START_TIMEOUT_MS + 5_000 }, () => {
  it("refuses to start on a read-only data directory, naming it, the cause and the fix", () => {
    const ro = join(base, "ro");
    mkdirSync(ro);
    chmodSync(ro, 0o555);
    const { code, stderr } = serve(join(ro, "duely.db"));
    expect(code).toBe(1);
    expect(stderr).toContain(`cannot open the database ${join(ro, "duely.db")}: its directory ${ro} is not writable (EACCES`);
    expect(stderr).toContain(
      `Give the user running duely write access to ${ro}, or point duely at a writable place (--db, DUELY_DATA_DIR or store.path in the config).`,
    );
    expect(stderr).not.toContain("unable to open database file");
  });

  it("refuses to start on a data directory it cannot create, naming it, the cause and the fix", () => {
    const locked = join(base, "locked");
    mkdirSync(locked);
    chmodSync(locked, 0o555);
    const db = join(locked, "data", "duely.db");
    const { code, stderr } = serve(db);
    expect(code).toBe(1);
    expect(stderr).toContain(`cannot open the database ${db}: its directory ${join(locked, "data")} does not exist and cannot be created (EACCES`);
    expect(stderr).toContain(`Create ${join(locked, "data")} yourself with the right owner`);
  });
});
