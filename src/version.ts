import { readFileSync } from "node:fs";

/**
 * The package's root folder: one level above both src/ and dist/ (the MCP bundle keeps that
 * shape), where package.json and the built pages (dist/ui) are.
 */
export const PACKAGE_ROOT = new URL("../", import.meta.url);

/**
 * duely's version, from package.json. The MCP server reports it, the local service writes it to
 * its discovery file, and `duely serve` compares the two, so a bridge never talks to a service
 * of another version without saying so.
 */
export const DUELY_VERSION: string = (JSON.parse(readFileSync(new URL("package.json", PACKAGE_ROOT), "utf8")) as { version: string }).version;
