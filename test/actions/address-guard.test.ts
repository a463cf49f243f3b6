import { describe, expect, it } from "vitest";
import { classifyAddress } from "../../src/actions/address-guard.js";
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
