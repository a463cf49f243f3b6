import { DESCRIPTION, type ServiceSpec, serviceArgs } from "./spec.js";

const escapeXml = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const str = (s: string) => `<string>${escapeXml(s)}</string>`;

/**
 * The macOS LaunchAgent (~/Library/LaunchAgents/<name>.plist): loaded at login (RunAtLoad),
 * started again when it exits with an error (KeepAlive.SuccessfulExit false), so
 * `duely service stop` (a clean exit) keeps it stopped until the next login. launchd.plist(5).
 */
export function launchdPlist(spec: ServiceSpec): string {
  const args = [spec.node, ...serviceArgs(spec)].map((a) => `    ${str(a)}`);
  const env = Object.entries(spec.env).flatMap(([k, v]) => [`    <key>${escapeXml(k)}</key>`, `    ${str(v)}`]);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    "<dict>",
    `  <!-- ${escapeXml(DESCRIPTION)} -->`,
    "  <key>Label</key>",
    `  ${str(spec.name)}`,
    "  <key>ProgramArguments</key>",
    "  <array>",
    ...args,
    "  </array>",
    "  <key>EnvironmentVariables</key>",
    "  <dict>",
    ...env,
    "  </dict>",
    "  <key>WorkingDirectory</key>",
    `  ${str(spec.dataDir)}`,
    "  <key>RunAtLoad</key>",
    "  <true/>",
    "  <key>KeepAlive</key>",
    "  <dict>",
    "    <key>SuccessfulExit</key>",
    "    <false/>",
    "  </dict>",
    "  <key>ThrottleInterval</key>",
    "  <integer>10</integer>",
    "  <key>ProcessType</key>",
    "  <string>Background</string>",
    "  <key>StandardOutPath</key>",
    `  ${str(spec.log)}`,
    "  <key>StandardErrorPath</key>",
    `  ${str(spec.log)}`,
    "</dict>",
    "</plist>",
    "",
  ].join("\n");
}
