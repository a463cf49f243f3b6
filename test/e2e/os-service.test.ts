import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { httpProbe } from "../../src/mcp/probe.js";
import { findService } from "../../src/service/launch.js";
import { isAlive, servicePaths } from "../../src/service/paths.js";
import { launchdPlist } from "../../src/service/units/launchd.js";
import type { ServiceSpec } from "../../src/service/units/spec.js";
import { systemdUnit } from "../../src/service/units/systemd.js";
import { windowsEnvFile, windowsTaskXml } from "../../src/service/units/windows-task.js";
import { waitFor } from "../support/processes/children.js";
import { BUILD_TIMEOUT_MS, CLI, ensureBuilt } from "../support/service.js";

// Each generated definition is checked, and then the exact command line it holds is started with
// the environment it gives, and must answer as a service. Nothing here installs anything.

let root = "";
let child: ChildProcess | null = null;

beforeAll(() => {
  ensureBuilt();
  root = mkdtempSync(join(tmpdir(), "duely-os-service-"));
}, BUILD_TIMEOUT_MS);
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill("SIGTERM");
    await new Promise((r) => child!.once("exit", r));
  }
  child = null;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A data dir whose name needs quoting everywhere: a space, a percent sign, a dollar sign, a quote. */
function specIn(name: string): ServiceSpec {
  const dataDir = join(root, `${name} data 100% $HOME 'q'`);
  mkdirSync(dataDir, { recursive: true });
  const config = join(dataDir, "duely.json");
  writeFileSync(config, JSON.stringify({ owner: "local-user", timezone: "UTC" }));
  return {
    name: `duely-test-${name}`,
    node: process.execPath,
    script: CLI,
    dataDir,
    log: join(dataDir, "service.log"),
    env: { DUELY_DATA_DIR: dataDir, DUELY_CONFIG: config, DUELY_TZ: "Europe/Berlin", DUELY_OWNER: `it's "me"` },
  };
}

/** What a service manager passes besides the unit's own variables: a home and a search path. */
const base = { HOME: root, PATH: process.env.PATH ?? "/usr/bin:/bin" };

/** Starts `argv` as the service manager would and waits until the service answers; returns the version it reports. */
async function startsAndAnswers(argv: string[], env: Record<string, string>, spec: ServiceSpec, stdio: "ignore" | number = "ignore"): Promise<string> {
  child = spawn(argv[0]!, argv.slice(1), { env, stdio: ["ignore", stdio, stdio] });
  const paths = servicePaths(spec.dataDir);
  let answered = "";
  await waitFor(
    async () => {
      if (child!.exitCode !== null) throw new Error(`the service exited with ${child!.exitCode}: ${readFileSync(spec.log, "utf8")}`);
      const found = await findService(paths, httpProbe);
      answered = found?.answered ?? "";
      return found !== null && found.pid === child!.pid;
    },
    30_000,
    "the service to answer",
    200,
  );
  return answered;
}

/** systemd's word splitting: double or single quotes, C escapes inside double quotes; then %% and $$. */
function systemdWords(line: string): string[] {
  const words: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (const m of line.matchAll(re)) {
    const word = m[1] !== undefined ? m[1].replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c)) : (m[2] ?? m[3]!);
    words.push(word.replace(/%%/g, "%").replace(/\$\$/g, "$"));
  }
  return words;
}

/** CommandLineToArgvW's rules: 2n backslashes + quote → n backslashes and a quote toggle; 2n+1 → n and a literal quote. */
function windowsArgv(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let inQuotes = false;
  let started = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === "\\") {
      let n = 0;
      while (line[i + n] === "\\") n++;
      if (line[i + n] === '"') {
        cur += "\\".repeat(Math.floor(n / 2));
        if (n % 2 === 1) cur += '"';
        else inQuotes = !inQuotes;
        i += n;
      } else {
        cur += "\\".repeat(n);
        i += n - 1;
      }
      started = true;
    } else if (ch === '"') {
      inQuotes = !inQuotes;
      started = true;
    } else if (/\s/.test(ch) && !inQuotes) {
      if (started) out.push(cur);
      cur = "";
      started = false;
    } else {
      cur += ch;
      started = true;
    }
  }
  if (started) out.push(cur);
  return out;
}

describe("systemd user unit (Linux)", () => {
  test("starts at login, restarts on failure, appends its output to the log, and its ExecStart answers as the service", async () => {
    const spec = specIn("systemd");
    const unit = systemdUnit(spec);
    const lines = unit.split("\n");
    expect(lines).toEqual(expect.arrayContaining(["[Service]", "Type=simple", "Restart=on-failure", "[Install]", "WantedBy=default.target"]));
    const value = (key: string) => lines.filter((l) => l.startsWith(`${key}=`)).map((l) => l.slice(key.length + 1));
    expect(value("StandardOutput")).toEqual([`append:${spec.log.replace(/%/g, "%%")}`]);

    const argv = systemdWords(value("ExecStart")[0]!);
    expect(argv).toEqual([process.execPath, "--max-semi-space-size=2", "--heap-growing-percent=75", CLI, "service", "run", "--data-dir", spec.dataDir]);
    const env = Object.fromEntries(value("Environment").map((e) => systemdWords(e)[0]!.split(/=(.*)/s).slice(0, 2) as [string, string]));
    expect(env).toEqual(spec.env);

    const out = openSync(value("StandardOutput")[0]!.slice("append:".length).replace(/%%/g, "%"), "a");
    try {
      expect(await startsAndAnswers(argv, { ...base, ...env }, spec, out)).toMatch(/^\d+\.\d+\.\d+/);
    } finally {
      closeSync(out);
    }
    expect(readFileSync(spec.log, "utf8")).toContain('"duely service running"');
  }, 60_000);

  const analyze = spawnSync("which", ["systemd-analyze"]).status === 0;
  test.skipIf(!analyze)("passes systemd-analyze verify without a warning", () => {
    const spec = specIn("verify");
    const file = join(root, `${spec.name}.service`);
    writeFileSync(file, systemdUnit(spec));
    // System mode: no user manager runs here; the unit's directives are the same in both.
    const r = spawnSync("systemd-analyze", ["verify", file], { encoding: "utf8" });
    expect(r.stderr.split("\n").filter((l) => l.includes(spec.name))).toEqual([]);
    expect(r.status).toBe(0);
  });
});

describe("LaunchAgent plist (macOS)", () => {
  test("runs at load, restarts only after a failure, and its ProgramArguments answer as the service", async () => {
    const spec = specIn("launchd");
    const text = launchdPlist(spec);
    expect(XMLValidator.validate(text)).toBe(true);
    // A plist dict is a sequence of <key> and value elements: read it in order.
    const tree = new XMLParser({ preserveOrder: true, ignoreAttributes: true, parseTagValue: false }).parse(text) as any[];
    const plist = tree.find((n) => n.plist).plist as any[];
    const dict = (nodes: any[]): Record<string, any> => {
      const out: Record<string, any> = {};
      const items = nodes.filter((n) => !n["#comment"]);
      for (let i = 0; i < items.length; i += 2) out[items[i].key[0]["#text"]] = items[i + 1];
      return out;
    };
    const top = dict(plist.find((n) => n.dict).dict);
    const strings = (arr: any[]) => arr.map((s) => s.string[0]?.["#text"] ?? "");
    expect(top.Label.string[0]["#text"]).toBe(spec.name);
    expect(top.RunAtLoad).toHaveProperty("true");
    const keepAlive = dict(top.KeepAlive.dict);
    expect(keepAlive.SuccessfulExit).toHaveProperty("false");
    expect(top.StandardErrorPath.string[0]["#text"]).toBe(spec.log);

    const argv = strings(top.ProgramArguments.array);
    expect(argv).toEqual([process.execPath, "--max-semi-space-size=2", "--heap-growing-percent=75", CLI, "service", "run", "--data-dir", spec.dataDir]);
    const envDict = dict(top.EnvironmentVariables.dict);
    const env = Object.fromEntries(Object.entries(envDict).map(([k, v]) => [k, v.string[0]["#text"] as string]));
    expect(env).toEqual(spec.env);
    expect(await startsAndAnswers(argv, { ...base, ...env }, spec)).toMatch(/^\d+\.\d+\.\d+/);
  }, 60_000);
});

describe("Scheduled Task XML (Windows)", () => {
  test("triggers at the user's logon, has no time limit, restarts on failure, and its Command + Arguments answer as the service", async () => {
    const spec = specIn("windows");
    const envFile = join(spec.dataDir, "service.env");
    const xml = windowsTaskXml(spec, { user: "PC\\me", envFile });
    expect(XMLValidator.validate(xml)).toBe(true);
    const task = new XMLParser({ parseTagValue: false }).parse(xml).Task;
    expect(task.Triggers.LogonTrigger).toMatchObject({ Enabled: "true", UserId: "PC\\me" });
    expect(task.Principals.Principal).toMatchObject({ UserId: "PC\\me", LogonType: "InteractiveToken" });
    expect(task.Settings).toMatchObject({ ExecutionTimeLimit: "PT0S", RestartOnFailure: { Interval: "PT1M", Count: "999" }, StopIfGoingOnBatteries: "false" });

    const { Command, Arguments } = task.Actions.Exec;
    const argv = [Command, ...windowsArgv(Arguments)];
    expect(argv).toEqual([
      process.execPath,
      `--env-file=${envFile}`,
      "--max-semi-space-size=2",
      "--heap-growing-percent=75",
      CLI,
      "service",
      "run",
      "--data-dir",
      spec.dataDir,
      "--log-file",
      spec.log,
    ]);
    // The task carries no environment: install writes this file beside it, and node reads it.
    writeFileSync(envFile, windowsEnvFile(spec));
    expect(await startsAndAnswers(argv, base, spec)).toMatch(/^\d+\.\d+\.\d+/);
    const log = readFileSync(spec.log, "utf8");
    expect(log).toContain('"duely service running"');
    expect(log).toContain(`"owner":${JSON.stringify(spec.env.DUELY_OWNER)}`);
    expect(log).toContain('"timezone":"Europe/Berlin"');
  }, 60_000);
});

test("stops on SIGTERM, as `duely service stop` and the service managers send it", async () => {
  const spec = specIn("stop");
  await startsAndAnswers([process.execPath, CLI, "service", "run", "--data-dir", spec.dataDir], { ...base, ...spec.env }, spec);
  const pid = child!.pid!;
  // Not spawnSync: the service is this process's child, and only a free event loop reaps it.
  const stop = spawn(process.execPath, [CLI, "service", "stop", "--data-dir", spec.dataDir], { env: { ...process.env, ...base } });
  let stdout = "";
  stop.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  const code = await new Promise((r) => stop.once("exit", r));
  expect(stdout).toContain(`duely service stopped (pid ${pid}`);
  expect(code).toBe(0);
  expect(isAlive(pid)).toBe(false);
}, 60_000);
