import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLI_TIMEOUT_MS, duely } from "../support/cli.js";

const COMMANDS = ["serve", "service", "schedule", "watcher", "worker", "status", "aws", "owner", "demo"];

describe("duely --help", { timeout: CLI_TIMEOUT_MS }, () => {
  it("lists every command, on stdout, with exit code 0; so does duely alone", () => {
    for (const r of [duely("--help"), duely()]) {
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Usage: duely /);
      for (const command of COMMANDS) expect(r.stdout).toMatch(new RegExp(`^  ${command}\\b`, "m"));
    }
  });

  it.each([
    [["serve"], ["--http", "--embedded", "--host <host>", "--port <port>", "--no-auth", "--db <path>", "--config <file>"]],
    [["service"], ["run", "install", "uninstall", "status", "stop", "logs"]],
    [
      ["service", "run"],
      ["--config <file>", "--data-dir <dir>", "--db <path>", "--port <port>", "--log-file <file>"],
    ],
    [
      ["service", "install"],
      ["--config <file>", "--data-dir <dir>", "--env <name...>", "--dry-run"],
    ],
    [
      ["service", "uninstall"],
      ["--data-dir <dir>", "--dry-run"],
    ],
    [
      ["service", "status"],
      ["--data-dir <dir>", "--json"],
    ],
    [["service", "stop"], ["--data-dir <dir>"]],
    [
      ["service", "logs"],
      ["--data-dir <dir>", "--lines <n>", "--follow"],
    ],
    [
      ["schedule", "next"],
      ["<cron>", "--tz <zone>", "--after <iso>", "--count <n>", "--json"],
    ],
    [
      ["schedule", "parse"],
      ["<phrase>", "--tz <zone>", "--now <iso>", "--count <n>", "--json"],
    ],
    [["watcher"], ["--config <file>", "--id <id>", "--metrics-port <port>", "--metrics-host <host>"]],
    [["worker"], ["--config <file>", "--id <id>", "--metrics-port <port>", "--metrics-host <host>"]],
    [["status"], ["--config <file>", "--json"]],
    [
      ["aws", "init"],
      ["--endpoint <url>", "--dynamodb-endpoint <url>", "--sqs-endpoint <url>", "--region <region>", "--prefix <prefix>", "--ttl-days <days>"],
    ],
    [["aws", "template"], []],
    [
      ["owner", "add"],
      ["<name>", "--password-stdin", "--config <file>", "--db <path>"],
    ],
    [
      ["owner", "grants"],
      ["[name]", "--json", "--config <file>", "--db <path>"],
    ],
    [
      ["owner", "revoke"],
      ["<grant-id>", "--config <file>", "--db <path>"],
    ],
    [
      ["owner", "rotate-keys"],
      ["--config <file>", "--db <path>"],
    ],
    [["demo"], []],
  ])("duely %j --help shows its usage and options", (command, flags) => {
    const r = duely(...command, "--help");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Usage: duely ${command.join(" ")}`);
    for (const flag of flags) expect(r.stdout).toContain(flag);
  });

  it("gives each serve option its meaning and default", () => {
    const help = duely("serve", "--help").stdout;
    expect(help).toMatch(/--port <port>\s+port to listen on[\s\S]*default:[^)]*8787\)/);
    expect(help).toMatch(/--host <host>[\s\S]*default:[^)]*127\.0\.0\.1\)/);
    expect(help).toMatch(/--no-auth\s+serve --http without any authorization/);
  });

  it("prints the package version", () => {
    const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    const r = duely("--version");
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(version);
  });
});

describe("duely refuses a mistyped command line with a suggestion and exit code 2", { timeout: CLI_TIMEOUT_MS }, () => {
  it.each([
    [["serve", "--htttp"], "unknown option '--htttp'", "Did you mean --http?"],
    [["aws", "init", "--dynamo-endpoint", "http://127.0.0.1:8000"], "unknown option '--dynamo-endpoint'", "Did you mean --dynamodb-endpoint?"],
    [["schedul"], "unknown command 'schedul'", "Did you mean schedule?"],
    [["aws", "int"], "unknown command 'int'", "Did you mean init?"],
  ])("%j", (args, error, suggestion) => {
    const r = duely(...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(error);
    expect(r.stderr).toContain(suggestion);
    expect(r.stdout).toBe("");
  });

  it.each(["eighty", "70000", "-1"])("refuses --port %s before starting anything", (port) => {
    const r = duely("serve", "--http", "--port", port);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`option '--port <port>' argument '${port}' is invalid`);
  });
});

describe("duely serve", { timeout: CLI_TIMEOUT_MS }, () => {
  it("refuses --no-auth on a non-loopback host, exit code 1", () => {
    const r = duely("serve", "--http", "--no-auth", "--host", "0.0.0.0");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("--no-auth is allowed only on a loopback host");
  });
});
