import { z } from "zod";
import type { Action } from "../core/action-model.js";
import type { RunResult, TokenUsage } from "../core/model.js";
import { type ActionContext, ActionFailure, type ActionRefusal, type ActionRunner } from "../ports/action.js";
import type { DesktopNotifier } from "../ports/desktop-notifier.js";
import { type LlmBudget, unlimitedLlmBudget } from "../ports/llm-budget.js";
import type { Metrics } from "../ports/metrics.js";
import { sendAlert } from "./alerts.js";
import { ask } from "./ask.js";
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

const NO_MODEL: ActionRefusal = {
  field: "type",
  message: "This server has no language model configured, so it cannot run an `ask` action.",
  expected: '"summarize" or "notify" (both work without a model)',
  hint: "Use summarize (a digest of feeds) or notify (a fixed message) instead, or ask the operator to set actions.summarizer (provider openai or anthropic) in the duely config.",
};

/** The checkpoint entries holding the text an earlier attempt of the run wrote: a digest, an ask's answer. */
const DIGEST = "digest";
const ANSWER = "answer";
const Composed = z.object({ text: z.string(), data: z.record(z.string(), z.unknown()), deliver: z.boolean().optional() });
type Composed = z.infer<typeof Composed> & { usage?: TokenUsage };

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
 * Runs `summarize` (fetch feeds, digest, deliver), `notify` (deliver a message) and `ask` (a
 * prompt on the configured model, delivered unless its condition did not hold), to the channels
 * of the run's owner. `data.delivered` lists the channels that received the text, `inbox` always
 * first; empty when an ask's condition did not hold. A summarize or ask run with channels saves
 * its text before delivering it: a retry (after a failed delivery) sends that same text, neither
 * fetching nor calling the model again.
 */
export function createActionRunner(config: ActionsConfig, env: Env, opts: RunnerOptions = {}): ActionRunner {
  const llmBudget = opts.llmBudget ?? unlimitedLlmBudget;
  const directory = opts.channels ?? channelDirectory({ channels: config.channels, owners: {}, operator: null, desktop: false });
  // Feeds and channels get the policy as written; the model's configured endpoint is allowed to the model client only.
  const outbound = createOutbound(config.http);
  const modelOutbound = createOutbound(allowingModelHost(config.http, config));
  const secrets = secretValues(config, directory.targets(), env);
  const channelDeps = { outbound, env, policy: config.http, desktop: opts.desktop ?? null };
  const deps = { config, env, outbound, modelOutbound, llmBudget, metrics: opts.metrics };

  async function run(action: Action, ctx: ActionContext): Promise<RunResult> {
    const channels = resolveChannels(action.channels, directory.of(ctx.owner));
    switch (action.type) {
      case "notify": {
        const text = redact(action.message, secrets);
        const delivered = await deliver(channels, { text, title: titleOf(text), data: null, ctx }, channelDeps, ctx.checkpoint);
        return { text, data: { delivered } };
      }
      case "summarize": {
        const { text, data, usage } = await composeOnce(DIGEST, ctx, channels.length > 0, () => summarize(action, ctx, deps));
        const delivered = await deliver(channels, { text, title: `Digest: ${action.topic}`, data, ctx }, channelDeps, ctx.checkpoint);
        return { text, data: { ...data, delivered }, ...(usage && { usage }) };
      }
      case "ask": {
        const answer = await composeOnce(ANSWER, ctx, channels.length > 0, () => ask(action, ctx, deps));
        const { text, data, usage } = answer;
        const delivered =
          answer.deliver === false ? [] : await deliver(channels, { text, title: titleOf(action.prompt), data, ctx }, channelDeps, ctx.checkpoint);
        return { text, data: { ...data, delivered }, ...(usage && { usage }) };
      }
      default:
        return action satisfies never;
    }
  }

  /**
   * The run's text under checkpoint entry `name`: the one an earlier attempt saved, else a new
   * one from `make`, redacted (saved when it is to be delivered). Usage is reported only by the
   * attempt that called the model.
   */
  async function composeOnce(
    name: string,
    ctx: ActionContext,
    save: boolean,
    make: () => Promise<{ text: string; data: object; deliver?: boolean; usage?: TokenUsage | undefined }>,
  ): Promise<Composed> {
    const saved = Composed.safeParse(ctx.checkpoint.get(name));
    if (saved.success) return saved.data;
    const made = await make();
    const clean: Composed = {
      text: redact(made.text, secrets),
      data: redactDeep(made.data, secrets) as Record<string, unknown>,
      ...(made.deliver !== undefined && { deliver: made.deliver }),
    };
    if (save && clean.deliver !== false) await ctx.checkpoint.save(name, clean);
    return { ...clean, ...(made.usage && { usage: made.usage }) };
  }

  return {
    check: (action, owner) => checkAction(action, owner, config, directory, channelDeps),
    refuse: (action) => (action.type === "ask" && config.summarizer.provider === "none" ? NO_MODEL : null),
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
