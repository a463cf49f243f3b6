import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILD_TIMEOUT_MS, CLI, ensureBuilt } from "../support/service.js";

// `install` records the paths of the program that runs it, so these run the built CLI.

let home = "";
/** The duely units in the fake home's systemd folder. */
const installedBefore = () => {
  const units = join(home, ".config/systemd/user");
  return existsSync(units) ? readdirSync(units).filter((f) => f.startsWith("duely-")) : [];
};
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 30_000, env: { ...process.env, HOME: home, DUELY_CONFIG: "", ...env } });

beforeAll(() => {
  ensureBuilt();
  home = mkdtempSync(join(tmpdir(), "duely-home-"));
}, BUILD_TIMEOUT_MS);
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe("duely service install", { timeout: 60_000 }, () => {
  it("with --dry-run prints the unit it would write and the systemctl commands, and changes nothing", () => {
    const dataDir = join(home, "data");
    const r = run(["service", "install", "--dry-run", "--data-dir", dataDir], { DUELY_TZ: "Asia/Taipei", DUELY_TEST_CLOCK_FILE: "/nowhere" });
    expect(r.status).toBe(0);
    const unit = join(home, ".config/systemd/user");
    expect(r.stdout).toMatch(new RegExp(`would write ${unit}/duely-[0-9a-f]{8}\\.service:`));
    expect(r.stdout).toContain(`ExecStart=${process.execPath} --max-semi-space-size=2 --heap-growing-percent=75 ${CLI} service run --data-dir ${dataDir}`);
    expect(r.stdout).toContain("Environment=DUELY_TZ=Asia/Taipei");
    expect(r.stdout).toContain(`Environment=DUELY_DATA_DIR=${dataDir}`);
    expect(r.stdout).not.toContain("DUELY_TEST_CLOCK_FILE");
    expect(r.stdout).toMatch(
      /would run: systemctl --user daemon-reload\nwould run: systemctl --user enable duely-[0-9a-f]{8}\.service\nwould run: systemctl --user restart/,
    );
    expect(existsSync(unit)).toBe(false);
    expect(existsSync(dataDir)).toBe(false);
  });

  it("writes the unit where systemd looks and runs systemctl --user to enable and start it", () => {
    // A stand-in systemctl on PATH records its arguments: no user manager runs here.
    const bin = join(home, "bin");
    mkdirSync(bin, { recursive: true });
    const calls = join(home, "systemctl-calls");
    writeFileSync(join(bin, "systemctl"), `#!/bin/sh\necho "$@" >> "${calls}"\n`);
    chmodSync(join(bin, "systemctl"), 0o755);
    const dataDir = join(home, "installed");
    const r = run(["service", "install", "--data-dir", dataDir, "--env", "SOME_API_KEY"], { PATH: `${bin}:${process.env.PATH}`, SOME_API_KEY: "sk-test" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const name = /Installed (duely-[0-9a-f]{8})/.exec(r.stdout)?.[1];
    expect(name).toBeDefined();
    const unit = readFileSync(join(home, ".config/systemd/user", `${name}.service`), "utf8");
    expect(unit).toContain("Environment=SOME_API_KEY=sk-test");
    expect(readFileSync(calls, "utf8").trim().split("\n")).toEqual([
      "--user show-environment",
      "--user daemon-reload",
      `--user enable ${name}.service`,
      `--user restart ${name}.service`,
    ]);

    const status = run(["service", "status", "--data-dir", dataDir]);
    expect(status.status).toBe(1);
    expect(status.stdout).toContain(`installed ${join(home, ".config/systemd/user", `${name}.service`)}`);

    const removed = run(["service", "uninstall", "--data-dir", dataDir], { PATH: `${bin}:${process.env.PATH}` });
    expect(removed.status).toBe(0);
    expect(existsSync(join(home, ".config/systemd/user", `${name}.service`))).toBe(false);
    expect(readFileSync(calls, "utf8")).toContain(`--user disable --now ${name}.service`);
  });

  /** A stand-in systemctl that answers `script` (a shell body) and records its arguments. */
  function fakeSystemctl(dirName: string, script: string): { path: string; calls: () => string[] } {
    const bin = join(home, dirName);
    mkdirSync(bin, { recursive: true });
    const calls = join(bin, "calls");
    writeFileSync(join(bin, "systemctl"), `#!/bin/sh\necho "$@" >> "${calls}"\n${script}\n`);
    chmodSync(join(bin, "systemctl"), 0o755);
    return { path: `${bin}:${process.env.PATH}`, calls: () => (existsSync(calls) ? readFileSync(calls, "utf8").trim().split("\n") : []) };
  }

  it("without a user bus explains the fix, writes no unit, and status still says not installed", () => {
    const noBus = fakeSystemctl("bin-nobus", 'echo "Failed to connect to bus: No medium found" >&2; exit 1');
    const dataDir = join(home, "nobus");
    const r = run(["service", "install", "--data-dir", dataDir], { PATH: noBus.path });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("Not installed: `systemctl --user show-environment` failed (Failed to connect to bus: No medium found).");
    expect(r.stderr).toContain("sudo loginctl enable-linger $USER");
    expect(r.stderr).toContain("from a terminal in your desktop session");
    expect(noBus.calls()).toEqual(["--user show-environment"]);
    const units = join(home, ".config/systemd/user");
    expect(existsSync(units) ? readdirSync(units).filter((f) => f.startsWith("duely-")) : []).toEqual(installedBefore());
    const status = run(["service", "status", "--data-dir", dataDir, "--json"]);
    expect(JSON.parse(status.stdout)).toMatchObject({ installed: null });
  });

  it("takes the unit back out when a later systemctl step fails", () => {
    const broken = fakeSystemctl("bin-broken", 'case "$2" in enable) echo "Unit is masked." >&2; exit 1;; esac; exit 0');
    const dataDir = join(home, "masked");
    const before = installedBefore();
    const r = run(["service", "install", "--data-dir", dataDir], { PATH: broken.path });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/systemctl --user enable duely-[0-9a-f]{8}\.service failed \(exit code 1\)/);
    expect(r.stdout).toMatch(/removed .*duely-[0-9a-f]{8}\.service/);
    expect(installedBefore()).toEqual(before);
    expect(JSON.parse(run(["service", "status", "--data-dir", dataDir, "--json"]).stdout)).toMatchObject({ installed: null });
  });

  it("uninstall with nothing installed says so and exits 0, running no systemctl", () => {
    const noBus = fakeSystemctl("bin-nobus-2", 'echo "Failed to connect to bus: No medium found" >&2; exit 1');
    const dataDir = join(home, "never-installed");
    const r = run(["service", "uninstall", "--data-dir", dataDir], { PATH: noBus.path });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`Nothing to uninstall: no OS service is installed for data dir ${dataDir}`);
    expect(noBus.calls()).toEqual([]);
  });

  it("refuses a variable named with --env that is not set", () => {
    const r = run(["service", "install", "--dry-run", "--env", "NOT_SET_ANYWHERE"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("--env NOT_SET_ANYWHERE: that variable is not set in this shell");
  });
});

describe("duely service status, stop and logs without a running service", { timeout: 60_000 }, () => {
  it("status says it is not running, with exit code 1; stop is a no-op with exit code 0; logs says there is none yet", () => {
    const dataDir = join(home, "idle");
    const status = run(["service", "status", "--data-dir", dataDir, "--json"]);
    expect(status.status).toBe(1);
    expect(JSON.parse(status.stdout)).toMatchObject({ running: false, data_dir: dataDir, log: join(dataDir, "service.log"), installed: null });
    const stop = run(["service", "stop", "--data-dir", dataDir]);
    expect(stop.status).toBe(0);
    expect(stop.stdout).toContain(`duely service is not running (data dir ${dataDir})`);
    const logs = run(["service", "logs", "--data-dir", dataDir]);
    expect(logs.stderr).toContain(`no log yet at ${join(dataDir, "service.log")}`);
  });

  it("logs prints JSON lines readably by default, and as written with --json", () => {
    const dataDir = join(home, "json-logged");
    mkdirSync(dataDir, { recursive: true });
    const lines = [
      '{"level":"info","t":"2026-03-02T08:00:01.123Z","pid":4242,"url":"http://127.0.0.1:40123/mcp","data_dir":"/home/me/my data","message":"duely service running"}',
      '{"level":"warn","t":"2026-03-02T08:01:00.000Z","pid":4242,"job_id":"j1","delivered":[],"failed":["no notify-send"],"message":"failure alert reached nobody: every channel failed"}',
      "    at something (node:internal)",
    ];
    writeFileSync(join(dataDir, "service.log"), `${lines.join("\n")}\n`);
    const readable = run(["service", "logs", "--data-dir", dataDir]);
    expect(readable.stdout).toBe(
      [
        '2026-03-02 08:00:01Z info  [4242] duely service running url=http://127.0.0.1:40123/mcp data_dir="/home/me/my data"',
        '2026-03-02 08:01:00Z warn  [4242] failure alert reached nobody: every channel failed job_id=j1 delivered=[] failed=["no notify-send"]',
        "    at something (node:internal)",
        "",
      ].join("\n"),
    );
    expect(run(["service", "logs", "--data-dir", dataDir, "--json"]).stdout).toBe(`${lines.join("\n")}\n`);
  });

  it("logs prints the last lines of the log", () => {
    const dataDir = join(home, "logged");
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, "service.log"), `${Array.from({ length: 80 }, (_, i) => `line ${i + 1}`).join("\n")}\n`);
    const r = run(["service", "logs", "--data-dir", dataDir, "-n", "3"]);
    expect(r.stdout).toBe("line 78\nline 79\nline 80\n");
  });
});
