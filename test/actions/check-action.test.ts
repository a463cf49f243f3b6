import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActionRunner } from "../../src/actions/runner.js";
import type { Engine } from "../../src/app/engine.js";
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
    createActionRunner(config, {}).check!(action);
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
    expect(() => runner.check!(summarize(["https://feeds.example.org/a.xml", "http://203.0.114.9/b.rss"]))).not.toThrow();
    expect(() => createActionRunner(testConfig(), {}).check!(summarize(["http://127.0.0.1:9/feed"]))).not.toThrow();
  });

  it("refuses a channel that is not configured, naming it and listing those that are", () => {
    const config = testConfig({ channels: { phone: { type: "ntfy", url: "https://ntfy.example/t" } } });
    const e = refusal({ type: "notify", message: "hi", channels: ["inbox", "phnoe"] }, config);
    expect(e).toMatchObject({ code: "invalid_argument", field: "action.channels.1", expected: "one of inbox, phone" });
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
