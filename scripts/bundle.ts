/**
 * `npm run bundle` (after `npm run build`): the MCP bundle (.mcpb) for one-click install in
 * Claude Desktop. Lays out, under <out>/duely/:
 *   server/    dist/cli/main.js bundled by esbuild with every dependency but better-sqlite3,
 *              split at its dynamic imports (chunks beside main.js, so paths relative to the
 *              package root, one level up, still hold)
 *   dist/ui/   the built pages (the MCP App view, the dashboard)
 *   node_modules/better-sqlite3 (+ bindings): the addon as built here, for a Node of the same
 *              ABI; any other Node falls back to node:sqlite (src/adapters/store/sqlite/driver.ts)
 *   package.json, manifest.json, icon.png
 * then runs `mcpb validate` and `mcpb pack` into <out>/duely-<version>.mcpb.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build, type Plugin } from "esbuild";
import { bundleManifest } from "./bundle-manifest.js";

const ROOT = join(import.meta.dirname, "..");
const MCPB = join(ROOT, "node_modules", ".bin", "mcpb");

/** Node's CommonJS globals, which bundled CommonJS dependencies use, in ESM output. */
const BANNER = [
  'import { createRequire as __duelyRequire } from "node:module";',
  'import { fileURLToPath as __duelyPath } from "node:url";',
  "const require = __duelyRequire(import.meta.url);",
  "const __filename = __duelyPath(import.meta.url);",
  "const __dirname = __duelyPath(new URL('.', import.meta.url));",
].join("\n");

/** The files of a package the addon needs at run time: no sources, build intermediates or install tooling. */
const NATIVE = {
  "better-sqlite3": ["package.json", "lib", "build/Release/better_sqlite3.node", "LICENSE"],
  bindings: ["package.json", "bindings.js", "LICENSE.md"],
  "file-uri-to-path": ["package.json", "index.js", "LICENSE"],
} as const;

/**
 * The server reads its icon beside its module at run time (src/mcp/icon.ts: ../../assets from
 * dist/mcp); in the bundle that path leaves the bundle's folder, so the SVG is inlined instead.
 */
const inlineIcon: Plugin = {
  name: "inline-icon",
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/]mcp[\\/]icon\.js$/ }, (args) => {
      const code = readFileSync(args.path, "utf8");
      const read = 'readFileSync(new URL("../../assets/icon.svg", import.meta.url))';
      if (!code.includes(read)) throw new Error(`${args.path} no longer reads the icon as the bundle expects`);
      const svg = readFileSync(join(ROOT, "assets/icon.svg")).toString("base64");
      return { contents: code.replace(read, `Buffer.from(${JSON.stringify(svg)}, "base64")`), loader: "js" };
    });
  },
};

export async function buildBundle(outDir: string): Promise<{ stage: string; file: string; version: string }> {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string; description: string };
  for (const built of ["dist/cli/main.js", "dist/ui/tasks.html", "dist/ui/dashboard.html"]) {
    if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  const stage = join(outDir, "duely");
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });

  await build({
    entryPoints: { main: join(ROOT, "dist/cli/main.js") },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.18",
    splitting: true,
    outdir: join(stage, "server"),
    chunkNames: "[name]-[hash]",
    external: ["better-sqlite3"],
    plugins: [inlineIcon],
    banner: { js: BANNER },
    legalComments: "none",
    logLevel: "warning",
  });
  cpSync(join(ROOT, "dist/ui"), join(stage, "dist/ui"), { recursive: true });
  for (const [name, files] of Object.entries(NATIVE)) {
    for (const f of files) {
      const from = join(ROOT, "node_modules", name, f);
      if (existsSync(from)) cpSync(from, join(stage, "node_modules", name, f), { recursive: true });
    }
  }
  cpSync(join(ROOT, "assets/icon.png"), join(stage, "icon.png"));
  writeFileSync(
    join(stage, "package.json"),
    `${JSON.stringify({ name: "duely", version: pkg.version, description: pkg.description, type: "module", private: true }, null, 2)}\n`,
  );
  writeFileSync(join(stage, "manifest.json"), `${JSON.stringify(bundleManifest(pkg.version), null, 2)}\n`);

  execFileSync(MCPB, ["validate", join(stage, "manifest.json")], { stdio: "inherit" });
  const file = join(outDir, `duely-${pkg.version}.mcpb`);
  rmSync(file, { force: true });
  execFileSync(MCPB, ["pack", stage, file], { stdio: ["ignore", "ignore", "inherit"] });
  return { stage, file, version: pkg.version };
}

if (process.argv[1] === import.meta.filename) {
  const { file } = await buildBundle(join(ROOT, "bundle"));
  process.stdout.write(`${file} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MiB)\n`);
}
