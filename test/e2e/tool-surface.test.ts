import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { SCHEMAS_DIR } from "../../scripts/gen-schemas.js";
import { apiIdOf, jsonSchemaOf } from "../../src/mcp/define-tool.js";
import { ICON_DATA_URI } from "../../src/mcp/icon.js";
import { instructionsFor, toolListing } from "../../src/mcp/server.js";
import { TOOL_ERROR_CODES } from "../../src/mcp/tool-errors.js";
import { openInMemory, TOOL_NAMES } from "./support.js";

const REWRITE = "npm run schemas";

/** Paths of every object schema that does not set additionalProperties: false. */
function openObjects(schema: unknown, path = "$"): string[] {
  if (Array.isArray(schema)) return schema.flatMap((s, i) => openObjects(s, `${path}[${i}]`));
  if (schema === null || typeof schema !== "object") return [];
  const node = schema as Record<string, unknown>;
  const here = node.type === "object" && node.additionalProperties !== false ? [path] : [];
  return [...here, ...Object.entries(node).flatMap(([k, v]) => openObjects(v, `${path}.${k}`))];
}

describe("what tools/list publishes", () => {
  let env: Awaited<ReturnType<typeof openInMemory>>;
  let tools: Awaited<ReturnType<Awaited<ReturnType<typeof env.clientFor>>["listTools"]>>["tools"];
  beforeAll(async () => {
    env = await openInMemory();
    tools = (await (await env.clientFor("alice")).listTools()).tools;
  });
  afterAll(() => env.close());

  test("the eleven v1 tools", () => {
    expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
  });

  test("every name passes Claude's and OpenAI's pattern, and ours", () => {
    for (const t of tools) {
      expect(t.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(t.name).toMatch(/^[a-z][a-z0-9_]{0,39}$/);
    }
  });

  test("every tool sets all four annotations explicitly", () => {
    for (const t of tools) {
      for (const hint of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const) {
        expect(typeof t.annotations?.[hint], `${t.name}.${hint}`).toBe("boolean");
      }
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    expect(byName.task_cancel_v1).toMatchObject({ destructiveHint: true, readOnlyHint: false });
    for (const name of ["task_list_v1", "task_get_v1", "task_results_v1", "schedule_preview_v1"]) expect(byName[name]?.readOnlyHint).toBe(true);
    for (const name of ["task_create_v1", "task_pause_v1", "task_resume_v1", "task_run_now_v1", "task_skip_v1"])
      expect(byName[name]).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    // An update overwrites what was there (and removes the old plan's upcoming runs).
    expect(byName.task_update_v1).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    // Running a task now reaches out at once (feeds, a model, channels).
    expect(byName.task_run_now_v1).toMatchObject({ openWorldHint: true, idempotentHint: false });
  });

  test("titles carry the versioned API id; descriptions say scheduled task, and when not to use it", () => {
    for (const t of tools) {
      expect(t.title).toMatch(new RegExp(`\\(${apiIdOf(t.name).replace(/[.@]/g, "\\$&")}\\)$`));
      expect(t.description).toMatch(/scheduled task/);
      expect(t.description).toMatch(/Do NOT use/);
    }
    expect(apiIdOf("task_create_v1")).toBe("task.create@v1");
  });

  test("inputs are strict objects, with no nullable types", () => {
    for (const t of tools) {
      const text = JSON.stringify(t.inputSchema);
      expect(t.inputSchema).toMatchObject({ type: "object", additionalProperties: false });
      expect(text).not.toMatch(/"null"/);
      expect(text).not.toMatch(/"oneOf"/);
      expect(openObjects(t.inputSchema), `${t.name} has open objects`).toEqual([]);
    }
  });

  test("outputs are one object admitting success and error, with api and ok required", () => {
    for (const t of tools) {
      expect(t.outputSchema).toMatchObject({ type: "object", required: ["ok", "api"] });
      expect(t.outputSchema).not.toHaveProperty("anyOf");
      expect(t.outputSchema).not.toHaveProperty("oneOf");
      expect((t.outputSchema as any).properties.api).toEqual({ type: "string", const: apiIdOf(t.name), description: expect.any(String) });
      expect((t.outputSchema as any).properties.error.properties.code.enum).toEqual([...TOOL_ERROR_CODES]);
    }
  });

  test(`schemas/ matches tools/list (if not, run \`${REWRITE}\`)`, () => {
    // Compared as JSON values: the wire does not keep key order.
    const expected = new Map<string, unknown>();
    for (const t of tools) {
      expected.set(`${t.name}.input.json`, t.inputSchema);
      expected.set(`${t.name}.output.json`, t.outputSchema);
    }
    const onDisk = existsSync(SCHEMAS_DIR) ? readdirSync(SCHEMAS_DIR).filter((f) => f.endsWith(".json")) : [];
    const problems: string[] = [];
    for (const f of onDisk) if (!expected.has(f)) problems.push(`schemas/${f} belongs to no tool`);
    for (const [f, schema] of expected) {
      if (!onDisk.includes(f)) problems.push(`schemas/${f} is missing`);
      else if (!isDeepStrictEqual(JSON.parse(readFileSync(join(SCHEMAS_DIR, f), "utf8")), schema))
        problems.push(`schemas/${f} differs from what tools/list returns`);
    }
    expect(problems, `The checked-in JSON Schemas are stale. Run \`${REWRITE}\` (npx tsx scripts/gen-schemas.ts) and commit schemas/.`).toEqual([]);
  });
});

describe("published integer fields", () => {
  test("carry the bounds their schema states, never zod's implicit safe-integer ones", () => {
    const schema = z.strictObject({
      any: z.number().int(),
      low: z.number().int().min(1),
      high: z.number().int().max(50),
      stated: z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
    });
    expect((jsonSchemaOf(schema, "input") as any).properties).toEqual({
      any: { type: "integer" },
      low: { type: "integer", minimum: 1 },
      high: { type: "integer", maximum: 50 },
      stated: { type: "integer", minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
    });
  });

  test("no published schema carries the safe-integer noise", () => {
    for (const f of readdirSync(SCHEMAS_DIR)) expect(readFileSync(join(SCHEMAS_DIR, f), "utf8"), f).not.toContain(String(Number.MAX_SAFE_INTEGER));
  });
});

describe("server instructions", () => {
  test("fit in 512 characters even with the longest zone name, and say what to do without a time or zone", () => {
    const text = instructionsFor("America/Argentina/ComodRivadavia");
    expect(text.length).toBeLessThanOrEqual(512);
    expect(text).toMatch(/no time, ask/);
    expect(text).toContain("America/Argentina/ComodRivadavia");
    for (const t of toolListing()) expect(text).toContain(t.name);
  });
});

describe("docs/mcp.md", () => {
  test("documents every error code and every tool", () => {
    const doc = readFileSync(join(import.meta.dirname, "../../docs/mcp.md"), "utf8");
    for (const code of TOOL_ERROR_CODES) expect(doc).toContain(`\`${code}\``);
    for (const t of toolListing()) expect(doc).toContain(t.name);
  });
});

describe("icons", () => {
  test("the server and every tool carry duely's SVG icon as a data: URI", async () => {
    const env = await openInMemory();
    try {
      const client = await env.clientFor("alice");
      const icon = { src: expect.stringMatching(/^data:image\/svg\+xml;base64,/), mimeType: "image/svg+xml", sizes: ["any"] };
      expect(client.getServerVersion()?.icons).toEqual([icon]);
      for (const t of (await client.listTools()).tools) expect(t.icons, t.name).toEqual([icon]);
      const svg = Buffer.from(ICON_DATA_URI.split(",")[1]!, "base64").toString("utf8");
      expect(svg).toBe(readFileSync(join(import.meta.dirname, "../../assets/icon.svg"), "utf8"));
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    } finally {
      await env.close();
    }
  });
});
