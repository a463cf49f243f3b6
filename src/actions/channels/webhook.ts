import { createHmac } from "node:crypto";
import type { ChannelTarget } from "../config.js";
import { readSecret } from "../secrets.js";
import type { ChannelSender } from "./channel.js";

type WebhookTarget = Extract<ChannelTarget, { type: "webhook" }>;

/** `sha256=<hex>`: HMAC-SHA256 of the exact body bytes, so a receiver verifies before parsing. */
export const signBody = (body: string, secret: string) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

/**
 * POSTs `{task_id, scheduled_at, idempotency_key, text, data}`. A retry sends the same
 * `Idempotency-Key`, so the receiver can drop the duplicate.
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
      "x-duely-signature": signBody(body, secret),
    },
    body,
    signal: ctx.signal,
    now: ctx.now,
  });
};
