import { ActionFailure } from "../ports/action.js";
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

const INBOX = "inbox";

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

/**
 * Sends to every channel, even after one fails, and returns the names delivered (inbox first).
 * If any failed, the run fails: permanently when a failure is permanent (a retry cannot make
 * the set whole), else retryable; a retry sends again to all of them, under the same
 * idempotency key.
 */
export async function deliver(channels: ResolvedChannel[], delivery: Delivery, deps: ChannelDeps): Promise<string[]> {
  const results = await Promise.allSettled(channels.map((c) => sendTo(c, delivery, deps)));
  const delivered = channels.filter((_, i) => results[i]!.status === "fulfilled").map((c) => c.name);
  const failures = results.flatMap((r, i) => {
    if (r.status === "fulfilled") return [];
    const err = r.reason instanceof ActionFailure ? r.reason : new ActionFailure(String(r.reason), { permanent: false });
    const { name, target } = channels[i]!;
    return [{ err, text: `"${name}" (${target.type}): ${err.message}` }];
  });
  if (failures.length === 0) return [INBOX, ...delivered];
  const permanent = failures.some((f) => f.err.permanent);
  const delays = failures.flatMap((f) => (f.err.retryAfterMs === undefined ? [] : [f.err.retryAfterMs]));
  const done = delivered.length > 0 ? `delivered to ${delivered.join(", ")}; ` : "";
  return Promise.reject(
    new ActionFailure(`${done}delivery failed for ${failures.map((f) => f.text).join("; ")}`, {
      permanent,
      ...(!permanent && delays.length > 0 && { retryAfterMs: Math.max(...delays) }),
    }),
  );
}
