import type { ChannelTarget } from "../config.js";
import type { ChannelSender } from "./channel.js";

type NtfyTarget = Extract<ChannelTarget, { type: "ntfy" }>;

/** ntfy turns a body over 4,096 bytes into an attachment; stay under it so phones show the text. */
const NTFY_MAX_BYTES = 4_000;

/** HTTP headers are Latin-1; ntfy decodes RFC 2047 encoded words, so non-ASCII titles survive. */
function headerText(value: string): string {
  const line = value
    .replace(/[\r\n]+/g, " ")
    .trim()
    .slice(0, 200);
  return /^[\x20-\x7e]*$/.test(line) ? line : `=?UTF-8?B?${Buffer.from(line, "utf8").toString("base64")}?=`;
}

function truncateUtf8(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return text;
  // Decoding a cut multi-byte character yields U+FFFD; drop it.
  return `${bytes
    .subarray(0, maxBytes - 3)
    .toString("utf8")
    .replace(/\uFFFD$/, "")}…`;
}

export const sendNtfy: ChannelSender<NtfyTarget> = async (_name, target, { text, title, ctx }, deps) => {
  await deps.outbound.request(target.url, {
    method: "POST",
    headers: { "content-type": "text/plain; charset=utf-8", "user-agent": "duely (ntfy)", title: headerText(title) },
    body: truncateUtf8(text, NTFY_MAX_BYTES),
    signal: ctx.signal,
    now: ctx.now,
  });
};
