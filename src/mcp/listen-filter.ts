import { isDomainError } from "../core/errors.js";
import { taskIdOf } from "./resources.js";
import type { TaskApi } from "./server.js";

/**
 * A 2026-era client opens a `subscriptions/listen` stream naming the resource URIs it wants
 * updates for, and the SDK's router delivers every update of those URIs to it, whoever asked.
 * So before a listen reaches the router, the URIs that name no task of the caller are taken out
 * of it: a client cannot listen to another owner's task. (The router then acknowledges the
 * URIs it kept, which for another owner's task looks the same as for a missing one.)
 */
export async function ownListens(body: unknown, owner: string, api: TaskApi): Promise<unknown> {
  if (Array.isArray(body)) return Promise.all(body.map((m) => ownListens(m, owner, api)));
  const message = body as { method?: unknown; params?: { notifications?: { resourceSubscriptions?: unknown } } } | null;
  const uris = message?.params?.notifications?.resourceSubscriptions;
  if (message?.method !== "subscriptions/listen" || !Array.isArray(uris)) return body;
  const kept: string[] = [];
  for (const uri of uris) if (typeof uri === "string" && (await ownsTaskOf(uri, owner, api))) kept.push(uri);
  return { ...message, params: { ...message.params, notifications: { ...message.params!.notifications, resourceSubscriptions: kept } } };
}

async function ownsTaskOf(uri: string, owner: string, api: TaskApi): Promise<boolean> {
  const id = taskIdOf(uri);
  if (id === null) return false;
  try {
    await api.jobs.get(owner, id, { runs: 0 });
    return true;
  } catch (e) {
    if (isDomainError(e) && e.code === "not_found") return false;
    throw e;
  }
}
