import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import type { HttpPolicy } from "./config.js";
import { embeddedIPv4 } from "./embedded-ipv4.js";

/**
 * Which outbound addresses the server may connect to. The check runs inside the socket's DNS
 * lookup, so the address that is checked is the address that is dialled: a name that resolves to
 * a public address when checked and to 169.254.169.254 when connecting (DNS rebinding) is refused.
 */

export type AddressClass = "public" | "loopback" | "private" | "link_local" | "unspecified" | "reserved";

function blockList(v4: string[], v6: string[]): BlockList {
  const list = new BlockList();
  for (const cidr of v4) list.addSubnet(cidr.split("/")[0]!, Number(cidr.split("/")[1]), "ipv4");
  for (const cidr of v6) list.addSubnet(cidr.split("/")[0]!, Number(cidr.split("/")[1]), "ipv6");
  return list;
}

const CLASSES: [AddressClass, BlockList][] = [
  ["unspecified", blockList(["0.0.0.0/8"], ["::/128"])],
  ["loopback", blockList(["127.0.0.0/8"], ["::1/128"])],
  // 169.254.169.254 and fd00:ec2::254 are the cloud metadata endpoints.
  ["link_local", blockList(["169.254.0.0/16"], ["fe80::/10", "fd00:ec2::254/128"])],
  // 64:ff9b:1::/48 is local-use NAT64 (RFC 8215): never a public destination, whatever it embeds.
  // fec0::/10 is site-local, deprecated (RFC 3879) but still routed inside some networks.
  ["private", blockList(["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10"], ["fc00::/7", "fec0::/10", "64:ff9b:1::/48"])],
  [
    "reserved",
    blockList(
      ["192.0.0.0/24", "192.0.2.0/24", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4"],
      ["ff00::/8", "2001:db8::/32", "100::/64"],
    ),
  ],
];

export function classifyAddress(address: string): AddressClass {
  const family = isIP(address);
  if (family === 0) throw new Error(`not an IP address: ${address}`);
  const type = family === 4 ? "ipv4" : "ipv6";
  const own = CLASSES.find(([, list]) => list.check(address, type))?.[0] ?? "public";
  // An address that embeds an IPv4 one is as refused as the worse of the two.
  const embedded = family === 6 ? embeddedIPv4(address).map(classifyAddress) : [];
  return [own, ...embedded].sort((x, y) => SEVERITY.indexOf(x) - SEVERITY.indexOf(y))[0]!;
}

/** Most refused first: link-local (metadata) before the classes an operator can allow. */
const SEVERITY: readonly AddressClass[] = ["link_local", "unspecified", "reserved", "loopback", "private", "public"];

/** Thrown when a target resolves to an address the policy does not allow; never retried. */
export class RefusedAddressError extends Error {
  constructor(host: string, address: string, kind: AddressClass) {
    super(`refused to connect to ${host}: it resolves to a ${kind.replace("_", "-")} address (${address})`);
    this.name = "RefusedAddressError";
  }
}

/** Where a connection goes: the name as written (IPv6 literals in brackets) and the port dialled. */
export interface Target {
  hostname: string;
  port: number;
}

/** An `allow_hosts` entry `host` matches any port; `host:port` only that port. */
const isListed = (t: Target, policy: HttpPolicy) => policy.allow_hosts.some((entry) => [t.hostname, `${t.hostname}:${t.port}`].includes(entry.toLowerCase()));

function isAllowedAddress(address: string, target: Target, policy: HttpPolicy): boolean {
  const kind = classifyAddress(address);
  const listed = isListed(target, policy);
  if (kind === "public") return true;
  if (kind === "loopback") return policy.allow_loopback || listed;
  if (kind === "private") return policy.allow_private || listed;
  return false;
}

// Stryker disable next-line Regex: a URL's or a socket's host name holds brackets only around a whole IPv6 literal, so anchoring either end changes no answer.
const unbracket = (hostname: string) => hostname.replace(/^\[|\]$/g, "");

/** Refuses an IP-literal hostname (sockets skip the lookup for those). Names are checked by `guardedLookup`. */
export function assertLiteralAllowed(target: Target, policy: HttpPolicy): void {
  const bare = unbracket(target.hostname);
  if (isIP(bare) !== 0 && !isAllowedAddress(bare, target, policy)) {
    throw new RefusedAddressError(target.hostname, bare, classifyAddress(bare));
  }
}

/** A socket `lookup` that resolves every address of the name and refuses if any is not allowed. */
export function guardedLookup(target: Target, policy: HttpPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, "");
      const refused = addresses.find((a) => !isAllowedAddress(a.address, target, policy));
      if (refused) return callback(new RefusedAddressError(hostname, refused.address, classifyAddress(refused.address)), "");
      const first = addresses[0];
      if (options.all) return callback(null, addresses);
      // Stryker disable next-line ConditionalExpression,ObjectLiteral: dns.lookup with `all` answers an empty list only with an ENOTFOUND error, handled above; kept for a lookup that breaks that.
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "");
      callback(null, first.address, first.family);
    });
  };
}

/**
 * For clients that dial on their own (nodemailer): resolve now and refuse like `guardedLookup`.
 * The client resolves again when it connects, so this is a check, not a pin; it is only used for
 * owner-configured hosts.
 */
export function assertTargetAllowed(target: Target, policy: HttpPolicy): Promise<void> {
  assertLiteralAllowed(target, policy);
  if (isIP(unbracket(target.hostname)) !== 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: `all` only shapes the answer, which is ignored here; every address is checked either way.
    guardedLookup(target, policy)(target.hostname, { all: true }, (err) => (err ? reject(err) : resolve()));
  });
}

/** The target of an http(s) URL. */
export const urlTarget = (url: URL): Target => ({
  hostname: url.hostname.toLowerCase(),
  port: url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80,
});
