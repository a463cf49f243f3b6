import type { Command, CommanderError, Option } from "commander";
import { DomainError, isDomainError } from "../core/errors.js";
import type { ScheduleOutput } from "./schedule-command.js";

/** Fire times printed without --count. */
export const DEFAULT_COUNT = 5;

export interface PreviewOptions {
  tz?: string;
  after?: string;
  now?: string;
  count?: string;
  json?: boolean;
}

interface PreviewSpec {
  description: string;
  /** The one positional: its name (also the error's `field` when missing) and meaning. */
  argument: [name: string, description: string];
  /** The instant the fire times are counted from: `--after` or `--now`. */
  reference: Option;
  run: (text: string, opts: PreviewOptions) => ScheduleOutput | Promise<ScheduleOutput>;
}

/** Prints a failure: `{ok:false,error}` on stdout with --json, a line on stderr otherwise. */
function report(e: unknown, json: boolean): void {
  const error = isDomainError(e) ? e.toJSON() : { code: "internal", message: e instanceof Error ? e.message : String(e) };
  if (json) process.stdout.write(`${JSON.stringify({ ok: false, error })}\n`);
  else process.stderr.write(`error (${error.code}): ${error.message}${"expected" in error && error.expected ? `\n  expected: ${error.expected}` : ""}\n`);
}

// An unknown option stops commander's option parsing, so a --json after it is only in the raw args.
const wantsJson = (cmd: Command) => cmd.opts().json === true || cmd.args.includes("--json");

function usageError(e: CommanderError, cmd: Command, argument: string): DomainError {
  if (e.code === "commander.missingArgument") {
    return new DomainError("invalid_argument", `duely schedule ${cmd.name()} needs its argument in quotes.`, { field: argument });
  }
  const message = e.message.replace(/^error: /, "").replace(/\s*\n\s*/g, " ");
  return new DomainError("invalid_argument", message, { hint: `see duely schedule ${cmd.name()} --help` });
}

/**
 * `duely schedule next` and `duely schedule parse`: one argument in quotes, the zone, how many
 * fire times, --json. With --json every failure, a usage error included, is `{ok:false,error}`
 * on stdout with exit code 2: scripts and models read one shape.
 */
export function previewCommand(cmd: Command, spec: PreviewSpec): Command {
  const [name, meaning] = spec.argument;
  return (
    cmd
      .description(spec.description)
      .argument(`<${name}>`, meaning)
      .usage(`<${name}> --tz <zone> [options]`)
      .option("--tz <zone>", 'IANA time zone the schedule runs in, e.g. "Europe/London" (required)')
      .addOption(spec.reference)
      .option("--count <n>", `how many fire times to print, 1 to 1000 (default: ${DEFAULT_COUNT})`)
      .option("--json", "print JSON; on bad input {ok:false,error} with exit code 2")
      // With --json, commander's own errors (missing argument, unknown option) take the same shape on stdout.
      .configureOutput({ outputError: (text, write) => wantsJson(cmd) || write(text) })
      .exitOverride((e) => {
        if (e.exitCode !== 0 && wantsJson(cmd)) report(usageError(e, cmd, name), true);
        throw e;
      })
      .action(async (text: string, opts: PreviewOptions) => {
        const json = opts.json === true;
        try {
          const out = await spec.run(text, opts);
          // Loaded here: the module (luxon, the schedule rules) is for these commands only.
          const { formatText } = await import("./schedule-command.js");
          process.stdout.write(`${json ? JSON.stringify(out) : formatText(out)}\n`);
        } catch (e) {
          report(e, json);
          process.exit(2);
        }
      })
  );
}
