#!/usr/bin/env node
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { stderrLineLogger } from "../adapters/log/stderr-lines.js";
import { DEFAULT_MAX_RECEIVE_COUNT } from "../adapters/queue/sqs/queues.js";
import { DomainError } from "../core/errors.js";
import { AWS_DEFAULTS, HTTP_DEFAULTS } from "../defaults.js";
import { DUELY_VERSION } from "../version.js";
import type { AwsInitOptions } from "./aws-init.js";
import type { OwnerOptions } from "./owner.js";
import type { AuditOptions } from "./owner-audit.js";
import { previewCommand } from "./preview-command.js";
import { installProcessPolicy } from "./process-policy.js";
import type { RoleOptions } from "./roles.js";
import type { ServeOptions } from "./serve.js";
import type { ServiceRunOptions } from "./service.js";
import type { InstallOptions } from "./service-install.js";
import type { ServiceStartOptions } from "./service-start.js";
import type { StatusOptions } from "./status.js";
import type { TasksOptions } from "./tasks.js";

// The option definitions below are the whole interface: commander parses with them and prints
// them as --help. Command modules are imported only when run: most pull in large SDKs.

// The pino-free logger: this runs in every process, the stdio bridge included, which must start fast.
installProcessPolicy(process, stderrLineLogger());

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

const dataDirOption = () =>
  new Option(
    "--data-dir <dir>",
    "the data dir: the tasks' SQLite file and the local service's files, one service per data dir (default: $DUELY_DATA_DIR, else $XDG_DATA_HOME/duely, else ~/.local/share/duely)",
  );
const configOption = () => new Option("--config <file>", "JSON config file (default: $DUELY_CONFIG, else built-in defaults)");

const program = new Command("duely")
  .description("Scheduled tasks for chat assistants: an MCP server in front of a real scheduler.")
  .version(DUELY_VERSION)
  .showHelpAfterError("(add --help for usage)")
  // Throw instead of exiting, so that the exit code is decided once, below. Subcommands inherit
  // this (and the output settings) when created with .command().
  .exitOverride();

program
  .command("serve")
  .description(
    "Serve the MCP tools over stdio (for Claude Desktop), or Streamable HTTP at /mcp. Over stdio it relays to the local background service of the data dir (`duely service`), starting it if none runs, so tasks keep running after the client closes; --embedded runs the scheduler in this process instead. With --http on SQLite the scheduler runs in the same process; on DynamoDB + SQS, run `duely watcher` and `duely worker` beside it.",
  )
  .option("--http", "serve Streamable HTTP at /mcp instead of stdio, with the authorization the config sets (default: the built-in OAuth server)")
  .option("--embedded", "stdio only: run the scheduler in this process instead of the background service; tasks then run only while the client keeps it open")
  .option("--host <host>", `address to listen on with --http (default: http.host in the config, else ${HTTP_DEFAULTS.host})`)
  .option(
    "--port <port>",
    `port to listen on with --http, 0 for any free one (default: http.port in the config, else ${HTTP_DEFAULTS.port})`,
    wholeNumber(0, 65535),
  )
  .option("--no-auth", "serve --http without any authorization, every caller acting as the configured owner; loopback hosts only")
  .option("--db <path>", "SQLite file to keep tasks in, replacing the configured store (default: $DUELY_DB, else duely.db in the data dir)")
  .addOption(configOption())
  .addOption(dataDirOption())
  .action(async (opts: ServeOptions) => {
    const { runServe } = await import("./serve.js");
    await runServe(opts, process.env);
  });

const service = program
  .command("service")
  .description(
    "The local background service: one long-lived duely per user and data dir that runs your tasks while no chat client is open. `duely serve` starts it when needed; `install` makes the OS start it at login.",
  );
service
  .command("run")
  .description("Run the service in the foreground (what `duely serve` and the OS service start): the scheduler, and MCP over Streamable HTTP on loopback.")
  .addOption(configOption())
  .addOption(dataDirOption())
  .option("--db <path>", "SQLite file to keep tasks in, replacing the configured store (default: $DUELY_DB, else duely.db in the data dir)")
  .option("--port <port>", "port to listen on, 0 for any free one (default: service.port in the config, else 0)", wholeNumber(0, 65535))
  .option("--log-file <file>", "append log lines to this file instead of stderr (the Windows scheduled task uses it)")
  .action(async (opts: ServiceRunOptions & { port?: number }) => {
    const { runService } = await import("./service.js");
    await runService(opts, process.env);
  });
service
  .command("start")
  .description(
    "Start the service of the data dir in the background, as `duely serve` does when a chat client needs it, and wait until it answers; one already running is left as it is.",
  )
  .addOption(configOption())
  .addOption(dataDirOption())
  .option("--db <path>", "SQLite file to keep tasks in, replacing the configured store (default: $DUELY_DB, else duely.db in the data dir)")
  .action(async (opts: ServiceStartOptions) => {
    const { serviceStart } = await import("./service-start.js");
    process.exitCode = await serviceStart(opts, process.env);
  });
service
  .command("install")
  .description(
    "Install the service with the OS (systemd user unit, macOS LaunchAgent, Windows scheduled task) so it starts at login and restarts on failure; starts it now.",
  )
  .addOption(configOption())
  .addOption(dataDirOption())
  .option("--env <name...>", "also copy these variables into the service's environment (API keys your config names); DUELY_* settings are always copied")
  .option("--dry-run", "print the file it would write and the commands it would run, changing nothing")
  .action(async (opts: InstallOptions) => {
    const { serviceInstall } = await import("./service-install.js");
    await serviceInstall(opts, process.env);
  });
service
  .command("uninstall")
  .description("Stop the OS-managed service and remove its definition; your tasks stay in the data dir.")
  .addOption(dataDirOption())
  .option("--dry-run", "print what it would remove and run, changing nothing")
  .action(async (opts: { dataDir?: string; dryRun?: boolean }) => {
    const { serviceUninstall } = await import("./service-install.js");
    await serviceUninstall(opts, process.env);
  });
service
  .command("status")
  .description("Say whether the service of the data dir runs (pid, url, version, uptime, data dir); exit code 0 if it does, 1 if not.")
  .addOption(dataDirOption())
  .option("--json", "print JSON instead of text")
  .action(async (opts: { dataDir?: string; json?: boolean }) => {
    const { serviceStatus } = await import("./service-admin.js");
    process.exitCode = await serviceStatus(opts, process.env);
  });
service
  .command("stop")
  .description(
    "Stop the service of the data dir gracefully (SIGTERM; running actions finish). `duely service start` or the next `duely serve` starts it again.",
  )
  .addOption(dataDirOption())
  .action(async (opts: { dataDir?: string }) => {
    const { serviceStop } = await import("./service-admin.js");
    process.exitCode = await serviceStop(opts, process.env);
  });
service
  .command("open")
  .description("Open your tasks in the browser: the local dashboard of the running service, through a link that works once within two minutes (printed too).")
  .addOption(dataDirOption())
  .option("--no-browser", "only print the link")
  .action(async (opts: { dataDir?: string; browser?: boolean }) => {
    const { serviceOpen } = await import("./service-open.js");
    process.exitCode = await serviceOpen(opts, process.env);
  });
service
  .command("logs")
  .description("Print the end of the service's log file (in the data dir), as readable lines: time, level, [pid], message, key=value fields.")
  .addOption(dataDirOption())
  .option("-n, --lines <n>", "how many lines", wholeNumber(1), 50)
  .option("-f, --follow", "keep printing what is appended, until Ctrl-C")
  .option("--json", "print the lines as written: one JSON object each (pino), for scripts (default: readable lines)")
  .action(async (opts: { dataDir?: string; lines: number; follow?: boolean; json?: boolean }) => {
    const { serviceLogs } = await import("./service-admin.js");
    await serviceLogs(opts, process.env);
  });

const tasks = program
  .command("tasks")
  .description(
    "See and change your tasks without a chat client: through the same MCP tools, on the running service of the data dir, or on its file when none runs. Readable output; --json prints the tool's JSON.",
  );
/** A `duely tasks` subcommand: its options, then the tool it calls with the arguments `args` builds, shown by `shown`. */
function tasksCommand(
  name: string,
  description: string,
  tool: string,
  args: (id: string | undefined, opts: Record<string, unknown>) => Record<string, unknown>,
  shown: (show: typeof import("./tasks.js").show) => (out: Record<string, unknown>) => string,
  withId = true,
): Command {
  const command = tasks.command(name).description(description);
  if (withId) command.argument("<task-id>", "the task's id (from `duely tasks list`)");
  return command
    .addOption(configOption())
    .addOption(dataDirOption())
    .option("--json", "print the tool's JSON result instead of lines")
    .action(async (...given: unknown[]) => {
      const id = withId ? (given[0] as string) : undefined;
      const opts = given[withId ? 1 : 0] as TasksOptions & Record<string, unknown>;
      const { runTasks, show } = await import("./tasks.js");
      process.exitCode = await runTasks(tool, args(id, opts), opts, process.env, shown(show));
    });
}
tasksCommand(
  "list",
  "Your active and paused tasks, newest first: id, state, title, schedule, next run, and a mark on failing ones.",
  "task_list_v1",
  (_, o) => ({
    ...(o.all ? { status: ["active", "paused", "completed", "cancelled"] } : {}),
    limit: 100,
  }),
  (s) => s.list,
  false,
).option("--all", "also completed and cancelled tasks");
tasksCommand(
  "show",
  "One task with its newest runs, including those that did not run and why.",
  "task_get_v1",
  (id) => ({ task_id: id }),
  (s) => s.task,
);
tasksCommand(
  "pause",
  "Pause a task: its occurrences are recorded as skipped until you resume it.",
  "task_pause_v1",
  (id, o) => ({
    task_id: id,
    ...(typeof o.note === "string" && { note: o.note }),
  }),
  (s) => s.changed("Paused"),
).option("--note <text>", "why, kept with the task");
tasksCommand(
  "resume",
  "Resume a paused task from now (missed occurrences are not run).",
  "task_resume_v1",
  (id) => ({ task_id: id }),
  (s) => s.changed("Resumed"),
);
tasksCommand(
  "cancel",
  "Cancel a task for good; its history stays.",
  "task_cancel_v1",
  (id) => ({ task_id: id }),
  (s) => s.changed("Cancelled"),
);
tasksCommand(
  "run-now",
  "Run a task once now, besides its schedule (also when paused).",
  "task_run_now_v1",
  (id) => ({ task_id: id }),
  (s) => s.changed("Queued"),
);
tasksCommand(
  "skip",
  "Skip one upcoming run: the next, or the one --at names; --undo lets it happen after all.",
  "task_skip_v1",
  (id, o) => ({
    task_id: id,
    ...(typeof o.at === "string" && { at: o.at }),
    ...(o.undo === true && { undo: true }),
  }),
  (s) => s.changed("Skipped"),
)
  .option("--at <when>", 'which run: a date ("2026-03-06") or a date and time, in the task\'s zone unless it has an offset (default: the next)')
  .option("--undo", "let a skipped run happen after all");
tasksCommand(
  "results",
  "What your tasks delivered, newest first, whole texts.",
  "task_results_v1",
  (_, o) => ({
    ...(typeof o.since === "string" && { since: o.since }),
    ...(typeof o.task === "string" && { task_id: o.task }),
  }),
  (s) => s.results,
  false,
)
  .option("--since <iso>", "results delivered at or after this time, ISO 8601 (default: the last 24 hours)")
  .option("--task <task-id>", "only this task's results");

const schedule = program.command("schedule").description("Preview when a schedule fires, creating nothing.");
previewCommand(schedule.command("next"), {
  description: "Print the next fire times of a cron expression, in UTC and local time.",
  argument: ["cron", 'a 5-field cron expression, in quotes: "30 2 * * *"'],
  reference: new Option("--after <iso>", "list fire times strictly after this instant: with an offset, or local time in --tz (default: now)"),
  run: async (cron, opts) => {
    const { scheduleNext } = await import("./schedule-command.js");
    return scheduleNext(cron, opts, Date.now());
  },
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
    .option("--id <id>", `this process's name in shard leases and logs (default: ${role}-<host>-<pid>-<random hex>)`)
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
    .argument("<grant-id>", "from `duely owner grants`")
    // Grant ids are base64url, so one in 64 starts with "-": read it as the id, not an option.
    .allowUnknownOption(),
).action(async (grantId: string, opts: OwnerOptions) => {
  const { runOwnerRevoke } = await import("./owner.js");
  await runOwnerRevoke(grantId, opts, process.env);
});
ownerStore(
  owner
    .command("revoke-app")
    .description("Revoke every grant an owner gave one app (each connection may have made one): its tokens stop working at once.")
    .argument("<name>", "the owner")
    .argument("<client-id>", "the app's client id, from `duely owner grants`")
    // Client ids are base64url too: read one starting with "-" as the id, not an option.
    .allowUnknownOption(),
).action(async (name: string, clientId: string, opts: OwnerOptions) => {
  const { runOwnerRevokeApp } = await import("./owner.js");
  await runOwnerRevokeApp(name, clientId, opts, process.env);
});
ownerStore(
  owner
    .command("revoke-all")
    .description("Revoke every grant of an owner: no app's token works for them any more; each app must ask again.")
    .argument("<name>", "the owner"),
).action(async (name: string, opts: OwnerOptions) => {
  const { runOwnerRevokeAll } = await import("./owner.js");
  await runOwnerRevokeAll(name, opts, process.env);
});
ownerStore(owner.command("list").description("List the owner accounts, and which are disabled.").option("--json", "print JSON instead of lines")).action(
  async (opts: OwnerOptions & { json?: boolean }) => {
    const { runOwnerList } = await import("./owner.js");
    await runOwnerList(opts, process.env);
  },
);
ownerStore(
  owner
    .command("passwd")
    .description("Set a new password for an owner; apps already allowed keep working (see revoke-all).")
    .argument("<name>", "the owner")
    .option("--password-stdin", "read the password from standard input instead of asking for it twice on the terminal"),
).action(async (name: string, opts: OwnerOptions & { passwordStdin?: boolean }) => {
  const { runOwnerPasswd } = await import("./owner.js");
  await runOwnerPasswd(name, opts, process.env);
});
ownerStore(
  owner.command("disable").description("Stop an owner from signing in and revoke all their grants; their tasks keep running.").argument("<name>", "the owner"),
).action(async (name: string, opts: OwnerOptions) => {
  const { runOwnerDisable } = await import("./owner.js");
  await runOwnerDisable(name, opts, process.env);
});
ownerStore(owner.command("enable").description("Let a disabled owner sign in again.").argument("<name>", "the owner")).action(
  async (name: string, opts: OwnerOptions) => {
    const { runOwnerEnable } = await import("./owner.js");
    await runOwnerEnable(name, opts, process.env);
  },
);
ownerStore(
  owner
    .command("remove")
    .description("Delete an owner account, its sessions and grants (tokens stop at once); its tasks stay in the store.")
    .argument("<name>", "the owner"),
).action(async (name: string, opts: OwnerOptions) => {
  const { runOwnerRemove } = await import("./owner.js");
  await runOwnerRemove(name, opts, process.env);
});
ownerStore(
  owner
    .command("rotate-keys")
    .description(
      "Sign tokens with a new key from now on (running servers pick it up within 30 s); the old key keeps verifying until the tokens it signed expire.",
    )
    .option("--retire-now", "a key that may have leaked: old keys stop verifying at once, their tokens are refused (apps refresh and go on)"),
).action(async (opts: OwnerOptions & { retireNow?: boolean }) => {
  const { runOwnerRotateKeys } = await import("./owner.js");
  await runOwnerRotateKeys(opts, process.env);
});

ownerStore(
  owner
    .command("audit")
    .description(
      "Show the audit trail, oldest first: sign-ins and failures, consents, refresh-token reuse, code replay, revocations, key rotations, client registrations (kept 90 days).",
    )
    .argument("[name]", "only entries concerning this owner")
    .option("--since <when>", "only entries from then on: a date-time (2026-12-01T09:00Z) or a span back from now (30m, 24h, 7d)")
    .option("--event <kind>", "only one kind: sign_in, sign_in_failed, consent, refresh_reuse, code_replay, revocation, key_rotation, client_registration")
    .option("--json", "print JSON instead of lines"),
).action(async (name: string | undefined, opts: AuditOptions) => {
  const { runOwnerAudit } = await import("./owner-audit.js");
  await runOwnerAudit(name, opts, process.env);
});

const clients = program.command("clients").description("The apps registered with the built-in authorization server (dynamic client registration).");
ownerStore(
  clients
    .command("list")
    .description("List registered clients: id, name, redirect URIs, grants, when an unused one expires.")
    .option("--json", "print JSON instead of lines"),
).action(async (opts: OwnerOptions & { json?: boolean }) => {
  const { runClientsList } = await import("./clients.js");
  await runClientsList(opts, process.env);
});
ownerStore(
  clients
    .command("remove")
    .description("Remove a registered client and every grant owners gave it: its tokens stop working at once.")
    .argument("<client-id>", "from `duely clients list`")
    // Client ids are base64url: read one starting with "-" as the id, not an option.
    .allowUnknownOption(),
).action(async (clientId: string, opts: OwnerOptions) => {
  const { runClientsRemove } = await import("./clients.js");
  await runClientsRemove(clientId, opts, process.env);
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
  // A domain error's hint is the way out (stop the holder of a lock, …): it is printed too.
  const hint = e instanceof DomainError && e.hint ? `\n${e.hint}` : "";
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}${hint}\n`);
  process.exit(1);
});
