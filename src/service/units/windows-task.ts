import { DESCRIPTION, type ServiceSpec, serviceArgs } from "./spec.js";

const escapeXml = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** One argument as CommandLineToArgvW reads it back: quoted when needed, backslashes before a quote doubled. */
export function windowsArg(s: string): string {
  if (s.length > 0 && !/[\s"]/.test(s)) return s;
  return `"${s.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\+)$/, "$1$1")}"`;
}

/**
 * A node --env-file: a task cannot carry environment variables, so the service's go in this
 * file next to it. Single quotes keep backslashes in Windows paths literal; a value holding
 * one takes backquotes or double quotes instead.
 */
export function windowsEnvFile(spec: ServiceSpec): string {
  const quote = (v: string) => (!v.includes("'") ? `'${v}'` : !v.includes("`") ? `\`${v}\`` : `"${v}"`);
  return `${Object.entries(spec.env)
    .map(([k, v]) => `${k}=${quote(v)}`)
    .join("\n")}\n`;
}

/**
 * The Windows Scheduled Task (schtasks /Create /XML): runs at `user`'s logon, as that user,
 * without a time limit, restarted every minute when it fails; batteries do not stop it.
 * `envFile` is where windowsEnvFile's text is written. Task Scheduler has no output redirection,
 * so the service writes its log itself (--log-file).
 */
export function windowsTaskXml(spec: ServiceSpec, opts: { user: string; envFile: string }): string {
  const args = [`--env-file=${opts.envFile}`, ...serviceArgs(spec), "--log-file", spec.log].map(windowsArg).join(" ");
  const user = escapeXml(opts.user);
  return [
    '<?xml version="1.0" encoding="UTF-16"?>',
    '<Task version="1.2" xmlns="http://schemas.microsoft.com/windows/2004/02/mit/task">',
    "  <RegistrationInfo>",
    `    <Description>${escapeXml(`${DESCRIPTION} (data dir ${spec.dataDir})`)}</Description>`,
    "  </RegistrationInfo>",
    "  <Triggers>",
    "    <LogonTrigger>",
    "      <Enabled>true</Enabled>",
    `      <UserId>${user}</UserId>`,
    "    </LogonTrigger>",
    "  </Triggers>",
    "  <Principals>",
    '    <Principal id="Author">',
    `      <UserId>${user}</UserId>`,
    "      <LogonType>InteractiveToken</LogonType>",
    "      <RunLevel>LeastPrivilege</RunLevel>",
    "    </Principal>",
    "  </Principals>",
    "  <Settings>",
    "    <MultipleInstancesPolicy>IgnoreNew</MultipleInstancesPolicy>",
    "    <DisallowStartIfOnBatteries>false</DisallowStartIfOnBatteries>",
    "    <StopIfGoingOnBatteries>false</StopIfGoingOnBatteries>",
    "    <AllowHardTerminate>true</AllowHardTerminate>",
    "    <StartWhenAvailable>true</StartWhenAvailable>",
    "    <RunOnlyIfNetworkAvailable>false</RunOnlyIfNetworkAvailable>",
    "    <AllowStartOnDemand>true</AllowStartOnDemand>",
    "    <Enabled>true</Enabled>",
    "    <Hidden>false</Hidden>",
    "    <RunOnlyIfIdle>false</RunOnlyIfIdle>",
    "    <WakeToRun>false</WakeToRun>",
    "    <ExecutionTimeLimit>PT0S</ExecutionTimeLimit>",
    "    <Priority>7</Priority>",
    "    <RestartOnFailure>",
    "      <Interval>PT1M</Interval>",
    "      <Count>999</Count>",
    "    </RestartOnFailure>",
    "  </Settings>",
    '  <Actions Context="Author">',
    "    <Exec>",
    `      <Command>${escapeXml(spec.node)}</Command>`,
    `      <Arguments>${escapeXml(args)}</Arguments>`,
    `      <WorkingDirectory>${escapeXml(spec.dataDir)}</WorkingDirectory>`,
    "    </Exec>",
    "  </Actions>",
    "</Task>",
    "",
  ].join("\n");
}
