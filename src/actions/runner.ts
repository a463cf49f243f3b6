import { z } from "zod";
import type { Action } from "../core/action-model.js";
import type { RunResult } from "../core/model.js";
import { type ActionContext, ActionFailure, type ActionRunner } from "../ports/action.js";
import type { DesktopNotifier } from "../ports/desktop-notifier.js";
import { type LlmBudget, unlimitedLlmBudget } from "../ports/llm-budget.js";
import type { Metrics } from "../ports/metrics.js";
import { sendAlert } from "./alerts.js";
import { checkAction } from "./check-action.js";
import type { ActionsConfig } from "./config.js";
import { createOutbound } from "./http.js";
import { deliver, resolveChannels } from "./notify.js";
import { allowingModelHost } from "./operator-hosts.js";
import { type ChannelDirectory, channelDirectory } from "./owner-channels.js";
import { type Env, redact, redactDeep, secretValues } from "./secrets.js";
import { summarize } from "./summarize.js";

const TITLE_MAX_CHARS = 80;

function titleOf(message: string): string {
  const first = message.split("\n", 1)[0]!.trim();
  return first.length <= TITLE_MAX_CHARS ? first || "Reminder" : `${first.slice(0, TITLE_MAX_CHARS - 1)}…`;
}

/** Whatever escapes, escapes as an ActionFailure whose message carries no configured secret. */
function scrubbed(err: unknown, secrets: readonly string[]): ActionFailure {
  const failure = err instanceof ActionFailure ? err : new ActionFailure(err instanceof Error ? err.message : String(err), { permanent: false });
  return new ActionFailure(redact(failure.message, secrets), {
    permanent: failure.permanent,
    ...(failure.retryAfterMs !== undefined && { retryAfterMs: failure.retryAfterMs }),
  });
}

/** The checkpoint entry holding a digest written by an earlier attempt of the run. */
const DIGEST = "digest";
const SavedDigest = z.object({ text: z.string(), data: z.record(z.string(), z.unknown()) });

export interface RunnerOptions {
  llmBudget?: LlmBudget;
  /**
   * Which owner may use which channel (src/actions/owner-channels.ts). @default the operator's
   * channels with no operator: no owner may deliver anywhere but the inbox.
   */
  channels?: ChannelDirectory;
  /** Shows the `desktop` channel's notifications; absent, that channel fails. */
  desktop?: DesktopNotifier;
  metrics?: Metrics | undefined;
}

/**
 * Runs `summarize` (fetch feeds, digest, deliver) and `notify` (deliver a message) to the
 * channels of the run's owner. `data.delivered` lists the channels that received the text,
 * `inbox` always first. A summarize run with channels saves its digest before delivering it: a
 * retry (after a failed delivery) sends that same text, neither fetching nor calling the model again.
 */
export function createActionRunner(config: ActionsConfig, env: Env, opts: RunnerOptions = {}): ActionRunner {
  const llmBudget = opts.llmBudget ?? unlimitedLlmBudget;
  const directory = opts.channels ?? channelDirectory({ channels: config.channels, owners: {}, operator: null, desktop: false });
  // Feeds and channels get the policy as written; the model's configured endpoint is allowed to the model client only.
  const outbound = createOutbound(config.http);
  const modelOutbound = createOutbound(allowingModelHost(config.http, config));
  const secrets = secretValues(config, directory.targets(), env);
  const channelDeps = { outbound, env, policy: config.http, desktop: opts.desktop ?? null };

  async function run(action: Action, ctx: ActionContext): Promise<RunResult> {
    const channels = resolveChannels(action.channels, directory.of(ctx.owner));
    switch (action.type) {
      case "notify": {
        const text = redact(action.message, secrets);
        const delivered = await deliver(channels, { text, title: titleOf(text), data: null, ctx }, channelDeps, ctx.checkpoint);
        return { text, data: { delivered } };
      }
      case "summarize": {
        const { text, data } = await digestOnce(action, ctx, channels.length > 0);
        const delivered = await deliver(channels, { text, title: `Digest: ${action.topic}`, data, ctx }, channelDeps, ctx.checkpoint);
        return { text, data: { ...data, delivered } };
      }
      default:
        return action satisfies never;
    }
  }

  /** The run's digest: the one an earlier attempt saved, else a new one (saved when it is to be delivered). */
  async function digestOnce(action: Extract<Action, { type: "summarize" }>, ctx: ActionContext, save: boolean): Promise<z.infer<typeof SavedDigest>> {
    const saved = SavedDigest.safeParse(ctx.checkpoint.get(DIGEST));
    if (saved.success) return saved.data;
    const digest = await summarize(action, ctx, { config, env, outbound, modelOutbound, llmBudget, metrics: opts.metrics });
    const made = { text: redact(digest.text, secrets), data: redactDeep(digest.data, secrets) as Record<string, unknown> };
    if (save) await ctx.checkpoint.save(DIGEST, made);
    return made;
  }

  return {
    check: (action, owner) => checkAction(action, owner, config, directory),
    alert: (alert, { signal, now }) => sendAlert(alert, { directory, channelDeps, secrets, signal, now }),
    async run(action, ctx) {
      try {
        return await run(action, ctx);
      } catch (err) {
        throw scrubbed(err, secrets);
      }
    },
  };
}
