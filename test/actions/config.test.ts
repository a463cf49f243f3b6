import { describe, expect, it } from "vitest";
import { ActionsConfig } from "../../src/actions/config.js";

describe("actions config", () => {
  it("defaults to the offline summarizer, default topic feeds, a closed network policy and no channels", () => {
    const config = ActionsConfig.parse({});
    expect(config.summarizer).toEqual({ provider: "none" });
    expect(config.http).toEqual({ allow_private: false, allow_loopback: false, allow_hosts: [], timeout_ms: 15_000, max_bytes: 2_097_152, max_redirects: 3 });
    expect(Object.keys(config.feeds.topics)).toContain("finance");
    expect(config.channels).toEqual({});
  });

  it("fills provider defaults", () => {
    const config = ActionsConfig.parse({ summarizer: { provider: "anthropic", model: "claude-test" } });
    expect(config.summarizer).toEqual({
      provider: "anthropic",
      model: "claude-test",
      api_key_env: "ANTHROPIC_API_KEY",
      max_input_chars: 24_000,
      max_output_tokens: 1_000,
      timeout_ms: 60_000,
    });
  });

  it.each([
    ["a channel named inbox", { channels: { inbox: { type: "slack", url: "https://hooks.slack.test/x" } } }],
    ["an upper-case channel name", { channels: { Ops: { type: "slack", url: "https://hooks.slack.test/x" } } }],
    ["a secret written in place of its variable name", { channels: { ops: { type: "webhook", url: "https://h.test/", secret_env: "whsec 123" } } }],
    ["a literal secret field", { channels: { ops: { type: "webhook", url: "https://h.test/", secret: "x", secret_env: "X" } } }],
    ["a non-HTTP channel URL", { channels: { ops: { type: "ntfy", url: "file:///etc/passwd" } } }],
    ["an SMTP user without a password variable", { channels: { m: { type: "email", to: "a@b.test", from: "c@b.test", smtp: { host: "h", user: "u" } } } }],
    ["a header-injecting address", { channels: { m: { type: "email", to: "a@b.test\r\nBcc: x@y.test", from: "c@b.test", smtp: { host: "h" } } } }],
    ["a topic keyword with capitals", { feeds: { topics: { Finance: ["https://f.test/rss"] } } }],
    ["an unknown provider", { summarizer: { provider: "gemini", model: "m" } }],
  ])("rejects %s", (_, input) => {
    expect(ActionsConfig.safeParse(input).success).toBe(false);
  });
});
