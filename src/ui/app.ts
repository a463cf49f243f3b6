import { App, applyDocumentTheme, applyHostStyleVariables, type McpUiHostContext } from "@modelcontextprotocol/ext-apps";
import type { Envelope } from "./source.js";
import { mountTasksView } from "./view.js";
import "./style.css";

/**
 * The MCP App (ui://duely/tasks): the tasks view inside a chat host, reading and acting through
 * the host's app bridge, so each tool call goes through the host and its confirmation rules.
 */
const app = new App({ name: "duely-tasks", version: import.meta.env.DUELY_VERSION }, {}, { autoResize: true, strict: true });

const view = mountTasksView(document.getElementById("root")!, {
  async call(tool, args) {
    const result = await app.callServerTool({ name: tool, arguments: args });
    return result.structuredContent as unknown as Envelope;
  },
});

function applyContext(ctx: McpUiHostContext | undefined): void {
  if (ctx?.theme) applyDocumentTheme(ctx.theme);
  if (ctx?.styles?.variables) applyHostStyleVariables(ctx.styles.variables);
  // The host's font CSS is not applied: it may @import other origins, which the view's CSP refuses.
}

// Set before connect(): the host sends the tool result once, right after the handshake.
app.ontoolresult = (result) => {
  view.show(result.structuredContent as unknown as Envelope | undefined).catch((e: unknown) => console.error("duely view:", e));
};
app.onhostcontextchanged = applyContext;
app.onteardown = async () => ({});

await app.connect();
applyContext(app.getHostContext());
