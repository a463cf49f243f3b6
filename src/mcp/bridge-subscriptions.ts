import { Client, type McpSubscription, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { isJSONRPCRequest, type JSONRPCMessage } from "@modelcontextprotocol/server";
import type { Logger } from "../ports/logger.js";
import { DUELY_VERSION } from "../version.js";
import type { Upstream } from "./bridge.js";

/** The protocol revision whose `subscriptions/listen` streams the service's HTTP endpoint serves. */
const LISTEN_REVISION = "2026-07-28";

interface Listening {
  upstream: Upstream;
  client: Client;
  subscription: McpSubscription;
  /** The URIs it listens to, sorted and joined: what `sync` compares. */
  uris: string;
  /** The stream ended by itself (the service stopped): listen again on the next sync. */
  dropped: boolean;
}

export interface BridgeSubscriptions {
  /** Notes a client message; true when it subscribed or unsubscribed (the bridge still relays it). */
  track(message: JSONRPCMessage): boolean;
  /** Makes the listen stream match the client's subscriptions on `upstream` (in the background, one sync at a time). */
  sync(upstream: Upstream): void;
  close(): Promise<void>;
}

/**
 * A 2025-era client on stdio (Claude Desktop) subscribes with `resources/subscribe`. The
 * service's HTTP instances live for one request each, so they answer it and can never send an
 * update. The bridge therefore keeps the client's subscriptions itself and holds one 2026-era
 * `subscriptions/listen` stream to the service for them, handing each update on to the client.
 * The service checks the URIs are the owner's. An update that lands while the stream is being
 * opened again (after a subscribe, or a service restart) can be missed.
 */
export function bridgeSubscriptions(opts: { log: Logger; notify: (uri: string) => void }): BridgeSubscriptions {
  const uris = new Set<string>();
  let listening: Listening | null = null;
  let chain: Promise<void> = Promise.resolve();

  const stop = async () => {
    const was = listening;
    listening = null;
    await was?.subscription.close().catch(() => undefined);
    await was?.client.close().catch(() => undefined);
  };

  const listen = async (upstream: Upstream, wanted: string): Promise<void> => {
    const client = new Client({ name: "duely-bridge", version: DUELY_VERSION }, { versionNegotiation: { mode: { pin: LISTEN_REVISION } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(upstream.url), { requestInit: { headers: { Authorization: `Bearer ${upstream.token}` } } }));
    client.setNotificationHandler("notifications/resources/updated", (n) => {
      if (uris.has(n.params.uri)) opts.notify(n.params.uri);
    });
    const subscription = await client.listen({ resourceSubscriptions: [...uris] });
    const mine: Listening = { upstream, client, subscription, uris: wanted, dropped: false };
    listening = mine;
    subscription.closed
      .then((why) => {
        if (why !== "local") mine.dropped = true;
      })
      .catch(() => undefined);
  };

  const syncNow = async (upstream: Upstream): Promise<void> => {
    const wanted = [...uris].sort().join("\n");
    if (listening && listening.upstream === upstream && listening.uris === wanted && !listening.dropped) return;
    await stop();
    if (uris.size > 0) await listen(upstream, wanted);
  };

  return {
    track(message) {
      if (!isJSONRPCRequest(message)) return false;
      const uri = (message.params as { uri?: unknown } | undefined)?.uri;
      if (typeof uri !== "string") return false;
      if (message.method === "resources/subscribe") uris.add(uri);
      else if (message.method === "resources/unsubscribe") uris.delete(uri);
      else return false;
      return true;
    },
    sync(upstream) {
      chain = chain
        .then(() => syncNow(upstream))
        .catch((e: unknown) => opts.log.log("warn", "cannot listen to the service for resource updates; the next request tries again", { error: String(e) }));
    },
    async close() {
      uris.clear();
      await chain;
      await stop();
    },
  };
}
