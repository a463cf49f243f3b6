import { isIPv6 } from "node:net";

/**
 * IPv6 ranges that carry an IPv4 address inside them. A connection to one of these can reach
 * that IPv4 host (through the kernel, a NAT64 gateway or a 6to4 relay), so the address guard
 * judges them by the IPv4 address they embed.
 */

/** The 16 bytes of an IPv6 address (`::` expanded, a dotted-quad tail read as 4 bytes). */
export function ipv6Bytes(address: string): Uint8Array {
  if (!isIPv6(address)) throw new Error(`not an IPv6 address: ${address}`);
  const bare = address.split("%")[0]!;
  const [head, tail] = bare.includes("::") ? (bare.split("::") as [string, string]) : [bare, null];
  const groups = (part: string) => (part === "" ? [] : part.split(":")).flatMap(wordsOf);
  const left = groups(head);
  const right = tail === null ? [] : groups(tail);
  const words = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  const bytes = new Uint8Array(16);
  words.forEach((w, i) => {
    bytes[2 * i] = w >> 8;
    bytes[2 * i + 1] = w & 255;
  });
  return bytes;
}

function wordsOf(group: string): number[] {
  if (!group.includes(".")) return [parseInt(group, 16)];
  const [a, b, c, d] = group.split(".").map(Number) as [number, number, number, number];
  return [(a << 8) | b, (c << 8) | d];
}

const quad = (b: Uint8Array, at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;
const zero = (b: Uint8Array, from: number, to: number) => b.subarray(from, to).every((x) => x === 0);
const startsWith = (b: Uint8Array, prefix: number[]) => prefix.every((x, i) => b[i] === x);

/**
 * The IPv4 addresses an IPv6 address stands for, or [] when it embeds none:
 * - `::ffff:0:0/96` IPv4-mapped and `::/96` IPv4-compatible (RFC 4291 §2.5.5): the last 32 bits;
 * - `64:ff9b::/96` well-known NAT64 (RFC 6052): the last 32 bits;
 * - `64:ff9b:1::/48` local-use NAT64 (RFC 8215): the operator picks the prefix length inside it;
 *   the /48 layout (bits 48-63 and 72-87, zero suffix, RFC 6052 §2.2) when the address has that
 *   form, else the /96 layout (the last 32 bits);
 * - `2002::/16` 6to4 (RFC 3056): bits 16-47.
 * `::` and `::1` are their own classes, not IPv4-compatible addresses.
 */
export function embeddedIPv4(address: string): string[] {
  const b = ipv6Bytes(address);
  if (zero(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return [quad(b, 12)];
  if (zero(b, 0, 12)) return zero(b, 12, 15) && (b[15] === 0 || b[15] === 1) ? [] : [quad(b, 12)];
  if (startsWith(b, [0x00, 0x64, 0xff, 0x9b]) && zero(b, 4, 12)) return [quad(b, 12)];
  if (startsWith(b, [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01])) return [b[8] === 0 && zero(b, 11, 16) ? `${b[6]}.${b[7]}.${b[9]}.${b[10]}` : quad(b, 12)];
  if (startsWith(b, [0x20, 0x02])) return [quad(b, 2)];
  return [];
}
