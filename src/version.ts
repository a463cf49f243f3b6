import { readFileSync } from "node:fs";

/**
 * duely's version, from package.json (one level above both src/ and dist/). The MCP server
 * reports it, the local service writes it to its discovery file, and `duely serve` compares the
 * two, so a bridge never talks to a service of another version without saying so.
 */
export const DUELY_VERSION: string = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
