import { createHash } from "node:crypto";
import { join } from "node:path";
import { launchdPlist } from "./units/launchd.js";
import type { ServiceSpec } from "./units/spec.js";
import { systemdUnit } from "./units/systemd.js";
import { windowsEnvFile, windowsTaskXml } from "./units/windows-task.js";

export type Platform = "linux" | "darwin" | "win32";

/** One step of `duely service install` or `uninstall`, done in order. */
export type Step =
  /** Task Scheduler reads its XML as UTF-16. */
  | { kind: "write"; path: string; text: string; encoding: "utf8" | "utf16le" }
  | { kind: "remove"; path: string }
  /** `optional`: may fail (nothing to stop yet). */
  | { kind: "run"; argv: string[]; optional?: boolean }
  /** Run before anything is written: if it fails, nothing is done and `fix` is what to tell the user. */
  | { kind: "check"; argv: string[]; fix: string };

const write = (path: string, text: string, encoding: "utf8" | "utf16le" = "utf8"): Step => ({ kind: "write", path, text, encoding });
const run = (argv: string[], optional = false): Step => ({ kind: "run", argv, ...(optional && { optional }) });

/** Where the machine keeps things: the user's home, uid (launchd's domain) and account (Task Scheduler). */
export interface Host {
  home: string;
  uid: number;
  /** DOMAIN\user on Windows. */
  user: string;
}

/** The service manager's name for a data dir's service: "duely" for the default one, else with a short hash of the dir. */
export function serviceName(dataDir: string, defaultDataDir: string): string {
  if (dataDir === defaultDataDir) return "duely";
  return `duely-${createHash("sha256").update(dataDir).digest("hex").slice(0, 8)}`;
}

/** Where the platform's service definition lives. */
export function definitionPath(platform: Platform, name: string, host: Host, dataDir: string): string {
  if (platform === "linux") return join(host.home, ".config", "systemd", "user", `${name}.service`);
  if (platform === "darwin") return join(host.home, "Library", "LaunchAgents", `${name}.plist`);
  return join(dataDir, `${name}-task.xml`);
}

export function installPlan(platform: Platform, spec: ServiceSpec, host: Host): Step[] {
  const file = definitionPath(platform, spec.name, host, spec.dataDir);
  if (platform === "linux") {
    const unit = `${spec.name}.service`;
    // restart, not start: a unit that already runs picks up the new definition.
    return [
      // Over ssh, su or in a container there is often no user bus, and every systemctl --user
      // fails with "Failed to connect to bus"; asked first, so that nothing is left half done.
      {
        kind: "check",
        argv: ["systemctl", "--user", "show-environment"],
        fix: "systemd's user manager cannot be reached from this shell (no user bus: an ssh or su session, or a container). Either run `sudo loginctl enable-linger $USER`, log out and in again, and retry; or run `duely service install` from a terminal in your desktop session. Meanwhile `duely service start` runs the service until you log out.",
      },
      write(file, systemdUnit(spec)),
      run(["systemctl", "--user", "daemon-reload"]),
      run(["systemctl", "--user", "enable", unit]),
      run(["systemctl", "--user", "restart", unit]),
    ];
  }
  if (platform === "darwin") {
    return [
      write(file, launchdPlist(spec)),
      run(["launchctl", "bootout", `gui/${host.uid}/${spec.name}`], true),
      run(["launchctl", "bootstrap", `gui/${host.uid}`, file]),
    ];
  }
  const envFile = join(spec.dataDir, "service.env");
  return [
    write(envFile, windowsEnvFile(spec)),
    write(file, `\ufeff${windowsTaskXml(spec, { user: host.user, envFile })}`, "utf16le"),
    run(["schtasks", "/Create", "/TN", spec.name, "/XML", file, "/F"]),
    run(["schtasks", "/Run", "/TN", spec.name]),
  ];
}

export function uninstallPlan(platform: Platform, name: string, host: Host, dataDir: string): Step[] {
  const file = definitionPath(platform, name, host, dataDir);
  if (platform === "linux") {
    return [
      run(["systemctl", "--user", "disable", "--now", `${name}.service`], true),
      { kind: "remove", path: file },
      run(["systemctl", "--user", "daemon-reload"]),
    ];
  }
  if (platform === "darwin") return [run(["launchctl", "bootout", `gui/${host.uid}/${name}`], true), { kind: "remove", path: file }];
  return [
    run(["schtasks", "/End", "/TN", name], true),
    run(["schtasks", "/Delete", "/TN", name, "/F"], true),
    { kind: "remove", path: file },
    { kind: "remove", path: join(dataDir, "service.env") },
  ];
}
