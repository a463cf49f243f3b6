import type { Action } from "../core/action-model.js";
import type { RunResult } from "../core/model.js";
import { type ActionContext, ActionFailure, type ActionRefusal, type ActionRunner } from "../ports/action.js";
import { ask } from "./ask.js";
import type { ActionsConfig } from "./config.js";
import { createOutbound } from "./http.js";
import { deliver, resolveChannels } from "./notify.js";
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

/**
 * Runs `summarize` (fetch feeds, digest, deliver), `notify` (deliver a message) and `ask` (a
 * prompt on the configured model, delivered unless its condition did not hold).
 * `data.delivered` lists the channels that received the text, `inbox` always first; empty when
 * an ask's condition did not hold.
 */
export function createActionRunner(config: ActionsConfig, env: Env): ActionRunner {
  const outbound = createOutbound(config.http);
  const secrets = secretValues(config, env);
  const channelDeps = { outbound, env, policy: config.http };

  async function run(action: Action, ctx: ActionContext): Promise<RunResult> {
    const channels = resolveChannels(action.channels, config.channels);
    switch (action.type) {
      case "notify": {
        const text = redact(action.message, secrets);
        const delivered = await deliver(channels, { text, title: titleOf(text), data: null, ctx }, channelDeps);
        return { text, data: { delivered } };
      }
      case "summarize": {
        const digest = await summarize(action, ctx, { config, env, outbound });
        const text = redact(digest.text, secrets);
        const data = redactDeep(digest.data, secrets) as typeof digest.data;
        const delivered = await deliver(channels, { text, title: `Digest: ${action.topic}`, data, ctx }, channelDeps);
        return { text, data: { ...data, delivered }, ...(digest.usage && { usage: digest.usage }) };
      }
      case "ask": {
        const answer = await ask(action, ctx, { config, env, outbound });
        const text = redact(answer.text, secrets);
        const data = redactDeep(answer.data, secrets) as typeof answer.data;
        const delivered = answer.deliver ? await deliver(channels, { text, title: titleOf(action.prompt), data, ctx }, channelDeps) : [];
        return { text, data: { ...data, delivered }, ...(answer.usage && { usage: answer.usage }) };
      }
      default:
        return action satisfies never;
    }
  }

  return {
    refuse: (action) => (action.type === "ask" && config.summarizer.provider === "none" ? NO_MODEL : null),
    async run(action, ctx) {
      try {
        return await run(action, ctx);
      } catch (err) {
        throw scrubbed(err, secrets);
      }
    },
  };
}
