import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

/**
 * The chaos tasks, created through a real MCP client over Streamable HTTP, as an assistant
 * would: `task_create_v1` with a structured schedule and a notify action to the harness's
 * webhook channel. Creates made while the server is being killed are retried with the same
 * arguments until acknowledged: an identical create within the dedupe window returns the task
 * the first one made, so a retry never makes a second task.
 */

/** The arguments of one `task_create_v1` call. */
export type CreateArgs = Record<string, unknown> & { title: string };

const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");

interface PlanOptions {
  from: number;
  random: () => number;
  channel: string;
  /** Starts every title, so tasks of different runs never look alike. */
  label: string;
}

const notify = (title: string, channel: string) => ({ type: "notify", message: title, channels: [channel] });

/**
 * Tasks every 1 or 2 minutes from `from` on, a quarter of them on the minute (a burst, as cron
 * tasks make) and the rest at a random second. `random` is seeded by the caller, so a run can
 * be repeated.
 */
export function planRecurring(n: number, o: PlanOptions): CreateArgs[] {
  return Array.from({ length: n }, (_, i) => {
    const every = o.random() < 0.6 ? 1 : 2;
    const onTheMinute = o.random() < 0.25;
    const first = onTheMinute ? Math.ceil(o.from / 60_000) * 60_000 : o.from + Math.floor(o.random() * every * 60) * 1000;
    const title = `${o.label} recurring ${i}`;
    return { title, action: notify(title, o.channel), schedule: { type: "every", every, unit: "minute", start_at: iso(Math.ceil(first / 1000) * 1000) } };
  });
}

/**
 * One-shot tasks due at random whole seconds in [from, to], soonest first: created in that order,
 * a create falls behind its own due time only if creating is slower than the tasks fall due.
 */
export function planOnce(n: number, o: PlanOptions & { to: number }): CreateArgs[] {
  const times = Array.from({ length: n }, () => Math.ceil((o.from + o.random() * (o.to - o.from)) / 1000) * 1000).sort((a, b) => a - b);
  return times.map((at, i) => {
    const title = `${o.label} once ${i}`;
    return { title, action: notify(title, o.channel), schedule: { type: "once", at: iso(at) } };
  });
}

/**
 * One owner's flood: `n` one-shot tasks all due at the second `at`, more than its execution rate
 * lets run at once (the default: 200 at once, then 120 a minute), so the rest are held back.
 */
export function planFlood(n: number, o: { at: number; channel: string; label: string }): CreateArgs[] {
  return Array.from({ length: n }, (_, i) => {
    const title = `${o.label} flood ${i}`;
    return { title, action: notify(title, o.channel), schedule: { type: "once", at: iso(Math.ceil(o.at / 1000) * 1000) } };
  });
}

/** A create the server answered with an error result: not retried, reported. */
export class CreateRefused extends Error {}

interface Envelope {
  ok: boolean;
  task?: { id: string };
  deduplicated?: boolean;
  error?: { code: string; message: string };
}

/** One MCP client that reconnects after a failed call (the server may have been killed). */
export class TaskClient {
  private client: Client | null = null;
  private readonly url: URL;
  /** A bearer token, where the server has owners (a pressure run); none: the server's single owner. */
  private readonly token: string | undefined;
  /** Calls that failed on the connection and were sent again. */
  retries = 0;

  constructor(url: string, token?: string) {
    this.url = new URL(url);
    this.token = token;
  }

  /** Creates the task, retrying until `deadline` while the server cannot be reached; resolves with the task id. */
  async create(args: CreateArgs, deadline: number): Promise<{ id: string; deduplicated: boolean }> {
    for (;;) {
      let env: Envelope;
      try {
        const client = await this.connected();
        env = (await client.callTool({ name: "task_create_v1", arguments: args })).structuredContent as unknown as Envelope;
      } catch (e) {
        await this.drop();
        if (Date.now() > deadline) throw new Error(`create "${args.title}" not acknowledged before the deadline: ${String(e)}`);
        this.retries++;
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      if (!env.ok || !env.task) throw new CreateRefused(`create "${args.title}" refused: ${env.error?.code} ${env.error?.message}`);
      return { id: env.task.id, deduplicated: env.deduplicated === true };
    }
  }

  async close(): Promise<void> {
    await this.drop();
  }

  private async connected(): Promise<Client> {
    if (this.client) return this.client;
    const client = new Client({ name: "duely-chaos", version: "0" });
    const auth = this.token ? { requestInit: { headers: { authorization: `Bearer ${this.token}` } } } : {};
    await client.connect(new StreamableHTTPClientTransport(this.url, auth));
    this.client = client;
    return client;
  }

  private async drop(): Promise<void> {
    const c = this.client;
    this.client = null;
    await c?.close().catch(() => {});
  }
}

/** Creates every task over `lanes` clients at once; returns the acknowledged ids and the refusals. */
export async function createAll(url: string, plans: readonly CreateArgs[], o: { lanes: number; deadline: number; token?: string }) {
  const ids: string[] = [];
  const refused: string[] = [];
  let deduplicated = 0;
  let retries = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: o.lanes }, async () => {
      const client = new TaskClient(url, o.token);
      try {
        for (let i = next++; i < plans.length; i = next++) {
          try {
            const made = await client.create(plans[i]!, o.deadline);
            ids.push(made.id);
            if (made.deduplicated) deduplicated++;
          } catch (e) {
            if (!(e instanceof CreateRefused)) throw e;
            refused.push(e.message);
          }
        }
      } finally {
        retries += client.retries;
        await client.close();
      }
    }),
  );
  return { ids, refused, deduplicated, retries };
}
