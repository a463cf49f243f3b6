import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "../../src");
const EVALS = join(import.meta.dirname, "../../evals");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** Every module specifier a file imports (static and dynamic). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*)["']([^"']+)["']/g)].map((m) => m[1]!);
}

const layer = (file: string) => relative(SRC, file).split("/")[0]!;

describe("dependencies point inward", () => {
  it("keeps src/core free of I/O: only zod and the pure date/cron/phrase libraries", () => {
    const allowed = new Set(["zod", "luxon", "cronstrue", "chrono-node"]);
    for (const f of files(join(SRC, "core"))) {
      for (const spec of importsOf(f)) {
        const ok = spec.startsWith(".") ? !spec.includes("../ports") && !spec.includes("../app") && !spec.includes("../adapters") : allowed.has(spec);
        expect(ok, `${relative(SRC, f)} imports ${spec}`).toBe(true);
      }
    }
  });

  it("keeps app, mcp and actions away from adapters; only the composition root and the CLI pick them", () => {
    for (const f of files(SRC)) {
      const l = layer(f);
      if (l === "adapters" || l === "cli" || l === "main.ts") continue;
      for (const spec of importsOf(f)) expect(spec.includes("adapters/"), `${relative(SRC, f)} imports ${spec}`).toBe(false);
    }
  });

  it("keeps the tool layer to the use cases: nothing in src/mcp reaches the store, the queue or the engine's wiring", () => {
    const forbidden = ["adapters/", "ports/store.ts", "ports/auth-store.ts", "ports/queue.ts", "app/engine/", "app/deps.ts"];
    const mcp = files(join(SRC, "mcp"));
    expect(mcp.length).toBeGreaterThan(0);
    for (const f of mcp) {
      for (const spec of importsOf(f).filter((s) => s.startsWith("."))) {
        const target = relative(SRC, resolve(dirname(f), spec)).replace(/\.js$/, ".ts");
        const hit = forbidden.find((p) => (p.endsWith("/") ? target.startsWith(p) : target === p));
        expect(hit, `${relative(SRC, f)} imports ${spec}`).toBeUndefined();
      }
    }
  });

  it("builds the background roles only in src/app: the CLI and the rest reach them through openEngine", () => {
    const roleModules = /\/app\/engine\/(watcher|worker|sweeper|lease-keeper|completer)\.js$/;
    for (const f of files(SRC)) {
      const where = relative(SRC, f);
      if (where.startsWith("app/") || where === "main.ts") continue;
      for (const spec of importsOf(f)) expect(roleModules.test(spec), `${where} imports ${spec}`).toBe(false);
      expect(readFileSync(f, "utf8"), `${where} builds a role itself`).not.toMatch(/new (Watcher|Sweeper)\(/);
    }
  });

  it("splits src/app in two: the use cases people call (tasks/) never reach the engine (engine/), and the shared parts at the root reach neither", () => {
    // The engine's facade (engine/engine.ts) is the one place the halves meet: it hands the roles and the use cases
    // the same dependencies.
    const app = join(SRC, "app");
    const halfOf = (file: string) => {
      const where = relative(app, file);
      return where.startsWith("tasks/") ? "tasks" : where.startsWith("engine/") ? "engine" : where.includes("/") ? "elsewhere" : "shared";
    };
    const all = files(app);
    expect(all.filter((f) => halfOf(f) === "tasks").length).toBeGreaterThan(5);
    expect(all.filter((f) => halfOf(f) === "engine").length).toBeGreaterThan(5);
    for (const f of all) {
      const from = halfOf(f);
      expect(from, `${relative(SRC, f)} is in neither half nor the shared root`).not.toBe("elsewhere");
      for (const spec of importsOf(f).filter((s) => s.startsWith("."))) {
        const target = resolve(dirname(f), spec);
        if (!target.startsWith(`${app}/`)) continue;
        const to = halfOf(target);
        const facade = relative(app, f) === "engine/engine.ts";
        const allowed = to === "shared" || to === from || (facade && to === "tasks");
        expect(allowed, `${relative(SRC, f)} (${from}) imports ${spec} (${to})`).toBe(true);
      }
    }
  });

  it("keeps every MCP SDK import inside src/mcp (and the CLI demo client, and the browser pages in src/ui)", () => {
    for (const f of files(SRC)) {
      const where = relative(SRC, f);
      if (where.startsWith("mcp/") || where.startsWith("ui/") || where === "cli/demo.ts") continue;
      for (const spec of importsOf(f)) expect(spec.startsWith("@modelcontextprotocol/"), `${where} imports ${spec}`).toBe(false);
    }
  });

  it("wraps each auth SDK in one adapter: oidc-provider in src/adapters/auth/oidc, jose in src/adapters/auth/jose", () => {
    const home = { "oidc-provider": "adapters/auth/oidc/", jose: "adapters/auth/jose/" } as const;
    for (const f of files(SRC)) {
      const where = relative(SRC, f);
      for (const spec of importsOf(f)) {
        const sdk = (Object.keys(home) as (keyof typeof home)[]).find((name) => spec === name || spec.startsWith(`${name}/`));
        if (sdk) expect(where.startsWith(home[sdk]), `${where} imports ${spec}`).toBe(true);
      }
    }
  });

  it("loads the built-in authorization server (oidc-provider) only when it is used: every import of it from outside is dynamic", () => {
    for (const f of files(SRC)) {
      const where = relative(SRC, f);
      if (where.startsWith("adapters/auth/oidc/")) continue;
      const staticImports = [...readFileSync(f, "utf8").matchAll(/^import[^(]*?from\s+["']([^"']+)["']/gm)].map((m) => m[1]!);
      for (const spec of staticImports) expect(spec.includes("auth/oidc/"), `${where} imports ${spec} statically`).toBe(false);
    }
  });

  it("keeps the browser pages (src/ui) to themselves: the server's code only as the tool results' types", () => {
    const browser = ["@modelcontextprotocol/ext-apps", "@modelcontextprotocol/client"];
    for (const f of files(join(SRC, "ui"))) {
      const where = relative(SRC, f);
      if (where === "ui/vite.config.ts") continue;
      const text = readFileSync(f, "utf8");
      for (const spec of importsOf(f)) {
        const own = spec.startsWith("./") || spec.endsWith(".css");
        const types = spec === "../mcp/schemas.js" && new RegExp(`^import type [^;]+ from "${spec}"`, "m").test(text);
        expect(own || types || browser.includes(spec), `${where} imports ${spec}`).toBe(true);
      }
    }
  });

  it("keeps calendar arithmetic in src/core: no date library is imported anywhere else", () => {
    const dateLibraries =
      /^(luxon|moment|moment-timezone|dayjs|date-fns|date-fns-tz|@date-fns\/.*|@js-joda\/.*|@js-temporal\/polyfill|temporal-polyfill|chrono-node|cron-parser|cronstrue|rrule|spacetime|timezone-support|tzdata)$/;
    const outside = files(SRC).filter((f) => layer(f) !== "core");
    expect(outside.length).toBeGreaterThan(0);
    for (const f of outside) {
      for (const spec of importsOf(f)) expect(dateLibraries.test(spec), `${relative(SRC, f)} imports ${spec}`).toBe(false);
    }
  });

  it("keeps tool names out of the engine: src/app and src/core give reasons, src/mcp words the hints that name tools", () => {
    const toolName = /\b[a-z]+(?:_[a-z]+)+_v\d+\b/;
    const inner = [...files(join(SRC, "app")), ...files(join(SRC, "core"))];
    expect(inner.length).toBeGreaterThan(0);
    for (const f of inner) {
      const hit = readFileSync(f, "utf8").match(toolName);
      expect(hit?.[0], `${relative(SRC, f)} names a tool`).toBeUndefined();
    }
  });

  it("keeps app free of third-party SDKs", () => {
    for (const f of files(join(SRC, "app"))) {
      for (const spec of importsOf(f)) {
        expect(spec.startsWith(".") || spec.startsWith("node:") || ["zod", "ulid"].includes(spec), `${relative(SRC, f)} imports ${spec}`).toBe(true);
      }
    }
  });

  it("decides by the kind of store in one place: outside the backend modules and the config, only main.ts's backendFor compares it", () => {
    // A comparison with a store or queue kind, or with SQLite's in-memory path.
    const kindBranch = /(?:\b(?:store|queue|s|q)\.kind\s*[!=]==?\s*"(?:sqlite|dynamodb|local|sqs)"|[!=]==?\s*":memory:"|":memory:"\s*[!=]==?)/g;
    const main = readFileSync(join(SRC, "main.ts"), "utf8");
    const pick = /export async function backendFor\([\s\S]*?\n\}\n/.exec(main)?.[0];
    expect(pick, "main.ts has a backendFor").toBeDefined();
    expect(pick!.match(kindBranch)?.length).toBeGreaterThan(0);
    const sources = [...files(SRC), ...files(EVALS)].filter((f) => !relative(SRC, f).startsWith("adapters/") && relative(SRC, f) !== "config.ts");
    for (const f of sources) {
      const text = readFileSync(f, "utf8");
      const outside = relative(SRC, f) === "main.ts" ? text.replace(pick!, "") : text;
      expect(outside.match(kindBranch), `${relative(join(SRC, ".."), f)} decides by the kind of store`).toBeNull();
    }
  });

  it("has one composition root: the eval sandbox opens its engine through openEngine, not from adapters", () => {
    const sandbox = join(EVALS, "harness/sandbox.ts");
    const specs = importsOf(sandbox);
    expect(specs).toContain("../../src/main.js");
    expect(specs.filter((s) => s.includes("/adapters/"))).toEqual([]);
    expect(readFileSync(sandbox, "utf8")).not.toMatch(/new Engine\(/);
  });
});
