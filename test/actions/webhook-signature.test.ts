import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { memoryReplayCache, signWebhook, verifyWebhook } from "../../src/actions/channels/webhook-signature.js";

const SECRET = "whsec-test-91c4e7a2b3";
const BODY = JSON.stringify({ task_id: "job_1", text: "hello" });
const SENT = Date.parse("2026-03-17T08:00:00Z");

describe("webhook signatures (Standard Webhooks)", () => {
  it("signs id.timestamp.body with HMAC-SHA256, base64, as v1", () => {
    const h = signWebhook(SECRET, "job_1:2026-03-17T08:00:00.000Z", BODY, SENT);
    expect(h["webhook-timestamp"]).toBe(String(SENT / 1000));
    const mac = createHmac("sha256", SECRET)
      .update(`job_1:2026-03-17T08:00:00.000Z.${SENT / 1000}.${BODY}`)
      .digest("base64");
    expect(h["webhook-signature"]).toBe(`v1,${mac}`);
  });

  it("reads a whsec_ secret as base64 bytes, as the standard's libraries do", () => {
    const key = Buffer.from("0123456789abcdef0123456789abcdef");
    const secret = `whsec_${key.toString("base64")}`;
    const h = signWebhook(secret, "msg_1", BODY, SENT);
    const mac = createHmac("sha256", key)
      .update(`msg_1.${SENT / 1000}.${BODY}`)
      .digest("base64");
    expect(h["webhook-signature"]).toBe(`v1,${mac}`);
  });

  it("verifies a fresh delivery, with any header casing and within the tolerance either way", () => {
    const h = signWebhook(SECRET, "msg_1", BODY, SENT);
    const upper = Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verifyWebhook(SECRET, upper, BODY, SENT + 299_000, 300)).toEqual({ ok: true, id: "msg_1", timestamp: SENT / 1000 });
    expect(verifyWebhook(SECRET, new Headers(h), Buffer.from(BODY), SENT - 299_000, 300).ok).toBe(true);
  });

  it("refuses a tampered body, id or timestamp, and a wrong secret", () => {
    const h = signWebhook(SECRET, "msg_1", BODY, SENT);
    expect(verifyWebhook(SECRET, h, BODY.replace("hello", "hellO"), SENT)).toEqual({ ok: false, reason: "bad_signature" });
    expect(verifyWebhook(SECRET, { ...h, "webhook-id": "msg_2" }, BODY, SENT)).toEqual({ ok: false, reason: "bad_signature" });
    expect(verifyWebhook(SECRET, { ...h, "webhook-timestamp": String(SENT / 1000 + 1) }, BODY, SENT)).toEqual({ ok: false, reason: "bad_signature" });
    expect(verifyWebhook("another-secret", h, BODY, SENT)).toEqual({ ok: false, reason: "bad_signature" });
    expect(verifyWebhook(SECRET, { ...h, "webhook-signature": "v2,abc" }, BODY, SENT)).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("refuses a stale replay: the same signed delivery outside the tolerance window", () => {
    const h = signWebhook(SECRET, "msg_1", BODY, SENT);
    expect(verifyWebhook(SECRET, h, BODY, SENT + 301_000, 300)).toEqual({ ok: false, reason: "stale" });
    expect(verifyWebhook(SECRET, h, BODY, SENT - 301_000, 300)).toEqual({ ok: false, reason: "stale" });
    expect(verifyWebhook(SECRET, { ...h, "webhook-timestamp": "soon" }, BODY, SENT)).toEqual({ ok: false, reason: "bad_timestamp" });
    expect(verifyWebhook(SECRET, { "webhook-id": "msg_1" }, BODY, SENT)).toEqual({ ok: false, reason: "missing_headers" });
  });

  it("with a replay cache, refuses the same delivery twice inside the window but accepts a retry (same id, new timestamp)", () => {
    const cache = memoryReplayCache();
    const h = signWebhook(SECRET, "msg_1", BODY, SENT);
    expect(verifyWebhook(SECRET, h, BODY, SENT, 300, cache).ok).toBe(true);
    expect(verifyWebhook(SECRET, h, BODY, SENT + 10_000, 300, cache)).toEqual({ ok: false, reason: "replayed" });
    const retry = signWebhook(SECRET, "msg_1", BODY, SENT + 30_000);
    expect(verifyWebhook(SECRET, retry, BODY, SENT + 30_000, 300, cache)).toMatchObject({ ok: true, id: "msg_1" });
  });

  it("accepts any matching entry of a space-separated list (key rotation)", () => {
    const h = signWebhook(SECRET, "msg_1", BODY, SENT);
    const old = signWebhook("old-secret-123", "msg_1", BODY, SENT)["webhook-signature"];
    expect(verifyWebhook(SECRET, { ...h, "webhook-signature": `${old} ${h["webhook-signature"]}` }, BODY, SENT).ok).toBe(true);
  });
});
