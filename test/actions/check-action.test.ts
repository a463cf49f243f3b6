import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OwnersConfig } from "../../src/actions/config.js";
import { channelDirectory } from "../../src/actions/owner-channels.js";
import { createActionRunner } from "../../src/actions/runner.js";
import type { Engine } from "../../src/app/engine/engine.js";
import { resolveConfig } from "../../src/config.js";
import type { Action } from "../../src/core/action-model.js";
import { openEngine } from "../../src/main.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { silentLogger } from "../../src/ports/logger.js";
import { apiOf, connect, fails } from "../e2e/support.js";
import { testConfig } from "./support/context.js";

const summarize = (feeds: string[]): Action => ({ type: "summarize", topic: "finance", feeds });

/** The DomainError `check` throws, as a plain object. */
function refusal(action: Action, config = testConfig({ http: { allow_loopback: false } })): Record<string, unknown> {
  try {
    createActionRunner(config, {}).check!(action, "owner_1");
  } catch (e) {
    return { ...(e as object), message: (e as Error).message };
  }
  throw new Error("expected a refusal");
}

describe("an action is checked when its task is created", () => {
  it.each([
    ["file:///etc/passwd", /uses file:/],
    ["javascript:alert(1)", /uses javascript:/],
    ["ftp://example.com/feed.xml", /uses ftp:/],
    ["http://169.254.169.254/latest/meta-data/", /link-local/],
    ["http://[::ffff:a9fe:a9fe]/", /link-local/],
    ["http://[2002:a9fe:a9fe::1]/", /link-local/],
    ["http://127.0.0.1:11434/api/tags", /loopback/],
    ["http://localhost:8080/feed", /loopback/],
    ["http://api.localhost/feed", /loopback/],
    ["http://10.0.0.7/feed.xml", /private/],
    ["http://0.0.0.0/", /unspecified/],
  ])("refuses the feed %s, naming the argument", (feed, why) => {
    const e = refusal(summarize(["https://feeds.example.org/ok.xml", feed]));
    expect(e).toMatchObject({ code: "invalid_argument", field: "action.feeds.1", expected: expect.stringMatching(/http:\/\/ or https:\/\//) });
    expect(e.message).toMatch(why);
  });

  it("accepts public http(s) feeds, and loopback ones when the operator allows loopback", () => {
    const runner = createActionRunner(testConfig({ http: { allow_loopback: false } }), {});
    expect(() => runner.check!(summarize(["https://feeds.example.org/a.xml", "http://203.0.114.9/b.rss"]), "owner_1")).not.toThrow();
    expect(() => createActionRunner(testConfig(), {}).check!(summarize(["http://127.0.0.1:9/feed"]), "owner_1")).not.toThrow();
  });

  it("refuses a channel the caller does not have, listing only the caller's own", () => {
    const config = testConfig({ channels: { ops: { type: "slack", url: "https://hooks.slack.example/T/B/opsSECRET" } } });
    const owners = OwnersConfig.parse({
      ann: { channels: { phone: { type: "ntfy", url: "https://ntfy.example/ann-topic" } } },
      bob: { channels: { pager: { type: "ntfy", url: "https://ntfy.example/bob-topic" } }, shared_channels: ["ops"] },
    });
    const runner = createActionRunner(config, {}, { channels: channelDirectory({ channels: config.channels, owners, operator: "root", desktop: false }) });
    const refused = (owner: string, channels: string[]) => {
      try {
        runner.check!({ type: "notify", message: "hi", channels }, owner);
      } catch (e) {
        return { ...(e as object), message: (e as Error).message };
      }
      throw new Error("expected a refusal");
    };
    expect(refused("bob", ["inbox", "phone"])).toMatchObject({ code: "invalid_argument", field: "action.channels.1", expected: "one of inbox, ops, pager" });
    expect(refused("ann", ["ops"])).toMatchObject({ field: "action.channels.0", expected: "one of inbox, phone" });
    expect(refused("root", ["phone"])).toMatchObject({ field: "action.channels.0", expected: "one of inbox" });
    expect(() => runner.check!({ type: "notify", message: "hi", channels: ["pager", "ops"] }, "bob")).not.toThrow();
    expect(() => runner.check!({ type: "notify", message: "hi", channels: ["phone"] }, "ann")).not.toThrow();
  });

  it("gives the operator the operator's channels no owner shares, and the desktop where there is one", () => {
    const config = testConfig({ channels: { ops: { type: "slack", url: "https://hooks.slack.example/T/B/opsSECRET" } } });
    const directory = channelDirectory({ channels: config.channels, owners: {}, operator: "root", desktop: true });
    expect([...directory.of("root").keys()]).toEqual(["ops", "desktop"]);
    expect([...directory.of("ann").keys()]).toEqual([]);
  });
});

describe("task_create_v1 with the configured actions", () => {
  let dir: string;
  let engine: Engine;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "duely-check-"));
    engine = await openEngine(resolveConfig({ store: { kind: "sqlite", path: join(dir, "duely.db") } }, {}), { roles: [], log: silentLogger, env: {} });
  });
  afterAll(async () => {
    await engine.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers invalid_argument on action.feeds.N and stores nothing", async () => {
    const client = await connect(createMcpServer({ api: apiOf(engine), owner: "alice", timezone: "UTC" }));
    for (const feed of ["file:///etc/passwd", "javascript:alert(1)", "http://169.254.169.254/"]) {
      const e = await fails(client, "task_create_v1", { title: "Digest", action: summarize([feed]), schedule: { type: "immediate" } }, "invalid_argument");
      expect(e.field).toBe("action.feeds.0");
    }
    expect((await engine.jobs.list("alice", { limit: 10 })).items).toEqual([]);
    await client.close();
  });
});
