import { createWriteStream } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { signBody } from "../../../src/actions/channels/webhook.js";
import type { Delivery } from "./observation.js";

/**
 * The webhook the chaos tasks notify: a real HTTP server on loopback that checks each POST's
 * signature and records its Idempotency-Key and arrival time (in memory, and as JSON lines in
 * `logFile` so a run can be measured again). It answers 200 to every signed POST, so every
 * attempt that reaches it succeeds: a failed run can only mean a lost execution.
 */
export interface WebhookSink {
  url: string;
  /** `host:port`, for the config's `actions.http.allow_hosts`. */
  hostPort: string;
  deliveries: Delivery[];
  /** POSTs refused for a bad signature or body (should be none). */
  refused: number;
  /** Requests whose sender vanished before the body was complete (a kill mid-send): not executions. */
  cut: number;
  close(): Promise<void>;
}

export async function startWebhookSink(opts: { secret: string; logFile: string }): Promise<WebhookSink> {
  const log = createWriteStream(opts.logFile, { flags: "a" });
  const sink = { deliveries: [] as Delivery[], refused: 0, cut: 0 };
  const server = createServer((req, res) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("close", () => {
      if (!req.complete) sink.cut++;
    });
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const key = req.headers["idempotency-key"];
      if (typeof key !== "string" || req.headers["x-duely-signature"] !== signBody(body, opts.secret)) {
        sink.refused++;
        res.writeHead(401).end();
        return;
      }
      sink.deliveries.push({ key, at });
      log.write(`${JSON.stringify({ key, at })}\n`);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    hostPort: `127.0.0.1:${port}`,
    get deliveries() {
      return sink.deliveries;
    },
    get refused() {
      return sink.refused;
    },
    get cut() {
      return sink.cut;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => log.end(resolve));
    },
  };
}
