/**
 * Writes schemas/<tool>.input.json and schemas/<tool>.output.json from the tools' zod schemas,
 * exactly as `tools/list` publishes them. Run `npm run schemas` after changing a tool;
 * test/e2e/schemas.test.ts fails while the files and the server disagree.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { toolListing } from "../src/mcp/server.js";

export const SCHEMAS_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "schemas");

const schemaFileText = (schema: unknown): string => `${JSON.stringify(schema, null, 2)}\n`;

/** File name → content, for every tool. */
function schemaFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const tool of toolListing()) {
    files.set(`${tool.name}.input.json`, schemaFileText(tool.inputSchema));
    files.set(`${tool.name}.output.json`, schemaFileText(tool.outputSchema));
  }
  return files;
}

function main(): void {
  mkdirSync(SCHEMAS_DIR, { recursive: true });
  const files = schemaFiles();
  for (const stale of readdirSync(SCHEMAS_DIR)) if (stale.endsWith(".json") && !files.has(stale)) rmSync(join(SCHEMAS_DIR, stale));
  for (const [name, text] of files) writeFileSync(join(SCHEMAS_DIR, name), text);
  process.stderr.write(`wrote ${files.size} schema files to ${SCHEMAS_DIR}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
