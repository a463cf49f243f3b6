import type { ChannelTarget } from "../config.js";
import { readSecret } from "../secrets.js";
import type { ChannelSender } from "./channel.js";
import { signWebhook } from "./webhook-signature.js";

type WebhookTarget = Extract<ChannelTarget, { type: "webhook" }>;

/**
 * POSTs `{task_id, scheduled_at, idempotency_key, text, data}`, signed per Standard Webhooks
 * (webhook-signature.ts) at the moment of sending. A retry sends the same `webhook-id` and
 * `Idempotency-Key` (the run's idempotency key), so the receiver can drop the duplicate.
 */
export const sendWebhook: ChannelSender<WebhookTarget> = async (name, target, { text, data, ctx }, deps) => {
  const secret = readSecret(deps.env, target.secret_env, `channel "${name}"`);
  const body = JSON.stringify({
    task_id: ctx.jobId,
    scheduled_at: new Date(ctx.scheduledAt).toISOString(),
    idempotency_key: ctx.idempotencyKey,
    text,
    data: data ?? null,
  });
  await deps.outbound.request(target.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent": "duely (webhook)",
      "idempotency-key": ctx.idempotencyKey,
      ...signWebhook(secret, ctx.idempotencyKey, body, ctx.now()),
    },
    body,
    signal: ctx.signal,
    now: ctx.now,
  });
};
