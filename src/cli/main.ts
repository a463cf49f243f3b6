#!/usr/bin/env node
import { parseArgs } from "node:util";
import { DomainError, isDomainError } from "../core/errors.js";
import { formatText, type ScheduleOutput, scheduleNext } from "./schedule-command.js";

const USAGE = `duely — scheduled tasks for chat assistants (MCP)

Usage:
  duely serve [--http] [--port N] [--host H] [--no-auth] [--db PATH] [--config FILE]
      Serve the MCP tools over stdio (for Claude Desktop), or Streamable HTTP at /mcp,
      with the scheduler running in the same process on SQLite.
  duely schedule next "<cron>" --tz <IANA> [--after <ISO>] [--count N] [--json]
      Print the next N fire times strictly after --after (default now), in UTC and local time.
  duely schedule parse "<phrase>" --tz <IANA> [--now <ISO>] [--count N] [--json]
      Read a natural-language schedule ("every weekday at 8am") and print its fire times.
  duely watcher|worker [--config FILE] [--id ID]
      Run one background role in this process (several of each may run at once on DynamoDB + SQS).
  duely aws init [--endpoint URL] [--region R] [--prefix P]
      Create the DynamoDB tables and the SQS queue + DLQ, and print the config that uses them.
  duely aws template
      Print the CloudFormation template of the same resources (deploy/cloudformation.yaml).
  duely demo
      Run the whole path offline: a sample feed, a task created through MCP, a fast-forwarded clock.
`;

/** Exit 2 with the structured error: scripts and models read `{ok:false, error}` either way. */
function fail(e: unknown, json: boolean): never {
  const error = isDomainError(e) ? e.toJSON() : { code: "internal", message: e instanceof Error ? e.message : String(e) };
  if (json) process.stdout.write(`${JSON.stringify({ ok: false, error })}\n`);
  else process.stderr.write(`error (${error.code}): ${error.message}${"expected" in error && error.expected ? `\n  expected: ${error.expected}` : ""}\n`);
  process.exit(2);
}

function emit(out: ScheduleOutput, json: boolean): void {
  process.stdout.write(`${json ? JSON.stringify(out) : formatText(out)}\n`);
}

async function scheduleCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: false,
    options: { tz: { type: "string" }, after: { type: "string" }, now: { type: "string" }, count: { type: "string" }, json: { type: "boolean" } },
  });
  const json = values.json === true;
  const str = (v: unknown) => (typeof v === "string" ? v : undefined);
  const [sub, text] = positionals;
  try {
    if (!text)
      throw new DomainError("invalid_argument", `duely schedule ${sub ?? "<next|parse>"} needs its argument in quotes.`, {
        field: sub === "parse" ? "phrase" : "cron",
      });
    if (sub === "next") return emit(scheduleNext(text, { tz: str(values.tz), after: str(values.after), count: str(values.count) }, Date.now()), json);
    if (sub === "parse") {
      const { schedulePhrase } = await import("./phrase-command.js");
      return emit(schedulePhrase(text, { tz: str(values.tz), now: str(values.now), count: str(values.count) }, Date.now()), json);
    }
    throw new DomainError("invalid_argument", `Unknown subcommand "schedule ${sub ?? ""}".`, { field: "subcommand", expected: "next | parse" });
  } catch (e) {
    fail(e, json);
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case "serve": {
      const { runServe } = await import("./serve.js");
      return runServe(rest, process.env);
    }
    case "schedule":
      return scheduleCommand(rest);
    case "demo": {
      const { runDemo } = await import("./demo.js");
      return runDemo(rest, process.env);
    }
    case "watcher":
    case "worker": {
      const { runRole } = await import("./roles.js");
      const { values } = parseArgs({ args: rest, strict: true, options: { config: { type: "string" }, id: { type: "string" } } });
      return runRole(command, values, process.env);
    }
    case "aws": {
      const { runAws } = await import("./aws-init.js");
      return runAws(rest, process.env);
    }
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(USAGE);
      return;
    default:
      process.stderr.write(`unknown command "${command}"\n\n${USAGE}`);
      process.exit(2);
  }
}

main(process.argv.slice(2)).catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
