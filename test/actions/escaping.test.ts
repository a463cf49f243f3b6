import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cutEscaped, escapeSlack } from "../../src/actions/channels/slack-text.js";
import { testConfig, testContext, testRunner } from "./support/context.js";
import { startFeedServer } from "./support/feed-server.js";
import { startServer, type TestServer } from "./support/http-server.js";
import { startSmtpServer, type TestSmtpServer } from "./support/smtp-server.js";

let feeds: TestServer;
let slack: TestServer;
let smtp: TestSmtpServer;
beforeAll(async () => {
  [feeds, slack, smtp] = await Promise.all([
    startFeedServer(),
    startServer((_req, res) => {
      res.writeHead(200).end("ok");
    }),
    startSmtpServer(),
  ]);
});
afterAll(() => Promise.all([feeds.close(), slack.close(), smtp.close()]));

const runner = () =>
  testRunner(
    testConfig({
      channels: {
        team: { type: "slack", url: `${slack.origin}/services/T0/B0/hook` },
        mail: { type: "email", to: "owner@example.test", from: "duely@example.test", smtp: { host: "127.0.0.1", port: smtp.port } },
      },
    }),
    {},
  );
const hostileDigest = () =>
  runner().run(
    { type: "summarize", topic: "finance", feeds: [`${feeds.origin}/feeds/hostile.rss.xml`], length: "medium", channels: ["team", "mail"] },
    testContext(),
  );
const slackText = () => (JSON.parse(slack.requests.at(-1)!.body) as { text: string }).text;

/** Every Slack control sequence an attacker could want: mentions, broadcasts, disguised links. */
const SLACK_CONTROLS = /<!channel|<!here|<!everyone|<!subteam|<@U|<#C|<https?:/;

describe("untrusted text reaching channels", () => {
  it("keeps feed titles' own links out of the offline digest: the only links are the items'", async () => {
    const result = await hostileDigest();
    expect(result.text).not.toContain("evil.example");
    expect(result.text).toContain("https://news.example/hostile/1");
  });

  it("escapes Slack mentions, broadcasts and disguised links that double-escaped feed entities decode to", async () => {
    const before = slack.requests.length;
    await hostileDigest();
    expect(slack.requests.length).toBe(before + 1);
    const text = slackText();
    expect(text).not.toMatch(SLACK_CONTROLS);
    expect(text).not.toMatch(/[<>]/);
    expect(text).toContain("&lt;!channel&gt;");
    expect(text).toContain("&lt;!here|here&gt;");
  });

  it("escapes a reminder's own text for Slack, ampersands first", async () => {
    await runner().run(
      { type: "notify", message: "ship it <!channel> <@U024BE7LH> <https://evil.example|docs> &amp; done", channels: ["team"] },
      testContext(),
    );
    expect(slackText()).toBe("ship it &lt;!channel&gt; &lt;@U024BE7LH&gt; &lt;https://evil.example|docs&gt; &amp;amp; done");
  });

  it("sends email as text/plain only, so no feed text is ever read as HTML", async () => {
    await hostileDigest();
    const raw = smtp.mails.at(-1)!.raw;
    expect(raw).toMatch(/content-type: text\/plain/i);
    expect(raw).not.toMatch(/text\/html/i);
  });

  it("cuts escaped text without leaving half an entity", () => {
    expect(cutEscaped(escapeSlack("a<b"), 4)).toBe("a");
    expect(cutEscaped(escapeSlack("a<b"), 5)).toBe("a&lt;");
  });
});
