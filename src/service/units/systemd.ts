import { DESCRIPTION, type ServiceSpec, serviceArgs } from "./spec.js";

// systemd.unit(5), systemd.service(5), systemd.exec(5). Every value here goes through
// specifier expansion (% is written %%); ExecStart also expands $VARIABLES ($ is written $$).

const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** One word of a unit file line: as is when plain, else double-quoted with C-style escapes. */
function word(s: string, execLine: boolean): string {
  const text = PLAIN.test(s) ? s : `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;
  const spec = text.replace(/%/g, "%%");
  return execLine ? spec.replace(/\$/g, "$$$$") : spec;
}

/**
 * The systemd user unit (~/.config/systemd/user/<name>.service): started at login
 * (default.target), restarted when it fails. A clean exit (after `duely service stop` or
 * `systemctl --user stop`) is not a failure, so it stays stopped until the next login.
 */
export function systemdUnit(spec: ServiceSpec): string {
  const exec = [spec.node, ...serviceArgs(spec)].map((a) => word(a, true)).join(" ");
  const env = Object.entries(spec.env).map(([k, v]) => `Environment=${word(`${k}=${v}`, false)}`);
  const log = spec.log.replace(/%/g, "%%");
  return [
    "[Unit]",
    `Description=${DESCRIPTION} (data dir ${spec.dataDir.replace(/%/g, "%%")})`,
    "",
    "[Service]",
    "Type=simple",
    `ExecStart=${exec}`,
    ...env,
    "Restart=on-failure",
    "RestartSec=5",
    // SIGTERM stops it gracefully: running actions get time to finish.
    "TimeoutStopSec=30",
    `StandardOutput=append:${log}`,
    `StandardError=append:${log}`,
    "",
    "[Install]",
    "WantedBy=default.target",
    "",
  ].join("\n");
}
