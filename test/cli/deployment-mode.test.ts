import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { rolesOf, startFields } from "../../src/cli/process-roles.js";
import { ConfigError, loadConfig, resolveConfig } from "../../src/config.js";
import { CLI_TIMEOUT_MS, duely } from "../support/cli.js";

const dynamodb = { kind: "dynamodb", region: "eu-west-1" };
const sqs = { kind: "sqs", region: "eu-west-1", queue_url: "https://sqs.example/1/q" };

function problemsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
}

function configFile(content: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), "duely-mode-")), "duely.json");
  writeFileSync(path, JSON.stringify(content));
  return path;
}

describe("deployment mode", () => {
  it("is embedded for SQLite with the in-memory queue, distributed for DynamoDB with SQS", () => {
    expect(resolveConfig({}, {}).mode).toBe("embedded");
    expect(resolveConfig({ store: dynamodb, queue: sqs }, {}).mode).toBe("distributed");
  });

  it("refuses DynamoDB without a queue, where each role process would keep a private queue, and says to add the SQS section", () => {
    expect(problemsOf(() => resolveConfig({ store: dynamodb }, {}))).toEqual([
      expect.stringMatching(
        /^queue: store\.kind "dynamodb" needs queue\.kind "sqs": .*no run would ever execute\. Add the "queue" section `duely aws init` prints$/,
      ),
    ]);
    expect(problemsOf(() => resolveConfig({ store: dynamodb, queue: { kind: "local" } }, {}))).toHaveLength(1);
  });

  it("refuses SQS with SQLite, also when DUELY_DB turns an AWS config's store into SQLite", () => {
    const refused = /^queue: queue\.kind "sqs" needs store\.kind "dynamodb": .*DUELY_DB and --db make the store SQLite\)$/;
    expect(problemsOf(() => resolveConfig({ queue: sqs }, {}))).toEqual([expect.stringMatching(refused)]);
    expect(problemsOf(() => loadConfig({ DUELY_DB: "/tmp/x.db" }, configFile({ store: dynamodb, queue: sqs })))).toEqual([expect.stringMatching(refused)]);
  });

  it("lists the refused pair with every other bad value", () => {
    const problems = problemsOf(() => resolveConfig({ store: dynamodb, engine: { concurrency: 0 } }, {}));
    expect(problems.map((p) => p.split(":")[0]).sort()).toEqual(["engine.concurrency", "queue"]);
  });

  it("gives each command its roles from the mode, and refuses a watcher or worker apart from an embedded scheduler", () => {
    const embedded = resolveConfig({}, {});
    const distributed = resolveConfig({ store: dynamodb, queue: sqs }, {});
    expect(rolesOf("serve", embedded)).toEqual(["watcher", "worker", "sweeper"]);
    expect(rolesOf("serve", distributed)).toEqual([]);
    expect(rolesOf("watcher", distributed)).toEqual(["watcher", "sweeper"]);
    expect(rolesOf("worker", distributed)).toEqual(["worker"]);
    for (const command of ["watcher", "worker"] as const) {
      expect(problemsOf(() => rolesOf(command, embedded))).toEqual([
        expect.stringMatching(new RegExp(`^\`duely ${command}\` runs apart only on DynamoDB \\+ SQS .*run \`duely serve\``)),
      ]);
    }
    expect(startFields("serve", embedded)).toEqual({
      mode: "embedded",
      store: "sqlite",
      queue: "local",
      runs_here: ["api", "watcher", "worker", "sweeper"],
      expected_elsewhere: [],
    });
    expect(startFields("worker", distributed)).toMatchObject({
      mode: "distributed",
      runs_here: ["worker"],
      expected_elsewhere: [expect.stringMatching(/duely serve/), expect.stringMatching(/duely watcher/)],
    });
  });
});

describe("duely watcher and duely worker at start", { timeout: 2 * CLI_TIMEOUT_MS }, () => {
  it("exit 1 before opening anything when the config cannot run them, saying what to change", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "duely-mode-data-"));
    const noQueue = duely("watcher", "--config", configFile({ store: dynamodb }));
    expect([noQueue.code, noQueue.stderr]).toEqual([1, expect.stringContaining('queue: store.kind "dynamodb" needs queue.kind "sqs"')]);
    const embedded = duely("worker", "--config", configFile({ store: { kind: "sqlite", path: join(dataDir, "duely.db") } }));
    expect([embedded.code, embedded.stderr]).toEqual([1, expect.stringContaining("`duely worker` runs apart only on DynamoDB + SQS")]);
  });
});
