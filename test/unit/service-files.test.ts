import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ensureSecret } from "../../src/service/discovery.js";
import { acquireInstanceLock, InstanceLocked } from "../../src/service/instance-lock.js";
import { servicePaths } from "../../src/service/paths.js";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "duely-files-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has ended. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(r.stdout);
}

describe("the local secret", () => {
  it("is 32 random bytes in a file only its owner can read, created once", () => {
    const paths = servicePaths(dir);
    const secret = ensureSecret(paths);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(paths.secret).mode & 0o777).toBe(0o600);
    expect(ensureSecret(paths)).toBe(secret);
  });

  it("makes a secret file others could read private again, and replaces one that holds no secret", () => {
    const paths = servicePaths(dir);
    const secret = ensureSecret(paths);
    chmodSync(paths.secret, 0o644);
    expect(ensureSecret(paths)).toBe(secret);
    expect(statSync(paths.secret).mode & 0o777).toBe(0o600);
    writeFileSync(paths.secret, "");
    const renewed = ensureSecret(paths);
    expect(renewed).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(paths.secret, "utf8")).toBe(renewed);
  });
});

describe("the single-instance lock", () => {
  it("is taken when free, names its holder to a second taker, and is free again after release", async () => {
    const path = join(dir, "service.lock");
    const lock = await acquireInstanceLock(path);
    expect(readFileSync(path, "utf8").trim()).toBe(String(process.pid));
    const holder = process.ppid; // alive: it started this test
    await expect(acquireInstanceLock(path, holder)).rejects.toThrow(new InstanceLocked(process.pid));
    lock.release();
    (await acquireInstanceLock(path, holder)).release();
  });

  it("takes over a lock left by a dead process", async () => {
    const path = join(dir, "service.lock");
    writeFileSync(path, `${deadPid()}\n`);
    const lock = await acquireInstanceLock(path);
    expect(readFileSync(path, "utf8").trim()).toBe(String(process.pid));
    lock.release();
  });

  it("lets exactly one of several processes that find the same stale lock at once take it", async () => {
    const path = join(dir, "service.lock");
    writeFileSync(path, `${deadPid()}\n`);
    const script = join(import.meta.dirname, "../support/processes/lock-contender.ts");
    const children: ReturnType<typeof spawn>[] = [];
    const outcomes = await Promise.all(
      [1, 2, 3].map(
        () =>
          new Promise<string>((resolve, reject) => {
            const child = spawn(process.execPath, ["--import", "tsx", script], { env: { ...process.env, LOCK: path, HOLD_MS: "8000" } });
            children.push(child);
            let out = "";
            child.stdout!.on("data", (d: Buffer) => {
              out += d.toString();
              // A winner answers and holds on; a loser answers and exits.
              if (out.includes("\n")) resolve(`${out.trim()} ${child.pid}`);
            });
            child.once("exit", (code) => (code === 0 ? resolve(`${out.trim()} ${child.pid}`) : reject(new Error(`contender exited ${code}`))));
          }),
      ),
    );
    for (const child of children) child.kill();
    const winners = outcomes.filter((o) => o.startsWith("won"));
    expect(winners).toHaveLength(1);
    const winnerPid = winners[0]!.split(" ")[1];
    for (const o of outcomes.filter((x) => !x.startsWith("won"))) expect(o).toMatch(new RegExp(`^locked ${winnerPid} `));
  }, 30_000);
});
