import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { JsonSchemaType } from "@modelcontextprotocol/client";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/client/validators/ajv";
import type { ArgumentCheck } from "./judge.js";

/**
 * The schema-valid check: a call's arguments against the input schema the server publishes
 * (`schemas/<tool>.input.json`, kept equal to `tools/list` by test/e2e/tool-surface.test.ts),
 * with the MCP SDK's bundled ajv. A tool that is not published fails, as do arguments that are
 * not an object. Rules the JSON Schema cannot say (exactly one of `when`/`schedule`) are the
 * server's to refuse, and show up in the server-accepted rate instead.
 */
export function argumentCheckFrom(schemasDir: string): ArgumentCheck {
  const provider = new AjvJsonSchemaValidator();
  const validators = new Map(
    readdirSync(schemasDir)
      .filter((f) => f.endsWith(".input.json"))
      .map((f) => [f.slice(0, -".input.json".length), provider.getValidator(JSON.parse(readFileSync(join(schemasDir, f), "utf8")) as JsonSchemaType)]),
  );
  return (tool, args) => {
    const validate = validators.get(tool);
    return validate !== undefined && typeof args !== "string" && validate(args).valid;
  };
}
