import { readFileSync } from "node:fs";
import { PACKAGE_ROOT } from "../version.js";

/** The pages `npm run build:ui` writes to dist/ui: the MCP App view and the local dashboard. */
export type PageName = "tasks" | "dashboard";

/** A page could not be served because it was never built (a source checkout before `npm run build`). */
export class PageNotBuilt extends Error {
  constructor(name: PageName) {
    super(`duely's ${name} page is not built (dist/ui/${name}.html is missing): run \`npm run build\`.`);
    this.name = "PageNotBuilt";
  }
}

const pages = new Map<PageName, string>();

/** The built page's HTML, read once per process: one self-contained file, script and styles inline. */
export function builtPage(name: PageName): string {
  const cached = pages.get(name);
  if (cached !== undefined) return cached;
  let html: string;
  try {
    html = readFileSync(new URL(`dist/ui/${name}.html`, PACKAGE_ROOT), "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") throw new PageNotBuilt(name);
    throw e;
  }
  pages.set(name, html);
  return html;
}
