import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionsConfigInput } from "../../src/actions/config.js";
import { redact } from "../../src/actions/secrets.js";
import type { ActionFailure } from "../../src/ports/action.js";
import { rejection, testConfig, testContext, testRunner } from "./support/context.js";
import { startServer, type TestServer } from "./support/http-server.js";

/** Every request fails with 500, so each channel's URL ends up in a failure message if anything leaks it. */
let down: TestServer;
/** An SMTP server that refuses every login and, carelessly, quotes the credentials back. */
const smtp = new SMTPServer({
  allowInsecureAuth: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onAuth: (auth, _session, callback) => callback(Object.assign(new Error(`bad login ${auth.username}:${auth.password}`), { responseCode: 535 })),
});
let smtpPort = 0;
beforeAll(async () => {
  down = await startServer((_req, res) => {
    res.writeHead(500).end("down");
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => Promise.all([down.close(), new Promise<void>((resolve) => smtp.close(() => resolve()))]));

const SMTP_PASS = "smtp-pass-5c1d9e77aa";
const HOOK_SECRET = "whsec-2b7c0f1e93";

async function failureThrough(channel: NonNullable<ActionsConfigInput["channels"]>[string]): Promise<string> {
  const runner = testRunner(testConfig({ channels: { c: channel } }), { HOOK_SECRET, SMTP_PASS });
  const err = (await rejection(runner.run({ type: "notify", message: "hello", channels: ["c"] }, testContext()))) as ActionFailure;
  return err.message;
}

describe("channel credentials never reach a run's error", () => {
  it("webhook: a token in the URL's path or query", async () => {
    const message = await failureThrough({ type: "webhook", url: `${down.origin}/hooks/T0KEN-wh-8841aa?sig=q9q9q9q9`, secret_env: "HOOK_SECRET" });
    expect(message).toMatch(/"c" \(webhook\)/);
    expect(message).toMatch(/HTTP 500/);
    expect(message).not.toMatch(/T0KEN-wh-8841aa|q9q9q9q9|whsec/);
  });

  it("slack: the incoming-webhook URL is the credential", async () => {
    const message = await failureThrough({ type: "slack", url: `${down.origin}/services/T000/B000/SLACKSECRET123` });
    expect(message).toMatch(/HTTP 500/);
    expect(message).not.toMatch(/SLACKSECRET123/);
  });

  it("ntfy: the topic, a token in the query, and a user:password", async () => {
    const topic = await failureThrough({ type: "ntfy", url: `${down.origin}/secret-topic-77ab?auth=tk_abcdef123456` });
    expect(topic).not.toMatch(/secret-topic-77ab|tk_abcdef123456/);
    const userinfo = await failureThrough({ type: "ntfy", url: `http://phone:ntfy-pass-0099@127.0.0.1:${down.port}/alerts-4f4f` });
    expect(userinfo).not.toMatch(/ntfy-pass-0099|alerts-4f4f/);
  });

  it("email: the SMTP password, on a refused login", async () => {
    const message = await failureThrough({
      type: "email",
      to: "a@example.test",
      from: "b@example.test",
      smtp: { host: "127.0.0.1", port: smtpPort, user: "duely", pass_env: "SMTP_PASS" },
    });
    expect(message).toMatch(/"c" \(email\).*535/);
    expect(message).not.toContain(SMTP_PASS);
  });

  it("one function scrubs configured secrets, URL userinfo and credential query parameters", () => {
    expect(redact("smtp://duely:hunter2hunter@mail.example:587 failed", [])).toBe("smtp://[redacted]@mail.example:587 failed");
    expect(redact("GET https://x.example/a?topic=1&access_token=abc.def&x=2", [])).toBe("GET https://x.example/a?topic=1&access_token=[redacted]&x=2");
    expect(redact("key sk-123456 here", ["sk-123456"])).toBe("key [redacted] here");
  });
});
