import type { Server } from "@modelcontextprotocol/server";
import type { Change } from "../app/changes.js";
import type { ToolContext } from "./define-tool.js";
import { updatedUris } from "./resources.js";

/** Where the changes this process commits are announced (the engine's ChangeFeed). */
export interface ChangeSource {
  subscribe(listener: (changes: readonly Change[]) => void): () => void;
}

/**
 * A server instance that lives as long as its client's session (stdio), and so can notify it.
 * `era` says who picks what is sent: a 2025-era client subscribed with `resources/subscribe`,
 * so only those URIs are sent; a 2026-era client listens (`subscriptions/listen`) through the
 * SDK's router, which drops what the listen did not ask for, so every update of the owner's
 * tasks is handed to it.
 */
export interface ResourceSession {
  era: "legacy" | "modern";
  changes: ChangeSource;
}

/**
 * `resources/subscribe` and `resources/unsubscribe`. Any URI is accepted (the MCP spec asks for
 * an empty result): one that names no task of the caller is simply never updated, so the answer
 * says nothing about other owners' tasks. Without a session (stateless HTTP: the instance ends
 * with its request) the answers are the same and nothing is ever sent.
 */
export function registerSubscriptions(server: Server, ctx: ToolContext, session: ResourceSession | null): void {
  const subscribed = new Set<string>();
  server.setRequestHandler("resources/subscribe", (request) => {
    subscribed.add(request.params.uri);
    return {};
  });
  server.setRequestHandler("resources/unsubscribe", (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });
  if (!session) return;
  const stop = session.changes.subscribe((changes) => {
    // A probe instance the SDK discarded was never connected: it has no one to tell.
    if (!server.transport) return;
    for (const uri of updatedUris(changes, ctx.owner)) {
      if (session.era === "legacy" && !subscribed.has(uri)) continue;
      server.sendResourceUpdated({ uri }).catch((e: unknown) => ctx.log.log("debug", "cannot send a resource update", { uri, error: String(e) }));
    }
  });
  const before = server.onclose;
  server.onclose = () => {
    stop();
    before?.();
  };
}
