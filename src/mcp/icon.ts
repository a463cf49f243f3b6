import { readFileSync } from "node:fs";
import type { Icon } from "@modelcontextprotocol/server";

/**
 * duely's icon (assets/icon.svg, shipped with the package) as a data: URI, so a client shows it
 * without fetching anything (MCP 2025-11-25 `icons`, on the server's implementation info and on
 * each tool). The path is the same from src/mcp and from dist/mcp.
 */
const SVG = readFileSync(new URL("../../assets/icon.svg", import.meta.url));

export const ICON_DATA_URI = `data:image/svg+xml;base64,${SVG.toString("base64")}`;

export const ICONS: Icon[] = [{ src: ICON_DATA_URI, mimeType: "image/svg+xml", sizes: ["any"] }];
