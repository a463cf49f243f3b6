#!/usr/bin/env node
import { readFileSync } from "node:fs";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { stderrLogger } from "../adapters/log/pino-logger.js";
import { DEFAULT_MAX_RECEIVE_COUNT } from "../adapters/queue/sqs/queues.js";
import { AWS_DEFAULTS, HTTP_DEFAULTS } from "../config.js";
import type { AwsInitOptions } from "./aws-init.js";
import type { OwnerOptions } from "./owner.js";
import { previewCommand } from "./preview-command.js";
import { installProcessPolicy } from "./process-policy.js";
import type { RoleOptions } from "./roles.js";
import { scheduleNext } from "./schedule-command.js";
import type { ServeOptions } from "./serve.js";
import type { StatusOptions } from "./status.js";

// The option definitions below are the whole interface: commander parses with them and prints
// them as --help. Command modules are imported only when run: most pull in large SDKs.

installProcessPolicy(process, stderrLogger());

const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

/** An argParser for whole numbers from `min` to `max`; commander names the option in the error. */
function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(
        max === Number.MAX_SAFE_INTEGER ? `Expected a whole number of at least ${min}.` : `Expected a whole number from ${min} to ${max}.`,
      );
    }
    return n;
  };
}

const configOption = () => new Option("--config <file>", "JSON config file (default: $DUELY_CONFIG, else built-in defaults)");

const program = new Command("duely")
  .description("Scheduled tasks for chat assistants: an MCP server in front of a real scheduler.")
  .version(version)
  .showHelpAfterError("(add --help for usage)")
  // Throw instead of exiting, so that the exit code is decided once, below. Subcommands inherit
  // this (and the output settings) when created with .command().
  .exitOverride();

program
  .command("serve")
  .description(
    "Serve the MCP tools over stdio (for Claude Desktop), or Streamable HTTP at /mcp. On SQLite the scheduler runs in the same process; on DynamoDB + SQS, run `duely watcher` and `duely worker` beside it.",
  )
  .option("--http", "serve Streamable HTTP at /mcp instead of stdio, with the authorization the config sets (default: the built-in OAuth server)")
  .option("--host <host>", `address to listen on with --http (default: http.host in the config, else ${HTTP_DEFAULTS.host})`)
  .option(
    "--port <port>",
    `port to listen on with --http, 0 for any free one (default: http.port in the config, else ${HTTP_DEFAULTS.port})`,
    wholeNumber(0, 65535),
  )
  .option("--no-auth", "serve --http without any authorization, every caller acting as the configured owner; loopback hosts only")
  .option("--db <path>", "SQLite file to keep tasks in, replacing the configured store (default: $DUELY_DB, else $XDG_DATA_HOME/duely/duely.db)")
  .addOption(configOption())
  .action(async (opts: ServeOptions) => {
    const { runServe } = await import("./serve.js");
    await runServe(opts, process.env);
  });

const schedule = program.command("schedule").description("Preview when a schedule fires, creating nothing.");
previewCommand(schedule.command("next"), {
  description: "Print the next fire times of a cron expression, in UTC and local time.",
  argument: ["cron", 'a 5-field cron expression, in quotes: "30 2 * * *"'],
  reference: new Option("--after <iso>", "list fire times strictly after this instant, with its offset (default: now)"),
  run: (cron, opts) => scheduleNext(cron, opts, Date.now()),
});
previewCommand(schedule.command("parse"), {
  description: 'Read a natural-language schedule ("every weekday at 8am") and print its fire times.',
  argument: ["phrase", 'the words, in quotes: "every other Tuesday at 7:30"'],
  reference: new Option("--now <iso>", "read relative words (tomorrow, in 20 minutes) from this instant, with its offset (default: now)"),
  run: async (phrase, opts) => {
    const { schedulePhrase } = await import("./phrase-command.js");
    return schedulePhrase(phrase, opts, Date.now());
  },
});

const roles = {
  watcher: "Run a watcher in this process: it moves runs due soon from the shards it leases to the queue.",
  worker: "Run a worker in this process: it receives due runs from the queue, runs and finishes them.",
} as const;
for (const role of ["watcher", "worker"] as const) {
  program
    .command(role)
    .description(`${roles[role]} Several of each may run at once on DynamoDB + SQS.`)
    .addOption(configOption())
    .option("--id <id>", `this process's name in shard leases and logs (default: ${role}-<pid>)`)
    .option(
      "--metrics-port <port>",
      "serve /metrics (Prometheus), /healthz and /readyz on this port, 0 for any free one (default: not served)",
      wholeNumber(0, 65535),
    )
    .option("--metrics-host <host>", "address the --metrics-port server listens on", "127.0.0.1")
    .action(async (opts: RoleOptions) => {
      const { runRole } = await import("./roles.js");
      await runRole(role, opts, process.env);
    });
}

program
  .command("status")
  .description(
    "Check the configured backend once: store and queue reachable, live watchers and workers, queue and dead-letter depth, overdue and failed runs. Exits 1 when something needs attention.",
  )
  .addOption(configOption())
  .option("--json", "print JSON instead of lines")
  .action(async (opts: StatusOptions) => {
    const { runStatus } = await import("./status.js");
    await runStatus(opts, process.env);
  });

const aws = program.command("aws").description("Create the AWS resources duely runs on (DynamoDB tables, SQS queues).");
aws
  .command("init")
  .description("Create the DynamoDB tables and the SQS queue + DLQ (idempotent), and print the config that uses them.")
  .option("--endpoint <url>", "one endpoint for both services, e.g. LocalStack (default: the region's AWS endpoints)")
  .option("--dynamodb-endpoint <url>", "DynamoDB endpoint, e.g. DynamoDB Local (default: --endpoint)")
  .option("--sqs-endpoint <url>", "SQS endpoint (default: --endpoint)")
  .option("--region <region>", "AWS region (default: $AWS_REGION, else us-east-1)")
  .option("--prefix <prefix>", "prepended to every table and queue name", "duely-")
  .option("--visibility-ms <ms>", "a received run stays hidden this long before the worker's first heartbeat", wholeNumber(1), AWS_DEFAULTS.visibilityMs)
  .option("--max-receive-count <n>", "deliveries before SQS moves a message to the dead-letter queue", wholeNumber(1), DEFAULT_MAX_RECEIVE_COUNT)
  .option("--ttl-days <days>", "finished runs and their events expire this many days later", wholeNumber(1), AWS_DEFAULTS.ttlDays)
  .action(async (opts: AwsInitOptions) => {
    const { runAwsInit } = await import("./aws-init.js");
    await runAwsInit(opts, process.env);
  });
aws
  .command("template")
  .description("Print the CloudFormation template of the same resources (deploy/cloudformation.yaml).")
  .action(async () => {
    const { cloudFormationTemplate } = await import("./aws-template.js");
    process.stdout.write(cloudFormationTemplate());
  });

const owner = program.command("owner").description("Manage who may sign in to the built-in authorization server, and what they granted to which app.");
const ownerStore = (command: Command) =>
  command.addOption(configOption()).option("--db <path>", "SQLite file the accounts are kept in, replacing the configured store (default: as `duely serve`)");
ownerStore(
  owner
    .command("add")
    .description("Create an owner account: NAME signs in with a password when an app connects, and owns the tasks it creates.")
    .argument("<name>", "the owner's name: 1-64 of A-Z a-z 0-9 . _ @ -")
    .option("--password-stdin", "read the password from standard input instead of asking for it twice on the terminal"),
).action(async (name: string, opts: OwnerOptions & { passwordStdin?: boolean }) => {
  const { runOwnerAdd } = await import("./owner.js");
  await runOwnerAdd(name, opts, process.env);
});
ownerStore(
  owner
    .command("grants")
    .description("List the apps owners have granted access to, with the grant ids `duely owner revoke` takes.")
    .argument("[name]", "only this owner's grants (default: every owner's)")
    .option("--json", "print JSON instead of lines"),
).action(async (name: string | undefined, opts: OwnerOptions & { json?: boolean }) => {
  const { runOwnerGrants } = await import("./owner.js");
  await runOwnerGrants(name, opts, process.env);
});
ownerStore(
  owner
    .command("revoke")
    .description("Revoke a grant: the app's access and refresh tokens stop working at once; it must ask the owner again.")
    .argument("<grant-id>", "from `duely owner grants`"),
).action(async (grantId: string, opts: OwnerOptions) => {
  const { runOwnerRevoke } = await import("./owner.js");
  await runOwnerRevoke(grantId, opts, process.env);
});
ownerStore(
  owner
    .command("rotate-keys")
    .description(
      "Sign tokens with a new key from now on (running servers pick it up within 30 s); the old key keeps verifying until the tokens it signed expire.",
    ),
).action(async (opts: OwnerOptions) => {
  const { runOwnerRotateKeys } = await import("./owner.js");
  await runOwnerRotateKeys(opts, process.env);
});

program
  .command("demo")
  .description("Run the whole path offline: a sample feed, a task created through MCP, a fast-forwarded clock.")
  .action(async () => {
    const { runDemo } = await import("./demo.js");
    await runDemo(process.env);
  });

const argv = process.argv.slice(2);
program.parseAsync(argv.length > 0 ? argv : ["--help"], { from: "user" }).catch((e: unknown) => {
  // Help and --version exit 0; a usage error, already printed, exits 2 like bad input to `schedule`;
  // a command that fails while running exits 1.
  if (e instanceof CommanderError) process.exit(e.exitCode === 0 ? 0 : 2);
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
