import type { Tool } from "@modelcontextprotocol/client";

/**
 * MCP `tools/list` entries in each API's tool format. The description and the input schema
 * pass through unchanged; only the `$schema` dialect marker is dropped, as chat clients do,
 * since function-calling APIs take a bare schema object.
 */
function bareSchema(tool: Tool): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = tool.inputSchema as Record<string, unknown>;
  return schema;
}

export interface OpenAIFunctionTool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export const toOpenAITools = (tools: Tool[]): OpenAIFunctionTool[] =>
  tools.map((t) => ({ type: "function", function: { name: t.name, description: t.description ?? "", parameters: bareSchema(t) } }));

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: { type: "object"; [key: string]: unknown };
}

export const toAnthropicTools = (tools: Tool[]): AnthropicTool[] =>
  tools.map((t) => ({ name: t.name, description: t.description ?? "", input_schema: { ...bareSchema(t), type: "object" } }));

/** Arguments as a model sent them: an object, or the raw text when it is not a JSON object. */
export function parseArguments(raw: string | undefined): Record<string, unknown> | string {
  if (raw === undefined || raw.trim() === "") return {};
  try {
    const v: unknown = JSON.parse(raw);
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : raw;
  } catch {
    return raw;
  }
}
