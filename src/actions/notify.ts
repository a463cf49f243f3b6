import { ActionFailure, type Checkpoint } from "../ports/action.js";
import type { ChannelDeps, Delivery } from "./channels/channel.js";
import { sendDesktop } from "./channels/desktop.js";
import { sendEmail } from "./channels/email.js";
import { sendNtfy } from "./channels/ntfy.js";
import { sendSlack } from "./channels/slack.js";
import { sendWebhook } from "./channels/webhook.js";
import type { OwnedTarget } from "./owner-channels.js";

/**
 * Delivery of a run's text. An action names channels by the name the owner has them under in
 * config (`channels: ["ops", "phone"]`); `inbox` is built in and always on: it is the run's own result.
 */

export const INBOX = "inbox";

export interface ResolvedChannel {
  name: string;
  target: OwnedTarget;
}

/**
 * Checked before any work, so a channel the owner no longer has (the config changed since the
 * task was created) fails the run at once, naming the owner's channels and no one else's.
 */
export function resolveChannels(refs: readonly string[] | undefined, owned: ReadonlyMap<string, OwnedTarget>): ResolvedChannel[] {
  const names = [...new Set(refs ?? [])].filter((n) => n !== INBOX);
  const unknown = names.filter((n) => !owned.has(n));
  if (unknown.length > 0) {
    const known = [INBOX, ...owned.keys()].join(", ");
    throw new ActionFailure(`unknown channel ${unknown.map((n) => `"${n}"`).join(", ")}: the task owner's channels are ${known}`, { permanent: true });
  }
  return names.map((name) => ({ name, target: owned.get(name)! }));
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
    case "desktop":
      return sendDesktop(name, target, delivery, deps);
    default:
      return target satisfies never;
  }
}

export interface ChannelFailure {
  name: string;
  err: ActionFailure;
  /** `"phone" (ntfy): …`, for a run's error message. */
  text: string;
}

/** Sends to every channel at once, one failure stopping none of the others. */
export async function sendEach(channels: ResolvedChannel[], delivery: Delivery, deps: ChannelDeps): Promise<{ sent: string[]; failures: ChannelFailure[] }> {
  const results = await Promise.allSettled(channels.map((c) => sendTo(c, delivery, deps)));
  const sent = channels.filter((_, i) => results[i]!.status === "fulfilled").map((c) => c.name);
  const failures = results.flatMap((r, i) => {
    if (r.status === "fulfilled") return [];
    const err = r.reason instanceof ActionFailure ? r.reason : new ActionFailure(String(r.reason), { permanent: false });
    const { name, target } = channels[i]!;
    return [{ name, err, text: `"${name}" (${target.type}): ${err.message}` }];
  });
  return { sent, failures };
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
  const { sent, failures } = await sendEach(
    channels.filter((c) => !done.has(c.name)),
    delivery,
    deps,
  );
  for (const name of sent) done.add(name);
  const delivered = channels.filter((c) => done.has(c.name)).map((c) => c.name);
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
