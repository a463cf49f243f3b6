import type { ActionContext } from "../../ports/action.js";
import type { DesktopNotifier } from "../../ports/desktop-notifier.js";
import type { HttpPolicy } from "../config.js";
import type { Outbound } from "../http.js";
import type { OwnedTarget } from "../owner-channels.js";
import type { Env } from "../secrets.js";

/** One result to deliver. The same run (same `ctx.idempotencyKey`) may deliver it more than once. */
export interface Delivery {
  text: string;
  /** Subject of an email, title of a push notification. */
  title: string;
  /** The run's structured result, for machine receivers (webhook); null for a plain message. */
  data: unknown;
  ctx: ActionContext;
}

export interface ChannelDeps {
  outbound: Outbound;
  env: Env;
  policy: HttpPolicy;
  /** Shows the `desktop` channel's notifications; null where this process shows none. */
  desktop: DesktopNotifier | null;
}

/** Sends to one configured channel; rejects with an ActionFailure saying whether a retry may help. */
export type ChannelSender<T extends OwnedTarget> = (name: string, target: T, delivery: Delivery, deps: ChannelDeps) => Promise<void>;
