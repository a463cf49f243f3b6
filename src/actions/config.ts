import { z } from "zod";

/**
 * Configuration of the actions, written once by the owner. Secrets never appear here: each one
 * is named by the environment variable that holds it (`*_env`), read when it is used.
 */

const EnvName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "an environment variable name, e.g. DUELY_OPS_SECRET");
const HttpUrl = z.url({ protocol: /^https?$/ }).max(2000);
/** A header value: no CR/LF, so it cannot add header lines. */
const HeaderSafe = z
  .string()
  .min(1)
  .max(500)
  .regex(/^[^\r\n]+$/, "a single line");

const LlmOptions = {
  model: z.string().min(1).max(200),
  /** OpenAI: up to and including `/v1` (Ollama: `http://localhost:11434/v1`). Anthropic: the origin. @default the vendor's API */
  base_url: HttpUrl.optional(),
  /** Upper bound of the fetched text put into one prompt, in characters. @default 24_000 */
  max_input_chars: z.number().int().min(1_000).max(400_000).default(24_000),
  /** One completion may take this long before the attempt fails as retryable. @default 60_000 */
  timeout_ms: z.number().int().min(10).max(600_000).default(60_000),
  /** The most tokens one `ask` run may have the model write (its input is bounded by max_input_chars). @default 1_000 */
  max_output_tokens: z.number().int().min(16).max(32_000).default(1_000),
};

const SummarizerConfig = z.discriminatedUnion("provider", [
  /** Offline: an extractive digest that ranks headlines by relevance to the topic. */
  z.strictObject({ provider: z.literal("none") }),
  /** Any OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM, llama.cpp, LM Studio). */
  z.strictObject({ provider: z.literal("openai"), ...LlmOptions, api_key_env: EnvName.default("OPENAI_API_KEY") }),
  z.strictObject({ provider: z.literal("anthropic"), ...LlmOptions, api_key_env: EnvName.default("ANTHROPIC_API_KEY") }),
]);
type SummarizerConfig = z.infer<typeof SummarizerConfig>;
export type LlmConfig = Exclude<SummarizerConfig, { provider: "none" }>;

/** One or more lowercase words, e.g. `finance` or `climate change`. */
const TopicKeyword = z.string().regex(/^[a-z0-9]+( [a-z0-9]+)*$/, "lowercase words separated by single spaces");

export const FeedsConfig = z.strictObject({
  /**
   * Feeds for a summarize action that names none. A keyword matches a topic when every word of the
   * keyword is a word of the topic ("finance" matches "finance news"); all matches are combined.
   */
  topics: z.record(TopicKeyword, z.array(HttpUrl).min(1).max(20)),
  /** Used when no keyword matches the topic. @default [] */
  fallback: z.array(HttpUrl).max(20).default([]),
});
export type FeedsConfig = z.infer<typeof FeedsConfig>;

const BBC = "https://feeds.bbci.co.uk/news";
const BUSINESS = [`${BBC}/business/rss.xml`, "https://feeds.npr.org/1006/rss.xml"];
const TECHNOLOGY = [`${BBC}/technology/rss.xml`, "https://hnrss.org/frontpage"];
const SCIENCE = [`${BBC}/science_and_environment/rss.xml`, "https://feeds.npr.org/1007/rss.xml"];
export const DEFAULT_FEEDS: FeedsConfig = {
  topics: {
    business: BUSINESS,
    finance: BUSINESS,
    economy: BUSINESS,
    markets: BUSINESS,
    technology: TECHNOLOGY,
    tech: TECHNOLOGY,
    ai: TECHNOLOGY,
    science: SCIENCE,
    climate: SCIENCE,
    world: [`${BBC}/world/rss.xml`],
  },
  fallback: [`${BBC}/rss.xml`, "https://feeds.npr.org/1001/rss.xml"],
};

export const HttpPolicy = z.strictObject({
  /** Allow RFC 1918, CGNAT (100.64/10) and fc00::/7 targets. @default false */
  allow_private: z.boolean().default(false),
  /** Allow 127/8 and ::1 targets. @default false */
  allow_loopback: z.boolean().default(false),
  /**
   * Hosts feeds may reach even when they resolve to a private or loopback address: `host`
   * (any port) or `host:port`, e.g. an intranet feed server; channels too. The model's
   * `base_url` needs no entry: it is allowed to the model client only (see operator-hosts.ts).
   * Link-local (incl. cloud metadata), unspecified and reserved addresses stay refused. @default []
   */
  allow_hosts: z
    .array(z.string().regex(/^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i))
    .max(50)
    .default([]),
  /** Whole request, redirects and body included. @default 15_000 */
  timeout_ms: z.number().int().min(10).max(300_000).default(15_000),
  /** Larger response bodies are refused. @default 2_097_152 (2 MiB) */
  max_bytes: z
    .number()
    .int()
    .min(1_024)
    .max(64 * 1024 * 1024)
    .default(2 * 1024 * 1024),
  /** @default 3 */
  max_redirects: z.number().int().min(0).max(10).default(3),
});
export type HttpPolicy = z.infer<typeof HttpPolicy>;

/** Owner-chosen channel name; an action refers to it as is (`channels: ["ops"]`). `inbox` and `desktop` are built in. */
const ChannelName = z
  .string()
  .regex(/^[a-z][a-z0-9_-]{0,63}$/, "lowercase letters, digits, _ or -, starting with a letter")
  .refine((n) => n !== "inbox", "inbox is built in and always on")
  .refine((n) => n !== "desktop", "desktop is built in: the local service's notification on the user's screen");

export const ChannelTarget = z.discriminatedUnion("type", [
  /** POST JSON signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,…`); see docs/security.md. */
  z.strictObject({ type: z.literal("webhook"), url: HttpUrl, secret_env: EnvName }),
  /** A Slack incoming-webhook URL (the URL itself is the credential: keep the config file private). */
  z.strictObject({ type: z.literal("slack"), url: HttpUrl }),
  z.strictObject({
    type: z.literal("email"),
    /** One address or a comma-separated list. */
    to: HeaderSafe,
    /** `duely@example.com` or `Duely <duely@example.com>`. */
    from: HeaderSafe,
    smtp: z
      .strictObject({
        host: z.string().min(1).max(255),
        /** @default 587 */
        port: z.number().int().min(1).max(65_535).default(587),
        /** TLS from the first byte (port 465); false uses STARTTLS when the server offers it. @default false */
        secure: z.boolean().default(false),
        user: z.string().min(1).max(320).optional(),
        pass_env: EnvName.optional(),
      })
      .refine((s) => (s.user === undefined) === (s.pass_env === undefined), "set both user and pass_env, or neither"),
  }),
  /** An ntfy topic URL, e.g. `https://ntfy.sh/my-topic`. */
  z.strictObject({ type: z.literal("ntfy"), url: HttpUrl }),
]);
export type ChannelTarget = z.infer<typeof ChannelTarget>;

/**
 * One owner's channels. An owner may name in an action only their own channels and the
 * operator's (`actions.channels`) they are given; see src/actions/owner-channels.ts.
 */
export const OwnerChannels = z.strictObject({
  /** Channels of this owner alone, by the name their actions use. @default {} */
  channels: z.record(ChannelName, ChannelTarget).default({}),
  /** Names in `actions.channels` this owner may use too (an operator channel no owner lists is the operator's own). @default [] */
  shared_channels: z.array(ChannelName).max(100).default([]),
  /** Where this owner's failure alerts go besides the failing task's own channels, e.g. `["phone"]`. @default [] */
  alert_channels: z.array(z.string()).max(20).default([]),
});
export type OwnerChannels = z.infer<typeof OwnerChannels>;

/** Owner (as the transport names them: a token's owner, an OAuth subject, the local user) → their channels. */
export const OwnersConfig = z.record(z.string().min(1).max(200), OwnerChannels);
export type OwnersConfig = z.infer<typeof OwnersConfig>;

export const ActionsConfig = z.strictObject({
  summarizer: SummarizerConfig.default({ provider: "none" }),
  feeds: FeedsConfig.default(DEFAULT_FEEDS),
  http: HttpPolicy.prefault({}),
  /** The operator's channels: usable by the owners who list them in `shared_channels`, else by the operator (`owner`) alone. */
  channels: z.record(ChannelName, ChannelTarget).default({}),
});
export type ActionsConfig = z.infer<typeof ActionsConfig>;
export type ActionsConfigInput = z.input<typeof ActionsConfig>;
