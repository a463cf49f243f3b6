import { networkInterfaces } from "node:os";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { staticTokenVerifier } from "../../src/adapters/auth/static-tokens.js";
import { type HttpServerHandle, startHttpServer } from "../../src/mcp/http.js";
import { openHarness } from "../support/engine-harness.js";
import { apiOf, ok, rawPost } from "./support.js";

const SECRET = "5".repeat(64);
const TOKEN = "token-for-ci-0123456789";

/** An address of this machine that is not loopback: a request to it comes from a non-loopback peer. */
const external = Object.values(networkInterfaces())
  .flat()
  .find((a) => a?.family === "IPv4" && !a.internal)?.address;

describe("the local service's auth: the secret from this machine only, static tokens from anywhere", () => {
  let harness: Awaited<ReturnType<typeof openHarness>>;
  let server: HttpServerHandle;

  beforeAll(async () => {
    harness = await openHarness("2026-03-01T12:00:00Z");
    const remote = staticTokenVerifier({ [TOKEN]: "ci" });
    server = await startHttpServer({
      api: apiOf(harness.engine),
      timezone: "UTC",
      host: "0.0.0.0",
      port: 0,
      allowedHosts: external ? [external] : [],
      auth: { kind: "local", loopback: staticTokenVerifier({ [SECRET]: "me" }, remote), remote },
    });
  });
  afterAll(async () => {
    await server.close();
    await harness.close();
  });

  const at = (host: string) => server.url.replace(/^http:\/\/[^/]+/, `http://${host}:${new URL(server.url).port}`);

  test("from loopback the secret acts as the configured owner", async () => {
    const client = new Client({ name: "duely-e2e-local", version: "0" });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(at("127.0.0.1")), { requestInit: { headers: { Authorization: `Bearer ${SECRET}` } } }));
      const created = await ok(client, "task_create_v1", { title: "Mine", action: { type: "notify", message: "x" }, when: "every day at 9am" });
      expect((await harness.engine.jobs.get("me", (created.task as { id: string }).id)).job.owner).toBe("me");
    } finally {
      await client.close();
    }
    expect((await rawPost(at("127.0.0.1"), { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await rawPost(at("127.0.0.1"), { authorization: `Bearer ${"0".repeat(64)}` })).status).toBe(401);
    expect((await rawPost(at("127.0.0.1"), {})).status).toBe(401);
  });

  test.skipIf(external === undefined)("from another address the secret is refused and a static token still works", async () => {
    const refused = await rawPost(at(external!), { authorization: `Bearer ${SECRET}` });
    expect(refused.status).toBe(401);
    expect(refused.headers["www-authenticate"]).toMatch(/invalid_token/);
    expect((await rawPost(at(external!), { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });
});
