import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TOOL_ERROR_CODES } from "../../src/mcp/tool-errors.js";
import { envelopeOf, openInMemory } from "./support.js";

/** Arguments that are nearly right, so the fuzz also reaches past the schema into the engine. */
const VALID: Record<string, Record<string, unknown>> = {
  task_create_v1: { title: "Digest", action: { type: "summarize", topic: "finance" }, when: "every weekday at 8am" },
  task_list_v1: { status: ["active"], limit: 5 },
  task_get_v1: { task_id: "01JAAAAAAAAAAAAAAAAAAAAAAA", runs: 3 },
  task_pause_v1: { task_id: "01JAAAAAAAAAAAAAAAAAAAAAAA" },
  task_resume_v1: { task_id: "01JAAAAAAAAAAAAAAAAAAAAAAA" },
  task_cancel_v1: { task_id: "01JAAAAAAAAAAAAAAAAAAAAAAA" },
  schedule_preview_v1: { schedule: { type: "cron", cron: "0 8 * * *", timezone: "Europe/Berlin" }, count: 3 },
};

const PHRASES = [
  "every day at 9",
  "tomorrow at noon",
  "in 20 minutes",
  "每天早上八點",
  "毎朝8時",
  "jeden Montag um 7",
  "todos los días a las 9",
  "later",
  "every 0 minutes",
  "at 25:99",
  "",
];
const json = fc.jsonValue({ maxDepth: 3 });

function argsFor(tool: string, keys: string[]): fc.Arbitrary<Record<string, unknown>> {
  const valid = VALID[tool]!;
  const mutate = fc.tuple(fc.constantFrom(...keys), fc.oneof(json, fc.constantFrom(...PHRASES), fc.constant(undefined))).map(([key, value]) => {
    const out: Record<string, unknown> = { ...valid };
    if (value === undefined) delete out[key];
    else out[key] = value;
    return out;
  });
  const ownKeys = fc.record(Object.fromEntries(keys.map((k) => [k, json])), { requiredKeys: [] });
  const anyKeys = fc.dictionary(fc.string({ maxLength: 10 }), json, { maxKeys: 5 });
  return fc.oneof(mutate, ownKeys, anyKeys, fc.constant(valid)) as fc.Arbitrary<Record<string, unknown>>;
}

describe("random JSON at every tool", () => {
  let env: Awaited<ReturnType<typeof openInMemory>>;
  beforeAll(async () => {
    env = await openInMemory();
  });
  afterAll(() => env.close());

  test("never a crash: always ok:true, or a structured error from the closed set, never internal", async () => {
    const client = await env.clientFor("fuzzer");
    const { tools } = await client.listTools();
    for (const tool of tools) {
      const keys = Object.keys((tool.inputSchema as { properties: Record<string, unknown> }).properties);
      await fc.assert(
        fc.asyncProperty(argsFor(tool.name, keys), async (args) => {
          const env = envelopeOf(await client.callTool({ name: tool.name, arguments: args }));
          expect(env.api).toBe(tool.title!.match(/\(([^)]+)\)$/)![1]);
          if (env.ok) return;
          expect(TOOL_ERROR_CODES).toContain(env.error!.code);
          expect(typeof env.error!.message).toBe("string");
          expect(typeof env.error!.hint).toBe("string");
          // `internal` is what an unexpected throw becomes: bad input must be refused, not crash a path.
          expect(env.error!.code, `${tool.name} ${JSON.stringify(args)}: ${env.error!.message}`).not.toBe("internal");
        }),
        { numRuns: 50, seed: 20260301 },
      );
    }
  }, 60_000);
});
