import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { ActionsConfig } from "../actions/config.js";
import { loadConfig } from "../config.js";
import { openEngine } from "../main.js";
import { createMcpServer } from "../mcp/server.js";
import { silentLogger } from "../ports/logger.js";

const FEED = new URL("../../assets/demo/finance.rss.xml", import.meta.url);

/** A clock the demo moves by hand: "fast-forward" without waiting a day. */
class DemoClock {
  private t = Date.now();
  now = () => this.t;
  set(ms: number) {
    this.t = ms;
  }
}

/**
 * `duely demo`: the whole path, offline. A sample feed served on 127.0.0.1, a task created
 * through a real MCP client in plain words, the clock moved to the first two fires, and the
 * delivered digest and run history printed.
 */
export async function runDemo(env: Record<string, string | undefined>): Promise<void> {
  const feedXml = readFileSync(FEED);
  const feedServer = createServer((_req, res) => res.writeHead(200, { "content-type": "application/rss+xml" }).end(feedXml));
  await new Promise<void>((r) => feedServer.listen(0, "127.0.0.1", r));
  const { port } = feedServer.address() as { port: number };
  const dir = mkdtempSync(join(tmpdir(), "duely-demo-"));
  const clock = new DemoClock();
  const base = loadConfig({ ...env, DUELY_DB: join(dir, "demo.db"), DUELY_CONFIG: undefined });
  const config = {
    ...base,
    // The demo's only outbound call is to its own feed server on loopback.
    actions: ActionsConfig.parse({ feeds: { topics: { finance: [`http://127.0.0.1:${port}/finance.rss`] }, fallback: [] }, http: { allow_loopback: true } }),
  };
  const engine = await openEngine(config, { clock, log: silentLogger, env });
  const client = new Client({ name: "duely-demo", version: "0" });
  try {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer({ api: { jobs: engine.jobs, clock: engine.clock, log: engine.log }, owner: config.owner, timezone: config.timezone }).connect(
      serverSide,
    );
    await client.connect(clientSide);
    const say = (s: string) => process.stdout.write(`${s}\n`);

    const request = "Every day at 8am, summarize the latest finance news for me.";
    say(`user> ${request}\n`);
    const created = await call(client, "task_create_v1", { title: "Finance digest", when: request, action: { type: "summarize", topic: "finance news" } });
    const task = created.task as { id: string; description: string };
    const reading = created.reading as { next: { utc: string; local: string }[] };
    say(`duely> created task ${task.id}: ${task.description}`);
    for (const n of reading.next) say(`         next: ${n.local}  (${n.utc})`);

    for (const fire of reading.next.slice(0, 2)) {
      const at = Date.parse(fire.utc);
      say(`\n… fast-forwarding the clock to ${fire.local} …`);
      for (let t = at - 60_000; t <= at + 5_000; t += 1_000) {
        clock.set(t);
        await engine.step();
      }
    }

    const got = await call(client, "task_get_v1", { task_id: task.id });
    const runs = got.runs as { scheduled_for: { local: string }; status: string; attempt: number; result?: string; skip_reason?: string }[];
    say("\nrun history (newest first):");
    for (const r of runs) say(`  ${r.scheduled_for.local}  ${r.status.padEnd(9)} attempt ${r.attempt}${r.skip_reason ? `  (${r.skip_reason})` : ""}`);
    const delivered = [...runs].reverse().find((r) => r.status === "succeeded" && r.result);
    say("\nfirst delivered digest:\n");
    say(delivered?.result ?? "(none)");
  } finally {
    await client.close();
    await engine.stop(1_000);
    feedServer.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name, arguments: args });
  const sc = result.structuredContent as { ok: boolean; error?: { message: string } } & Record<string, unknown>;
  if (!sc?.ok) throw new Error(`${name} failed: ${JSON.stringify(sc?.error ?? result.content)}`);
  return sc;
}
