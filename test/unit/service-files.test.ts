import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ensureSecret, parseDiscovery } from "../../src/service/discovery.js";
import { acquireInstanceLock, InstanceLocked } from "../../src/service/instance-lock.js";
import { relayAddress, servicePaths } from "../../src/service/paths.js";

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

describe("the discovery file", () => {
  const good = {
    pid: 42,
    url: "http://127.0.0.1:4000/mcp",
    relay: "/data/service.sock",
    version: "1.2.3",
    started_at: "2026-12-02T10:00:00Z",
    data_dir: "/data",
  };

  it("is read field by field, with or without the relay socket (a service from before it)", () => {
    expect(parseDiscovery(good)).toEqual(good);
    const { relay: _, ...older } = good;
    expect(parseDiscovery(older)).toEqual(older);
  });

  it("is not one when a field is missing or of the wrong kind, so readers treat the service as not running", () => {
    for (const bad of [
      null,
      [],
      "service",
      { ...good, pid: 0 },
      { ...good, pid: 1.5 },
      { ...good, pid: "42" },
      { ...good, url: "not a url" },
      { ...good, relay: "" },
      { ...good, relay: 7 },
      { ...good, version: undefined },
      { ...good, data_dir: 1 },
    ]) {
      expect(parseDiscovery(bad)).toBeNull();
    }
  });
});

describe("the relay socket's address", () => {
  it("is service.sock in the data dir, in the temp folder when that path is too long for a socket, and a named pipe on Windows", () => {
    expect(relayAddress("/home/me/.local/share/duely", "linux")).toBe("/home/me/.local/share/duely/service.sock");
    const long = `/home/me/${"d".repeat(120)}`;
    expect(relayAddress(long, "linux")).toBe(join(tmpdir(), `${relayAddress(long, "win32").split("\\").pop()}.sock`));
    expect(relayAddress("C:\\Users\\me\\duely", "win32")).toMatch(/^\\\\\.\\pipe\\duely-[0-9a-f]{16}$/);
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
