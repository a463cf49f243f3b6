import { readFileSync } from "node:fs";
import { defineConfig } from "vite";
import { viteSingleFile } from "vite-plugin-singlefile";

const root = import.meta.dirname;
const { version } = JSON.parse(readFileSync(`${root}/../../package.json`, "utf8")) as { version: string };

/**
 * Each page is one self-contained HTML file (script and styles inline, nothing else to fetch):
 * an MCP App resource is served as text, and its CSP allows no other origin. The mode names
 * the page: `vite build --mode tasks` (the MCP App) or `--mode dashboard` (the local dashboard).
 */
export default defineConfig(({ mode }) => ({
  root,
  logLevel: "warn",
  define: { "import.meta.env.DUELY_VERSION": JSON.stringify(version) },
  build: {
    outDir: `${root}/../../dist/ui`,
    emptyOutDir: false,
    target: "es2022",
    rollupOptions: { input: `${root}/${mode}.html` },
  },
  plugins: [viteSingleFile({ removeViteModuleLoader: true })],
}));
