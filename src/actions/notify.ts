import { ActionFailure, type Checkpoint } from "../ports/action.js";
import type { ChannelDeps, Delivery } from "./channels/channel.js";
import { sendEmail } from "./channels/email.js";
import { sendNtfy } from "./channels/ntfy.js";
import { sendSlack } from "./channels/slack.js";
import { sendWebhook } from "./channels/webhook.js";
import type { ChannelTarget } from "./config.js";

/**
 * Delivery of a run's text. An action names channels by the name the owner gave them in config
 * (`channels: ["ops", "phone"]`); `inbox` is built in and always on: it is the run's own result.
 */

export const INBOX = "inbox";

export interface ResolvedChannel {
  name: string;
  target: ChannelTarget;
}

/** Checked before any work, so a typo fails the run at once, naming what exists. */
export function resolveChannels(refs: readonly string[] | undefined, configured: Record<string, ChannelTarget>): ResolvedChannel[] {
  const names = [...new Set(refs ?? [])].filter((n) => n !== INBOX);
  const unknown = names.filter((n) => !Object.hasOwn(configured, n));
  if (unknown.length > 0) {
    const known = [INBOX, ...Object.keys(configured)].join(", ");
    throw new ActionFailure(`unknown channel ${unknown.map((n) => `"${n}"`).join(", ")}: the configured channels are ${known}`, { permanent: true });
  }
  return names.map((name) => ({ name, target: configured[name]! }));
}

function sendTo({ name, target }: ResolvedChannel, delivery: Delivery, deps: ChannelDeps): Promise<void> {
  switch (target.type) {
    case "webhook":
      return sendWebhook(name, target, delivery, deps);
    case "slack":
      return sendSlack(name, target, delivery, deps);
    case "email":
      return sendEmail(name, target, delivery, deps);
    case "ntfy":
      return sendNtfy(name, target, delivery, deps);
    default:
      return target satisfies never;
  }
}

/** The checkpoint entry naming the channels an earlier attempt of the run already delivered to. */
const DELIVERED = "delivered";

function deliveredBefore(checkpoint: Checkpoint): Set<string> {
  const saved = checkpoint.get(DELIVERED);
  return new Set(Array.isArray(saved) ? saved.filter((n): n is string => typeof n === "string") : []);
}

/**
 * Sends to every channel not already delivered by an earlier attempt of the run (its
 * checkpoint), even after one fails, and returns the names delivered (inbox first). If any
 * failed, the ones delivered so far are saved to the checkpoint, so a retry sends only the
 * missing ones; and the run fails: permanently when a failure is permanent (a retry cannot make
 * the set whole), else retryable. A retry that finds nothing saved (the save failed, or the
 * worker died first) sends again under the same idempotency key.
 */
export async function deliver(channels: ResolvedChannel[], delivery: Delivery, deps: ChannelDeps, checkpoint: Checkpoint): Promise<string[]> {
  const done = deliveredBefore(checkpoint);
  const todo = channels.filter((c) => !done.has(c.name));
  const results = await Promise.allSettled(todo.map((c) => sendTo(c, delivery, deps)));
  const sent = todo.filter((_, i) => results[i]!.status === "fulfilled").map((c) => c.name);
  for (const name of sent) done.add(name);
  const delivered = channels.filter((c) => done.has(c.name)).map((c) => c.name);
  const failures = results.flatMap((r, i) => {
    if (r.status === "fulfilled") return [];
    const err = r.reason instanceof ActionFailure ? r.reason : new ActionFailure(String(r.reason), { permanent: false });
    const { name, target } = todo[i]!;
    return [{ err, text: `"${name}" (${target.type}): ${err.message}` }];
  });
  if (failures.length === 0) return [INBOX, ...delivered];
  if (sent.length > 0) await checkpoint.save(DELIVERED, delivered);
  const permanent = failures.some((f) => f.err.permanent);
  const delays = failures.flatMap((f) => (f.err.retryAfterMs === undefined ? [] : [f.err.retryAfterMs]));
  const prefix = delivered.length > 0 ? `delivered to ${delivered.join(", ")}; ` : "";
  return Promise.reject(
    new ActionFailure(`${prefix}delivery failed for ${failures.map((f) => f.text).join("; ")}`, {
      permanent,
      ...(!permanent && delays.length > 0 && { retryAfterMs: Math.max(...delays) }),
    }),
  );
}
