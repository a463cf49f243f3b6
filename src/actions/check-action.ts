import { isIP } from "node:net";
import type { Action } from "../core/action-model.js";
import { DomainError } from "../core/errors.js";
import { assertLiteralAllowed, RefusedAddressError, urlTarget } from "./address-guard.js";
import type { ChannelDeps } from "./channels/channel.js";
import { undeliverable } from "./channels/readiness.js";
import type { ActionsConfig } from "./config.js";
import { INBOX } from "./notify.js";
import type { ChannelDirectory, OwnedTarget } from "./owner-channels.js";

/**
 * What can be known wrong about an action when the task is created, so a bad feed URL or a
 * channel typo is refused with the argument named instead of failing every run. Feed URLs pass
 * the run-time guard's policy here as far as it can be known without DNS: the scheme, and an
 * IP literal or `localhost` name's address class. A name is still checked at every connection.
 * A channel that cannot deliver from this process at all (channels/readiness.ts) is refused
 * rather than accepted with a warning: every run would fail and dead-letter, and its failure
 * alert, sent to the same channels, could reach nobody.
 */
export function checkAction(action: Action, owner: string, config: ActionsConfig, channels: ChannelDirectory, deps: ChannelDeps): void {
  if (action.type === "summarize") for (const [i, feed] of (action.feeds ?? []).entries()) checkFeed(feed, `action.feeds.${i}`, config);
  checkChannels(action.channels, channels.of(owner), deps);
}

const EXPECTED_FEED = "an http:// or https:// URL of an RSS or Atom feed on a public host";

function checkFeed(raw: string, field: string, config: ActionsConfig): void {
  const refuse = (why: string) =>
    new DomainError("invalid_argument", `${field} ${why}.`, {
      field,
      expected: EXPECTED_FEED,
      hint: "Pass the feed's public http(s) URL, or leave feeds out to use the server's feeds for the topic.",
    });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse("is not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw refuse(`uses ${url.protocol.replace(/:$/, "")}:, and only http and https feeds are fetched`);
  const target = urlTarget(url);
  const bare = target.hostname.replace(/^\[|\]$/g, "");
  // `localhost` names resolve to loopback by definition (RFC 6761), so they are judged as 127.0.0.1.
  const probe = isIP(bare) !== 0 ? target : /(^|\.)localhost\.?$/.test(bare) ? { ...target, hostname: "127.0.0.1" } : null;
  if (!probe) return;
  try {
    assertLiteralAllowed(probe, config.http);
  } catch (e) {
    if (!(e instanceof RefusedAddressError)) throw e;
    throw refuse(`points at ${bare}, ${e.message.replace(/^refused to connect to \S+: it /, "which ")}; the server does not fetch such addresses`);
  }
}

/** Only the caller's own channel names are listed: another owner's names are theirs to keep. */
function checkChannels(refs: readonly string[] | undefined, owned: ReadonlyMap<string, OwnedTarget>, deps: ChannelDeps): void {
  const known = [INBOX, ...owned.keys()];
  refs?.forEach((name, i) => {
    const field = `action.channels.${i}`;
    if (!known.includes(name)) {
      throw new DomainError("invalid_argument", `${field}: you have no channel "${name}".`, {
        field,
        expected: `one of ${known.join(", ")}`,
        hint: "Use one of your channels, or leave channels out to keep the result in the task's run history (the operator configures channels per owner).",
      });
    }
    const target = owned.get(name);
    const problem = target ? undeliverable(target, deps) : null;
    if (problem) {
      throw new DomainError("invalid_argument", `${field}: the channel "${name}" cannot deliver on this machine: ${problem.why}.`, {
        field,
        expected: `a channel that can deliver here: ${known.filter((n) => n === INBOX || !undeliverableHere(owned.get(n), deps)).join(", ")}`,
        hint: `${problem.fix} Or leave "${name}" out: results stay in the task's run history (task_results_v1).`,
      });
    }
  });
}

const undeliverableHere = (target: OwnedTarget | undefined, deps: ChannelDeps): boolean => target !== undefined && undeliverable(target, deps) !== null;
