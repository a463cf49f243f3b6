import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { AppBridge, getToolUiResourceUri, type McpUiResourceCsp, PostMessageTransport, RESOURCE_MIME_TYPE } from "@modelcontextprotocol/ext-apps/app-bridge";

/**
 * A small MCP Apps host for the browser tests, built like a web chat host: an SDK client to the
 * real duely over Streamable HTTP, the ext-apps AppBridge forwarding the view's requests to it,
 * and the view in a sandbox proxy on a second origin. It calls `tool` as a model would, reads
 * the view the tool links, shows it, and hands it the tool's result.
 */
interface HostConfig {
  mcpUrl: string;
  sandboxOrigin: string;
  tool: string;
  args: Record<string, unknown>;
}
interface HostState {
  ready: boolean;
  error?: string;
  /** Every tools/call the view made through the bridge. */
  calls: { name: string; arguments: unknown }[];
}

const config = JSON.parse(document.getElementById("config")!.textContent!) as HostConfig;
const state: HostState = { ready: false, calls: [] };
(window as unknown as { __host: HostState }).__host = state;
const info = { name: "duely-test-host", version: "0" };

async function main(): Promise<void> {
  const client = new Client(info, { capabilities: { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: [RESOURCE_MIME_TYPE] } } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(config.mcpUrl)));
  const tool = (await client.listTools()).tools.find((t) => t.name === config.tool);
  const uri = tool && getToolUiResourceUri(tool);
  if (!tool || !uri) throw new Error(`${config.tool} links no view`);
  const result = await client.callTool({ name: tool.name, arguments: config.args });
  const content = (await client.readResource({ uri })).contents[0];
  if (!content || content.mimeType !== RESOURCE_MIME_TYPE || !("text" in content)) throw new Error(`${uri} is not an MCP App`);
  const csp = (content._meta as { ui?: { csp?: McpUiResourceCsp } } | undefined)?.ui?.csp ?? {};

  const iframe = document.createElement("iframe");
  iframe.setAttribute("sandbox", "allow-scripts allow-same-origin");
  iframe.title = "duely: scheduled tasks";
  const proxyReady = new Promise<void>((resolve) => {
    window.addEventListener("message", function ready(e) {
      if (e.source === iframe.contentWindow && e.data?.method === "ui/notifications/sandbox-proxy-ready") {
        window.removeEventListener("message", ready);
        resolve();
      }
    });
  });
  iframe.src = `${config.sandboxOrigin}/sandbox.html?csp=${encodeURIComponent(JSON.stringify(csp))}`;
  document.getElementById("app")!.append(iframe);
  await proxyReady;

  const bridge = new AppBridge(
    client,
    info,
    { serverTools: {}, serverResources: {} },
    {
      hostContext: { theme: "light", displayMode: "inline", platform: "web", locale: "en-US", toolInfo: { tool } },
    },
  );
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) iframe.style.height = `${height}px`;
  };
  const initialized = new Promise<void>((resolve) => {
    bridge.oninitialized = () => resolve();
  });
  await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
  // connect() installed the forwarding handler; record each call on its way to the server.
  const forward = bridge.oncalltool!;
  bridge.oncalltool = (params, extra) => {
    state.calls.push({ name: params.name, arguments: params.arguments });
    return forward(params, extra);
  };
  await bridge.sendSandboxResourceReady({ html: content.text, csp });
  await initialized;
  await bridge.sendToolInput({ arguments: config.args });
  await bridge.sendToolResult(result);
  state.ready = true;
}

main().catch((e: unknown) => {
  state.error = e instanceof Error ? e.message : String(e);
  state.ready = true;
});
