// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${…} are the manifest's own placeholders, filled in by the host.
import { NODE_SQLITE_SINCE } from "../src/adapters/store/sqlite/driver.js";
import { TOOLS } from "../src/mcp/tools/index.js";

/**
 * What the bundle may promise. It ships one better-sqlite3 addon, built for the platform, CPU
 * and Node ABI of the machine that bundled it; everywhere else duely opens SQLite with Node's
 * own node:sqlite. So the one range true on every listed platform is node:sqlite's: a host Node
 * older than that works only where the shipped addon happens to fit, which a manifest cannot say.
 * The three platforms hold on that Node: duely and its other dependencies are plain JavaScript.
 */
export const BUNDLE_COMPATIBILITY = { platforms: ["darwin", "win32", "linux"], runtimes: { node: `>=${NODE_SQLITE_SINCE}` } };

/**
 * The MCP bundle's manifest (MCPB manifest 0.3, validated by `mcpb validate`). Claude Desktop
 * runs `command: "node"` bundles on the Node it ships (22 or 24, not 20), which cannot load a
 * better-sqlite3 built for Node 20; duely then uses Node's own node:sqlite (22.13 and later).
 *
 * Every optional field has `"default": ""`: an optional field with neither value nor default
 * reaches the server as the literal text `${user_config.…}`. An empty DUELY_* variable means
 * unset, so duely's own default applies.
 */
export function bundleManifest(version: string): Record<string, unknown> {
  return {
    manifest_version: "0.3",
    name: "duely",
    display_name: "duely: scheduled tasks",
    version,
    description: 'Scheduled tasks for Claude: "every weekday at 8am summarize finance news", "remind me in 20 minutes".',
    long_description:
      "duely runs scheduled tasks (topic digests, reminders) on your computer, on time, and keeps a history that says why any run did not happen. " +
      "A background service keeps running after Claude is closed, and tasks show in an interactive view: next runs on a week timeline, recent runs, pause and resume.",
    author: { name: "duely" },
    license: "MIT",
    icon: "icon.png",
    icons: [{ src: "icon.png", size: "512x512" }],
    server: {
      type: "node",
      entry_point: "server/main.js",
      mcp_config: {
        command: "node",
        args: ["${__dirname}/server/main.js", "serve"],
        env: {
          DUELY_TZ: "${user_config.timezone}",
          DUELY_DATA_DIR: "${user_config.data_dir}",
          DUELY_NTFY_URL: "${user_config.ntfy_url}",
          DUELY_SLACK_WEBHOOK_URL: "${user_config.slack_webhook_url}",
          DUELY_CONFIG: "${user_config.config_file}",
        },
      },
    },
    tools: TOOLS.map((t) => ({ name: t.name, description: t.title })),
    tools_generated: false,
    keywords: ["schedule", "reminders", "cron", "tasks", "digest"],
    compatibility: BUNDLE_COMPATIBILITY,
    user_config: {
      timezone: {
        type: "string",
        title: "Time zone",
        description: 'The IANA time zone used when you name none, e.g. "Europe/Paris". Empty: this computer\'s zone.',
        required: false,
        default: "",
      },
      data_dir: {
        type: "directory",
        title: "Data folder",
        description: "Where duely keeps your tasks (duely.db) and its background service's files.",
        required: false,
        default: "${HOME}/.local/share/duely",
      },
      ntfy_url: {
        type: "string",
        title: "ntfy topic URL (optional)",
        description: 'Push results to your phone through ntfy, e.g. "https://ntfy.sh/my-secret-topic". A task delivers there when it names the channel "ntfy".',
        required: false,
        default: "",
      },
      slack_webhook_url: {
        type: "string",
        title: "Slack incoming-webhook URL (optional)",
        description: 'Post results to Slack. A task delivers there when it names the channel "slack".',
        required: false,
        sensitive: true,
        default: "",
      },
      config_file: {
        type: "file",
        title: "duely config file (optional)",
        description: "A JSON config for everything else: email and webhook channels, an LLM summarizer, feeds (see duely's README).",
        required: false,
        default: "",
      },
    },
  };
}
