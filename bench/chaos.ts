// Chaos run with real processes: the CLI's processes are SIGKILLed at random and restarted while
// tasks created over MCP fall due; the guarantees are measured from the store and a webhook log.
//   npm run chaos -- --backend sqlite --minutes 10 --recurring 1000 --once 10000
//   npm run chaos -- --backend aws --minutes 5 --recurring 100 --once 600 --live 30
//   npm run chaos -- --backend sqlite --minutes 3 --recurring 40 --once 60 --live 20 --flood 300 --min-kills 10
// Options: --live N (one-shot creates during the chaos), --kill-every 2-10 (seconds),
// --settle-s 180, --seed 1, --engine '{"lease_ms":10000}' (config overrides), --cli src (run
// the CLI from src under tsx instead of dist), --dir DIR (default a fresh temp dir). The report
// (report.json), the process logs and the webhook log stay in the directory;
// `--remeasure DIR` measures a finished SQLite run again from them. `--flood N`: a pressure run,
// two owners with bearer tokens held to the default execution rate, one of them creating N
// one-shots all due in one second a third into the chaos (measured apart, each owner on its
// own). `--min-kills N`: the chaos goes on until each killed role was killed N times (at most
// twice as long again). `--ready-s 60`: how long a started process may take to be ready.
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { runChaos } from "../test/support/chaos/chaos.js";
import { remeasure } from "../test/support/chaos/observe.js";
import { summarize } from "../test/support/chaos/summary.js";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

const { values } = parseArgs({
  options: {
    backend: { type: "string", default: "sqlite" },
    minutes: { type: "string", default: "10" },
    recurring: { type: "string", default: "1000" },
    once: { type: "string", default: "10000" },
    live: { type: "string", default: "100" },
    "kill-every": { type: "string", default: "2-10" },
    "settle-s": { type: "string", default: "180" },
    seed: { type: "string", default: "1" },
    engine: { type: "string", default: "{}" },
    cli: { type: "string", default: "dist" },
    dir: { type: "string" },
    remeasure: { type: "string" },
    flood: { type: "string", default: "0" },
    "min-kills": { type: "string", default: "0" },
    "ready-s": { type: "string", default: "60" },
  },
});

if (values.remeasure) {
  process.stdout.write(`${summarize(await remeasure(values.remeasure))}\n`);
  process.exit(0);
}

const root = resolve(import.meta.dirname, "..");
const backend = values.backend;
if (backend !== "sqlite" && backend !== "aws") throw new Error(`--backend must be sqlite or aws, not ${backend}`);
const [killMin, killMax] = values["kill-every"].split("-").map((x) => Number(x) * 1000) as [number, number];
const command =
  values.cli === "src" ? [process.execPath, "--import", "tsx", join(root, "src/cli/main.ts")] : [process.execPath, join(root, "dist/cli/main.js")];
const dir = values.dir ?? mkdtempSync(join(tmpdir(), `duely-chaos-${backend}-`));
mkdirSync(dir, { recursive: true });

const started = Date.now();
const log = (line: string) => process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}\n`);
log(`work dir ${dir}`);
const report = await runChaos({
  backend,
  chaosMs: Number(values.minutes) * 60_000,
  recurring: Number(values.recurring),
  once: Number(values.once),
  live: Number(values.live),
  killEveryMs: [killMin, killMax],
  settleMaxMs: Number(values["settle-s"]) * 1000,
  seed: Number(values.seed),
  command,
  engine: JSON.parse(values.engine) as Record<string, unknown>,
  flood: Number(values.flood),
  readyTimeoutMs: Number(values["ready-s"]) * 1000,
  ...(Number(values["min-kills"]) > 0 && {
    minKills: Object.fromEntries((values.backend === "aws" ? ["watcher", "worker"] : ["serve"]).map((r) => [r, Number(values["min-kills"])])),
  }),
  dir,
  progress: log,
});
process.stdout.write(`${summarize(report)}\nreport: ${join(dir, "report.json")}\n`);
