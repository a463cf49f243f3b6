import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyAddress } from "../../src/actions/address-guard.js";
import { HttpPolicy } from "../../src/actions/config.js";
import { createOutbound, parseRetryAfter } from "../../src/actions/http.js";
import { ActionFailure } from "../../src/ports/action.js";
import { NOW, rejection, testContext } from "./support/context.js";
import { startServer, type TestServer } from "./support/http-server.js";

const loopbackOk = HttpPolicy.parse({ allow_loopback: true });
const strict = HttpPolicy.parse({});

function send(policy: HttpPolicy, url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}, ctx = testContext()) {
  return createOutbound(policy).request(url, { ...init, signal: ctx.signal, now: ctx.now });
}

async function failureOf(promise: Promise<unknown>): Promise<ActionFailure> {
  const err = await rejection(promise);
  expect(err).toBeInstanceOf(ActionFailure);
  return err as ActionFailure;
}

let server: TestServer;
let other: TestServer;
let hang: () => void = () => {};

beforeAll(async () => {
  other = await startServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ authorization: req.headers.authorization ?? null }));
  });
  server = await startServer((req, res) => {
    const path = req.url;
    const chain = /^\/chain\/(\d+)$/.exec(path);
    if (chain) {
      const left = Number(chain[1]);
      res.writeHead(302, { location: left > 0 ? `/chain/${left - 1}` : "/ok" });
      res.end();
      return;
    }
    switch (path) {
      case "/ok":
        res.end("hello");
        return;
      case "/to-metadata":
        res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
        res.end();
        return;
      case "/to-private":
        res.writeHead(307, { location: "http://10.0.0.1/internal" });
        res.end();
        return;
      case "/to-other":
        res.writeHead(307, { location: `${other.origin}/echo` });
        res.end();
        return;
      case "/to-ftp":
        res.writeHead(302, { location: "ftp://127.0.0.1/file" });
        res.end();
        return;
      case "/see-other":
        res.writeHead(303, { location: "/ok" });
        res.end();
        return;
      case "/big":
        res.writeHead(200, { "content-length": "5000" });
        res.end("x".repeat(5000));
        return;
      case "/big-chunked":
        res.writeHead(200);
        for (let i = 0; i < 10; i++) res.write("y".repeat(1000));
        res.end();
        return;
      case "/429-seconds":
        res.writeHead(429, { "retry-after": "120" });
        res.end();
        return;
      case "/503-date":
        res.writeHead(503, { "retry-after": new Date(NOW + 90_000).toUTCString() });
        res.end();
        return;
      case "/500":
        res.writeHead(500);
        res.end();
        return;
      case "/404":
        res.writeHead(404);
        res.end();
        return;
      case "/hang":
        hang = () => res.end("too late");
        return;
      default:
        res.writeHead(404);
        res.end();
    }
  });
});

afterAll(async () => {
  hang();
  await Promise.all([server.close(), other.close()]);
});

describe("address classes", () => {
  it.each([
    ["8.8.8.8", "public"],
    ["2606:4700::1111", "public"],
    ["127.0.0.1", "loopback"],
    ["::1", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.5.4", "private"],
    ["192.168.1.1", "private"],
    ["fd12:3456::1", "private"],
    ["::ffff:10.0.0.1", "private"],
    ["169.254.169.254", "link_local"],
    ["fe80::1", "link_local"],
    ["fd00:ec2::254", "link_local"],
    ["64:ff9b::a9fe:a9fe", "link_local"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["224.0.0.1", "reserved"],
  ])("classifies %s as %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});

describe("the address guard", () => {
  it("refuses a loopback target when loopback is not allowed, before connecting", async () => {
    const before = server.requests.length;
    const failure = await failureOf(send(strict, `${server.origin}/ok`));
    expect(failure.permanent).toBe(true);
    expect(failure.message).toMatch(/loopback address \(127\.0\.0\.1\)/);
    expect(server.requests.length).toBe(before);
  });

  it("refuses a name that resolves to loopback (checked in the socket's lookup)", async () => {
    const before = server.requests.length;
    const failure = await failureOf(send(strict, `http://localhost:${server.port}/ok`));
    expect(failure.permanent).toBe(true);
    expect(failure.message).toMatch(/loopback/);
    expect(server.requests.length).toBe(before);
  });

  it("refuses private and metadata addresses before any connection, whatever else is allowed", async () => {
    expect((await failureOf(send(loopbackOk, "http://10.0.0.1/feed.xml"))).message).toMatch(/private address/);
    const everything = HttpPolicy.parse({ allow_loopback: true, allow_private: true });
    const metadata = await failureOf(send(everything, "http://169.254.169.254/latest/meta-data/"));
    expect(metadata.permanent).toBe(true);
    expect(metadata.message).toMatch(/link-local address/);
    expect((await failureOf(send(everything, "http://[::ffff:169.254.169.254]/"))).message).toMatch(/link-local/);
    expect((await failureOf(send(everything, "http://0.0.0.0:1/"))).message).toMatch(/unspecified/);
  });

  it("lets a host listed in allow_hosts through while loopback stays closed to others", async () => {
    const listed = HttpPolicy.parse({ allow_hosts: [`127.0.0.1:${server.port}`] });
    const res = await send(listed, `${server.origin}/ok`);
    expect(res.body.toString()).toBe("hello");
    await failureOf(send(listed, `${other.origin}/echo`));
  });

  it("refuses URLs other than http and https", async () => {
    expect((await failureOf(send(loopbackOk, "file:///etc/passwd"))).permanent).toBe(true);
  });
});

describe("redirects", () => {
  it("follows up to three redirects, checking each hop", async () => {
    const before = server.requests.length;
    const res = await send(loopbackOk, `${server.origin}/chain/2`);
    expect(res.body.toString()).toBe("hello");
    expect(res.url).toBe(`${server.origin}/ok`);
    expect(server.requests.length - before).toBe(4);
  });

  it("refuses a fourth redirect", async () => {
    const failure = await failureOf(send(loopbackOk, `${server.origin}/chain/3`));
    expect(failure.permanent).toBe(true);
    expect(failure.message).toMatch(/more than 3 redirects/);
  });

  it("refuses a redirect to the metadata address or a private one, without following it", async () => {
    const metadata = await failureOf(send(loopbackOk, `${server.origin}/to-metadata`));
    expect(metadata.permanent).toBe(true);
    expect(metadata.message).toMatch(/169\.254\.169\.254/);
    const privateHop = await failureOf(send(loopbackOk, `${server.origin}/to-private`, { method: "POST", body: "{}" }));
    expect(privateHop.message).toMatch(/10\.0\.0\.1/);
  });

  it("refuses a redirect to a non-HTTP scheme", async () => {
    expect((await failureOf(send(loopbackOk, `${server.origin}/to-ftp`))).message).toMatch(/non-HTTP/);
  });

  it("drops credentials when a redirect leaves the origin", async () => {
    const res = await send(loopbackOk, `${server.origin}/to-other`, { method: "POST", headers: { authorization: "Bearer sk-secret" }, body: "{}" });
    expect(JSON.parse(res.body.toString())).toEqual({ authorization: null });
  });

  it("continues a 303 as a GET without the body", async () => {
    const before = server.requests.length;
    await send(loopbackOk, `${server.origin}/see-other`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"a":1}' });
    const followed = server.requests[before + 1]!;
    expect(followed).toMatchObject({ method: "GET", url: "/ok", body: "" });
    expect(followed.headers["content-type"]).toBeUndefined();
  });
});

describe("limits and status mapping", () => {
  const small = HttpPolicy.parse({ allow_loopback: true, max_bytes: 4096 });

  it("refuses a body over the cap, declared or streamed", async () => {
    expect((await failureOf(send(small, `${server.origin}/big`))).message).toMatch(/over 4096 bytes/);
    const streamed = await failureOf(send(small, `${server.origin}/big-chunked`));
    expect(streamed.permanent).toBe(true);
    expect(streamed.message).toMatch(/over 4096 bytes/);
  });

  it("maps 429 with Retry-After seconds to a retryable failure with that delay", async () => {
    const failure = await failureOf(send(loopbackOk, `${server.origin}/429-seconds`));
    expect(failure).toMatchObject({ permanent: false, retryAfterMs: 120_000 });
  });

  it("reads a Retry-After HTTP date against the injected clock", async () => {
    const failure = await failureOf(send(loopbackOk, `${server.origin}/503-date`));
    expect(failure).toMatchObject({ permanent: false, retryAfterMs: 90_000 });
    expect(parseRetryAfter("garbage", NOW)).toBeUndefined();
  });

  it("maps 5xx to retryable and other 4xx to permanent", async () => {
    expect(await failureOf(send(loopbackOk, `${server.origin}/500`))).toMatchObject({ permanent: false, retryAfterMs: undefined });
    expect((await failureOf(send(loopbackOk, `${server.origin}/404`))).permanent).toBe(true);
  });

  it("maps a refused connection to retryable", async () => {
    const closed = await startServer(() => {});
    await closed.close();
    const failure = await failureOf(send(loopbackOk, `${closed.origin}/`));
    expect(failure.permanent).toBe(false);
    expect(failure.message).toMatch(/ECONNREFUSED/);
  });

  it("stops when the run's signal aborts, as retryable", async () => {
    const ctx = testContext();
    const pending = send(loopbackOk, `${server.origin}/hang`, {}, ctx);
    await expect.poll(() => server.requests.some((r) => r.url === "/hang")).toBe(true);
    ctx.controller.abort();
    const failure = await failureOf(pending);
    expect(failure.permanent).toBe(false);
    expect(failure.message).toMatch(/cancelled/);
  });

  it("times out as retryable", async () => {
    // The policy's own timer fires; the test does not wait on a clock of its own.
    const failure = await failureOf(send(HttpPolicy.parse({ allow_loopback: true, timeout_ms: 50 }), `${server.origin}/hang`));
    expect(failure.permanent).toBe(false);
    expect(failure.message).toMatch(/timed out after 50 ms/);
  });
});
