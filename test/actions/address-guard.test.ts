import { describe, expect, it } from "vitest";
import { assertLiteralAllowed, assertTargetAllowed, classifyAddress, guardedLookup, RefusedAddressError, urlTarget } from "../../src/actions/address-guard.js";
import { HttpPolicy } from "../../src/actions/config.js";
import { embeddedIPv4 } from "../../src/actions/embedded-ipv4.js";
import { createOutbound } from "../../src/actions/http.js";
import { ActionFailure } from "../../src/ports/action.js";

describe("IPv6 addresses that embed an IPv4 address are judged by it", () => {
  it.each([
    // ::ffff:0:0/96, IPv4-mapped, in both spellings
    ["::ffff:169.254.169.254", "link_local"],
    ["::ffff:a9fe:a9fe", "link_local"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:0:0", "unspecified"],
    // ::/96, IPv4-compatible
    ["::169.254.169.254", "link_local"],
    ["::a9fe:a9fe", "link_local"],
    ["::7f00:1", "loopback"],
    ["::a00:1", "private"],
    // 64:ff9b::/96, well-known NAT64
    ["64:ff9b::169.254.169.254", "link_local"],
    ["64:ff9b::a00:1", "private"],
    // 64:ff9b:1::/48, local-use NAT64: the /48 layout and the /96 layout
    ["64:ff9b:1:a9fe:a9:fe00::", "link_local"],
    ["64:ff9b:1::a9fe:a9fe", "link_local"],
    ["64:ff9b:1:7f00:0:100::", "loopback"],
    // 2002::/16, 6to4
    ["2002:a9fe:a9fe::1", "link_local"],
    ["2002:c0a8:101::", "private"],
    ["2002:7f00:1::", "loopback"],
  ])("classifies %s as %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each([
    ["::ffff:8.8.8.8", "public"],
    ["64:ff9b::808:808", "public"],
    ["2002:808:808::1", "public"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    // local-use NAT64 is never a public destination
    ["64:ff9b:1:808:8:800::", "private"],
    // site-local (fec0::/10), deprecated but still routed inside some networks, and its edges
    ["fec0::1", "private"],
    ["feff:ffff::1", "private"],
    ["febf:ffff::1", "link_local"],
    ["ff00::1", "reserved"],
  ])("keeps %s %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it("reads both layouts of the local-use NAT64 prefix", () => {
    expect(embeddedIPv4("64:ff9b:1:a9fe:a9:fe00::")).toEqual(["169.254.169.254"]);
    expect(embeddedIPv4("64:ff9b:1:1:2:3:a9fe:a9fe")).toEqual(["169.254.169.254"]);
    expect(embeddedIPv4("2001:db8::1")).toEqual([]);
  });

  it("refuses a metadata address written as 6to4 or NAT64 before connecting, even with private and loopback allowed", async () => {
    const outbound = createOutbound(HttpPolicy.parse({ allow_private: true, allow_loopback: true }));
    for (const host of ["[2002:a9fe:a9fe::1]", "[64:ff9b:1::a9fe:a9fe]", "[::a9fe:a9fe]"]) {
      const err = await outbound.request(`http://${host}/latest/meta-data/`, { signal: new AbortController().signal, now: () => 0 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ActionFailure);
      expect((err as ActionFailure).message).toMatch(/link-local address/);
      expect((err as ActionFailure).permanent).toBe(true);
    }
  });
});

describe("the outbound address policy", () => {
  const policy = (p: Partial<HttpPolicy> = {}): HttpPolicy => HttpPolicy.parse(p);
  const lookup = (hostname: string, p: HttpPolicy, all: boolean, port = 80) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) =>
      guardedLookup({ hostname, port }, p)(hostname, { all }, (err, address, family) => resolve({ err, address, ...(family !== undefined && { family }) })),
    );

  it("refuses what is not an IP address to classify", () => {
    expect(() => classifyAddress("example.org")).toThrow(/not an IP address: example.org/);
  });

  it("lets a public address through, and hands back the one address, or all of them when asked", async () => {
    expect(await lookup("8.8.8.8", policy(), false)).toEqual({ err: null, address: "8.8.8.8", family: 4 });
    expect(await lookup("8.8.8.8", policy(), true)).toEqual({ err: null, address: [{ address: "8.8.8.8", family: 4 }] });
  });

  it("refuses a private address unless private addresses are allowed, or the host is listed (any port, or its port only)", async () => {
    const at = (hostname: string, port: number, p: HttpPolicy) => () => assertLiteralAllowed({ hostname, port }, p);
    expect(at("10.0.0.7", 80, policy())).toThrow(RefusedAddressError);
    expect(at("10.0.0.7", 80, policy({ allow_private: true }))).not.toThrow();
    expect(at("10.0.0.7", 80, policy({ allow_hosts: ["10.0.0.7"] }))).not.toThrow();
    expect(at("10.0.0.7", 8080, policy({ allow_hosts: ["10.0.0.7:8080"] }))).not.toThrow();
    expect(at("10.0.0.7", 80, policy({ allow_hosts: ["10.0.0.7:8080"] }))).toThrow(/private address \(10\.0\.0\.7\)/);
    // Loopback is its own switch: allowing private addresses does not allow it.
    expect(at("127.0.0.1", 80, policy({ allow_private: true }))).toThrow(/loopback address/);
    expect(at("[::1]", 80, policy({ allow_loopback: true }))).not.toThrow();
    expect(at("[::1]", 80, policy())).toThrow(/refused to connect to \[::1\]: it resolves to a loopback address \(::1\)/);
  });

  it("matches a listed host whatever its case, since URL host names are lower case", async () => {
    const { err } = await lookup("localhost", policy({ allow_hosts: ["LOCALHOST"] }), true);
    expect(err).toBeNull();
    expect((await lookup("localhost", policy(), true)).err).toBeInstanceOf(RefusedAddressError);
  });

  it("passes a failed lookup's error on untouched", async () => {
    const { err } = await lookup("no-such-host.invalid", policy(), false);
    expect(err).not.toBeInstanceOf(RefusedAddressError);
    expect(err?.code).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });

  it("checks a target for clients that dial on their own: a literal at once, a name by resolving it", async () => {
    await expect(assertTargetAllowed({ hostname: "8.8.8.8", port: 25 }, policy())).resolves.toBeUndefined();
    // A refused literal throws at the call (callers await it inside an async function).
    expect(() => assertTargetAllowed({ hostname: "127.0.0.1", port: 25 }, policy())).toThrow(/loopback address/);
    await expect(assertTargetAllowed({ hostname: "localhost", port: 25 }, policy())).rejects.toThrow(
      /refused to connect to localhost: it resolves to a loopback address/,
    );
    await expect(assertTargetAllowed({ hostname: "localhost", port: 25 }, policy({ allow_loopback: true }))).resolves.toBeUndefined();
    // An allowed IPv6 literal is dialled as written: not handed to DNS, which cannot resolve "[::1]".
    await expect(assertTargetAllowed({ hostname: "[::1]", port: 25 }, policy({ allow_loopback: true }))).resolves.toBeUndefined();
  });

  it("takes a URL's target as the host name in lower case and the port dialled, the scheme's own when none is written", async () => {
    expect(urlTarget(new URL("https://Example.ORG/feed"))).toEqual({ hostname: "example.org", port: 443 });
    expect(urlTarget(new URL("http://Example.ORG/feed"))).toEqual({ hostname: "example.org", port: 80 });
    expect(urlTarget(new URL("https://example.org:8443/feed"))).toEqual({ hostname: "example.org", port: 8443 });
    expect(urlTarget(new URL("http://[::1]:8080/"))).toEqual({ hostname: "[::1]", port: 8080 });
    // So a host listed with the scheme's port matches a URL that does not write it.
    const listed = policy({ allow_hosts: ["10.0.0.7:443"] });
    expect(() => assertLiteralAllowed(urlTarget(new URL("https://10.0.0.7/")), listed)).not.toThrow();
    expect(() => assertLiteralAllowed(urlTarget(new URL("http://10.0.0.7/")), listed)).toThrow(RefusedAddressError);
  });
});
