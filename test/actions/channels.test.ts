import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionsConfigInput } from "../../src/actions/config.js";
import { ActionFailure } from "../../src/ports/action.js";
import { NOW, rejection, testConfig, testContext, testRunner } from "./support/context.js";
import { startFeedServer } from "./support/feed-server.js";
import { type Recorded, startServer, type TestServer } from "./support/http-server.js";
import { headerOf, startSmtpServer, type TestSmtpServer } from "./support/smtp-server.js";

const WEBHOOK_SECRET = "whsec-test-91c4e7a2b3";
const SMTP_PASS = "smtp-pass-test-58d1f0";
const env = { OPS_WEBHOOK_SECRET: WEBHOOK_SECRET, SMTP_PASS };

let receiver: TestServer;
let feeds: TestServer;
let smtp: TestSmtpServer;
/** Webhook deliveries the receiver accepted, by Idempotency-Key: a duplicate is acknowledged, not applied twice. */
const applied = new Map<string, Recorded>();

/** Standard Webhooks, written out by hand so the test does not trust the helper it also tests. */
function verified(req: Recorded): boolean {
  const [id, ts] = [String(req.headers["webhook-id"]), String(req.headers["webhook-timestamp"])];
  const expected = Buffer.from(`v1,${createHmac("sha256", WEBHOOK_SECRET).update(`${id}.${ts}.${req.body}`).digest("base64")}`);
  const given = Buffer.from(String(req.headers["webhook-signature"] ?? ""));
  return given.length === expected.length && timingSafeEqual(given, expected) && Math.abs(Number(ts) - NOW / 1000) <= 300;
}

beforeAll(async () => {
  [receiver, feeds, smtp] = await Promise.all([
    startServer((req, res) => {
      if (req.url === "/hook") {
        if (!verified(req)) {
          res.writeHead(401).end();
          return;
        }
        const key = String(req.headers["idempotency-key"]);
        const duplicate = applied.has(key);
        if (!duplicate) applied.set(key, req);
        res.writeHead(duplicate ? 200 : 201).end();
        return;
      }
      if (req.url === "/slack/T000/B000/XXXXSECRET") {
        res.writeHead(200).end("ok");
        return;
      }
      if (req.url === "/ntfy/duely-test") {
        res.writeHead(200).end("{}");
        return;
      }
      if (req.url === "/busy") {
        res.writeHead(503, { "retry-after": "45" }).end();
        return;
      }
      res.writeHead(404).end();
    }),
    startFeedServer(),
    startSmtpServer(),
  ]);
});
afterAll(() => Promise.all([receiver.close(), feeds.close(), smtp.close()]));

function channelsConfig(extra: ActionsConfigInput["channels"] = {}): ActionsConfigInput {
  return {
    channels: {
      ops: { type: "webhook", url: `${receiver.origin}/hook`, secret_env: "OPS_WEBHOOK_SECRET" },
      team: { type: "slack", url: `${receiver.origin}/slack/T000/B000/XXXXSECRET` },
      phone: { type: "ntfy", url: `${receiver.origin}/ntfy/duely-test` },
      mail: {
        type: "email",
        to: "owner@example.test",
        from: "Duely <duely@example.test>",
        smtp: { host: "127.0.0.1", port: smtp.port, secure: false, user: "duely", pass_env: "SMTP_PASS" },
      },
      busy: { type: "ntfy", url: `${receiver.origin}/busy` },
      ...extra,
    },
  };
}

const runner = (config: ActionsConfigInput = channelsConfig(), e: Record<string, string> = env) => testRunner(testConfig(config), e);
const requestsTo = (path: string) => receiver.requests.filter((r) => r.url === path);

describe("webhook", () => {
  it("posts the signed result with the run's idempotency key, and the same key on a retry", async () => {
    const ctx = testContext({ jobId: "job_hook", idempotencyKey: "job_hook:2026-03-17T08:00:00.000Z" });
    const first = await runner().run({ type: "notify", message: "Standup in 5 minutes", channels: ["ops"] }, ctx);
    const retry = await runner().run({ type: "notify", message: "Standup in 5 minutes", channels: ["ops"] }, { ...ctx, attempt: 2 });
    expect(first.data).toEqual({ delivered: ["inbox", "ops"] });
    expect(retry.data).toEqual({ delivered: ["inbox", "ops"] });

    const sent = requestsTo("/hook").filter((r) => r.headers["idempotency-key"] === ctx.idempotencyKey);
    expect(sent).toHaveLength(2);
    expect(sent.every(verified)).toBe(true);
    expect(sent[0]!.body).toBe(sent[1]!.body);
    expect(JSON.parse(sent[0]!.body)).toEqual({
      task_id: "job_hook",
      scheduled_at: "2026-03-17T08:00:00.000Z",
      idempotency_key: ctx.idempotencyKey,
      text: "Standup in 5 minutes",
      data: null,
    });
    expect(applied.get(ctx.idempotencyKey)).toBe(sent[0]);
  });

  it("carries a summarize run's digest and its structured data", async () => {
    const ctx = testContext({ idempotencyKey: "job_digest:2026-03-17T08:00:00.000Z" });
    const result = await runner().run({ type: "summarize", topic: "finance", feeds: [`${feeds.origin}/feeds/finance.rss.xml`], channels: ["ops"] }, ctx);
    const body = JSON.parse(applied.get(ctx.idempotencyKey)!.body) as { text: string; data: { kind: string; items: unknown[] } };
    expect(body.text).toBe(result.text);
    expect(body.data).toMatchObject({ kind: "extractive", items: (result.data as { items: unknown[] }).items });
  });

  it("fails permanently, sending nothing, when the secret's environment variable is unset", async () => {
    const before = requestsTo("/hook").length;
    const err = (await rejection(runner(channelsConfig(), {}).run({ type: "notify", message: "x", channels: ["ops"] }, testContext()))) as ActionFailure;
    expect(err.permanent).toBe(true);
    expect(err.message).toMatch(/OPS_WEBHOOK_SECRET is not set/);
    expect(requestsTo("/hook").length).toBe(before);
  });
});

describe("slack and ntfy", () => {
  it("posts {text} to the Slack incoming webhook", async () => {
    await runner().run({ type: "notify", message: "Deploy finished", channels: ["team"] }, testContext());
    const [req] = requestsTo("/slack/T000/B000/XXXXSECRET").slice(-1);
    expect(req!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(req!.body)).toEqual({ text: "Deploy finished" });
  });

  it("posts the text to the ntfy topic with a Title header, encoding non-ASCII titles", async () => {
    await runner().run({ type: "notify", message: "Water the plants\nThe balcony ones too", channels: ["phone"] }, testContext());
    await runner().run({ type: "summarize", topic: "économie", feeds: [`${feeds.origin}/feeds/tech.atom.xml`], channels: ["phone"] }, testContext());
    const [plain, encoded] = requestsTo("/ntfy/duely-test").slice(-2);
    expect(plain!.body).toBe("Water the plants\nThe balcony ones too");
    expect(plain!.headers.title).toBe("Water the plants");
    expect(encoded!.headers.title).toBe(`=?UTF-8?B?${Buffer.from("Digest: économie").toString("base64")}?=`);
  });
});

describe("email", () => {
  it("sends over SMTP with a Message-ID derived from the idempotency key", async () => {
    const ctx = testContext({ idempotencyKey: "job_mail:2026-03-17T08:00:00.000Z" });
    const result = await runner().run({ type: "notify", message: "Pay the electricity bill", channels: ["mail"] }, ctx);
    expect(result.data).toEqual({ delivered: ["inbox", "mail"] });
    const mail = smtp.mails.at(-1)!;
    expect(mail.from).toBe("duely@example.test");
    expect(mail.to).toEqual(["owner@example.test"]);
    expect(headerOf(mail.raw, "Message-ID")).toBe(`<${createHash("sha256").update(ctx.idempotencyKey).digest("hex")}@duely>`);
    expect(headerOf(mail.raw, "Subject")).toBe("Pay the electricity bill");
    expect(mail.raw).toContain("Pay the electricity bill");
  });

  it("fails retryably when the SMTP server cannot be reached", async () => {
    const closed = await startServer(() => {});
    await closed.close();
    const config = channelsConfig({
      down: { type: "email", to: "a@example.test", from: "b@example.test", smtp: { host: "127.0.0.1", port: closed.port, secure: false } },
    });
    const err = (await rejection(runner(config).run({ type: "notify", message: "x", channels: ["down"] }, testContext()))) as ActionFailure;
    expect(err.permanent).toBe(false);
    expect(err.message).toMatch(/"down" \(email\): .*SMTP/);
  });
});

describe("channel references", () => {
  it("refuses an unknown channel permanently, naming the configured ones, before fetching anything", async () => {
    const before = feeds.requests.length;
    const err = (await rejection(
      runner().run({ type: "summarize", topic: "finance", feeds: [`${feeds.origin}/feeds/finance.rss.xml`], channels: ["ops", "webhook:ops"] }, testContext()),
    )) as ActionFailure;
    expect(err).toBeInstanceOf(ActionFailure);
    expect(err.permanent).toBe(true);
    expect(err.message).toBe('unknown channel "webhook:ops": the task owner\'s channels are inbox, ops, team, phone, mail, busy');
    expect(feeds.requests.length).toBe(before);
  });

  it("treats inbox as always on and needing no delivery", async () => {
    const result = await runner().run({ type: "notify", message: "hi", channels: ["inbox"] }, testContext());
    expect(result).toEqual({ text: "hi", data: { delivered: ["inbox"] } });
  });

  it("delivers to the channels that work and fails retryably for the rest, with the server's delay", async () => {
    const ctx = testContext({ idempotencyKey: "job_partial:2026-03-17T08:00:00.000Z" });
    const err = (await rejection(runner().run({ type: "notify", message: "partial", channels: ["ops", "busy"] }, ctx))) as ActionFailure;
    expect(err).toMatchObject({ permanent: false, retryAfterMs: 45_000 });
    expect(err.message).toMatch(/^delivered to ops; delivery failed for "busy" \(ntfy\): .*HTTP 503/);
    expect(applied.has(ctx.idempotencyKey)).toBe(true);
  });

  it("refuses a configured target on a private address unless the policy allows it, sending nothing", async () => {
    const config = { ...channelsConfig({ lan: { type: "webhook", url: "http://10.0.0.1/hook", secret_env: "OPS_WEBHOOK_SECRET" } }) };
    const err = (await rejection(runner(config).run({ type: "notify", message: "x", channels: ["lan"] }, testContext()))) as ActionFailure;
    expect(err.permanent).toBe(true);
    expect(err.message).toMatch(/private address \(10\.0\.0\.1\)/);
  });
});

describe("secrets", () => {
  it("never appear in results, delivered payloads or failure messages", async () => {
    const secrets = [WEBHOOK_SECRET, SMTP_PASS, "XXXXSECRET"];
    const result = await runner().run({ type: "notify", message: "all channels", channels: ["ops", "team", "phone", "mail"] }, testContext());
    const failures = await Promise.all([
      rejection(runner().run({ type: "notify", message: "x", channels: ["team", "busy"] }, testContext())),
      rejection(
        runner(channelsConfig({ team: { type: "slack", url: `${receiver.origin}/slack/T000/B000/XXXXSECRET/gone` } })).run(
          { type: "notify", message: "x", channels: ["team"] },
          testContext(),
        ),
      ),
    ]);
    const seen = [
      JSON.stringify(result),
      ...failures.map((f) => (f as Error).message),
      ...receiver.requests.map((r) => r.body),
      ...smtp.mails.map((m) => m.raw),
    ].join("\n");
    for (const secret of secrets.slice(0, 2)) expect(seen).not.toContain(secret);
    expect(failures.map((f) => (f as Error).message).join("\n")).not.toContain("XXXXSECRET");
    expect((failures[1] as Error).message).toMatch(/"team" \(slack\): \[redacted\]/);
  });
});
