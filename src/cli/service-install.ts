import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, resolve } from "node:path";
import { dataDirOf } from "../config.js";
import { definitionPath, type Host, installPlan, type Platform, type Step, serviceName, uninstallPlan } from "../service/install-plan.js";
import { withDataDir } from "../service/paths.js";
import type { ServiceSpec } from "../service/units/spec.js";
import { pathsFor, serviceStop } from "./service-admin.js";

type Env = Record<string, string | undefined>;

export interface InstallOptions {
  dataDir?: string;
  config?: string;
  /** Names of further variables to copy into the service's environment (API keys the config names). */
  env?: string[];
  dryRun?: boolean;
}

function platformOf(): Platform {
  const p = process.platform;
  if (p === "linux" || p === "darwin" || p === "win32") return p;
  throw new Error(`duely service install supports Linux (systemd), macOS (launchd) and Windows (Task Scheduler), not ${p}`);
}

const hostOf = (env: Env): Host => ({ home: homedir(), uid: process.getuid?.() ?? 0, user: `${env.USERDOMAIN ?? "."}\\${env.USERNAME ?? ""}` });

/**
 * The service's environment: its data dir, every DUELY_* setting of this shell (a relative
 * config path made absolute), and the variables named with --env. Test-only variables are left out.
 */
export function serviceEnv(env: Env, dataDir: string, opts: InstallOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (k.startsWith("DUELY_") && !k.startsWith("DUELY_TEST_") && v) out[k] = v;
  const config = opts.config ?? env.DUELY_CONFIG;
  if (config) out.DUELY_CONFIG = resolve(config);
  for (const name of opts.env ?? []) {
    const value = env[name];
    if (value === undefined) throw new Error(`--env ${name}: that variable is not set in this shell`);
    out[name] = value;
  }
  out.DUELY_DATA_DIR = dataDir;
  return out;
}

/** The service definition for this program, this data dir and this shell's settings. */
export function specFor(env: Env, opts: InstallOptions): ServiceSpec {
  const script = resolve(process.argv[1] ?? "");
  if (!script.endsWith(".js")) {
    throw new Error(`install runs duely's built CLI, not ${script}: run \`npm run build\`, then \`node dist/cli/main.js service install\``);
  }
  const dataDir = dataDirOf(withDataDir(env, opts.dataDir));
  return {
    name: serviceName(dataDir, dataDirOf({ ...env, DUELY_DATA_DIR: undefined })),
    node: process.execPath,
    script,
    dataDir,
    log: pathsFor(dataDir, env).log,
    env: serviceEnv(env, dataDir, opts),
  };
}

/** `duely service install`: writes the OS service definition and enables it (or, with --dry-run, prints what it would do). */
export async function serviceInstall(opts: InstallOptions, env: Env): Promise<void> {
  const platform = platformOf();
  const spec = specFor(env, opts);
  const steps = installPlan(platform, spec, hostOf(env));
  if (opts.dryRun) return printSteps(steps);
  // Checked before the running service is stopped and anything written.
  for (const step of steps) if (step.kind === "check") check(step);
  mkdirSync(spec.dataDir, { recursive: true, mode: 0o700 });
  // One service per data dir: one a bridge started gives way to the one the OS manages.
  await serviceStop({ dataDir: spec.dataDir }, env);
  doSteps(steps);
  process.stdout.write(`Installed ${spec.name} for data dir ${spec.dataDir}: it runs now and starts at every login.\n`);
  if (platform === "linux") process.stdout.write("To keep it running while you are logged out: loginctl enable-linger $USER\n");
}

/** `duely service uninstall`: stops and removes the OS service definition; the data (tasks, log) stays. */
export async function serviceUninstall(opts: { dataDir?: string; dryRun?: boolean }, env: Env): Promise<void> {
  const platform = platformOf();
  const dataDir = dataDirOf(withDataDir(env, opts.dataDir));
  const name = serviceName(dataDir, dataDirOf({ ...env, DUELY_DATA_DIR: undefined }));
  const definition = definitionPath(platform, name, hostOf(env), dataDir);
  if (!existsSync(definition)) {
    process.stdout.write(`Nothing to uninstall: no OS service is installed for data dir ${dataDir} (no ${definition}).\n`);
    return;
  }
  const steps = uninstallPlan(platform, name, hostOf(env), dataDir);
  if (opts.dryRun) return printSteps(steps);
  doSteps(steps);
  process.stdout.write(`Uninstalled ${name}. Your tasks stay in ${dataDir}; the next \`duely serve\` starts the service while you use it.\n`);
}

function printSteps(steps: Step[]): void {
  for (const step of steps) {
    if (step.kind === "write") process.stdout.write(`would write ${step.path}:\n${step.text.replace(/^\ufeff/, "").replace(/^/gm, "  ")}\n`);
    else if (step.kind === "remove") process.stdout.write(`would remove ${step.path}\n`);
    else if (step.kind === "check") process.stdout.write(`would check first: ${step.argv.join(" ")}\n`);
    else process.stdout.write(`would run: ${step.argv.join(" ")}${step.optional ? "  (may fail: nothing to stop yet)" : ""}\n`);
  }
}

/** Runs a check step; when it fails, throws what the user must do, with what the command said. */
function check(step: Extract<Step, { kind: "check" }>): void {
  const [command, ...args] = step.argv;
  const r = spawnSync(command!, args, { encoding: "utf8" });
  if (!r.error && r.status === 0) return;
  const said = r.error ? r.error.message : (r.stderr || r.stdout).trim().split("\n")[0] || `exit code ${r.status}`;
  throw new Error(`Not installed: \`${step.argv.join(" ")}\` failed (${said}).\n${step.fix}`);
}

/**
 * Does the steps in order. When one fails, the files written so far are put back as they were
 * (removed, or their earlier text restored), so a failed install leaves no definition behind
 * that `duely service status` would report as installed.
 */
function doSteps(steps: Step[]): void {
  const written: { path: string; before: Buffer | null }[] = [];
  try {
    for (const step of steps) {
      if (step.kind === "write") {
        mkdirSync(dirname(step.path), { recursive: true });
        written.push({ path: step.path, before: existsSync(step.path) ? readFileSync(step.path) : null });
        writeFileSync(step.path, step.text, { encoding: step.encoding, mode: 0o600 });
        process.stdout.write(`wrote ${step.path}\n`);
      } else if (step.kind === "remove") {
        rmSync(step.path, { force: true });
      } else if (step.kind === "check") {
        // Done before anything else (serviceInstall).
      } else {
        const [command, ...args] = step.argv;
        const r = spawnSync(command!, args, { stdio: "inherit" });
        if (r.error && !step.optional) throw new Error(`could not run ${command}: ${r.error.message}`);
        if (r.status !== 0 && !step.optional) throw new Error(`${step.argv.join(" ")} failed (exit code ${r.status})`);
      }
    }
  } catch (e) {
    for (const { path, before } of written.reverse()) {
      if (before === null) rmSync(path, { force: true });
      else writeFileSync(path, before, { mode: 0o600 });
      process.stdout.write(`${before === null ? "removed" : "restored"} ${path}\n`);
    }
    throw e;
  }
}
