import type { ChannelTarget } from "../config.js";
import type { ChannelSender } from "./channel.js";
import { cutEscaped, escapeSlack } from "./slack-text.js";

type SlackTarget = Extract<ChannelTarget, { type: "slack" }>;

/** Slack truncates a message at 40,000 characters; cut first so the links at the end survive as a note. */
const SLACK_MAX_CHARS = 39_000;

export const sendSlack: ChannelSender<SlackTarget> = async (_name, target, { text, ctx }, deps) => {
  const escaped = escapeSlack(text);
  const body = JSON.stringify({ text: escaped.length <= SLACK_MAX_CHARS ? escaped : `${cutEscaped(escaped, SLACK_MAX_CHARS)}\n…(truncated)` });
  await deps.outbound.request(target.url, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": "duely (slack)" },
    body,
    signal: ctx.signal,
    now: ctx.now,
  });
};
