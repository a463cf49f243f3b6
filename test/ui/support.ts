// The browser tests' parts: the MCP Apps test host (test/ui/host, built here with vite) served on
// one loopback origin and its sandbox proxy on another, and a duely with tasks seeded across a
// daylight-saving change.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { build } from "vite";
import type { Jobs } from "../../src/app/tasks/jobs.js";
import type { Run } from "../../src/core/model.js";
import { ActionFailure } from "../../src/ports/action.js";
import type { openHarness } from "../support/engine-harness.js";

const HOST_DIR = join(import.meta.dirname, "host");
/** Where the browser tests leave their screenshots (test artifacts; .tmp is not committed). */
export const SCREENS = join(import.meta.dirname, "..", "..", ".tmp", "screens");

/** The test host's script, bundled for the browser. */
async function buildHostScript(): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: "warn",
    build: { write: false, target: "es2022", minify: false, lib: { entry: join(HOST_DIR, "host.ts"), formats: ["es"], fileName: "host" } },
  });
  const [first] = Array.isArray(out) ? out : [out];
  const chunk = first && "output" in first ? first.output.find((o) => o.type === "chunk") : undefined;
  if (chunk?.type !== "chunk") throw new Error("the test host did not build");
  return chunk.code;
}

/** The sandbox page's CSP header, from the resource's `_meta.ui.csp`: nothing beyond the listed domains. */
function sandboxCsp(csp: { connectDomains?: string[]; resourceDomains?: string[] }): string {
  const res = (csp.resourceDomains ?? []).join(" ");
  const connect = (csp.connectDomains ?? []).join(" ");
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${res}`.trim(),
    `style-src 'unsafe-inline' ${res}`.trim(),
    `img-src data: ${res}`.trim(),
    connect ? `connect-src ${connect}` : "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export interface TestHost {
  /** The host page that calls `tool` with `args` and shows its result in duely's view. */
  pageUrl(tool: string, args?: Record<string, unknown>): string;
  /** The host page's origin, which duely must allow (another loopback port). */
  origin: string;
  close(): Promise<void>;
}

/** The host page and its script on one origin, the sandbox proxy on another; the page talks to duely at `mcpUrl`. */
export async function startTestHost(mcpUrl: () => string): Promise<TestHost> {
  const script = await buildHostScript();
  const page = readFileSync(join(HOST_DIR, "host.html"), "utf8");
  const sandbox = readFileSync(join(HOST_DIR, "sandbox.html"), "utf8");
  const sandboxServer = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== "/sandbox.html") return res.writeHead(404).end();
    const csp = JSON.parse(url.searchParams.get("csp") ?? "{}") as Record<string, string[]>;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-security-policy": sandboxCsp(csp) }).end(sandbox);
  });
  const sandboxOrigin = await listen(sandboxServer);
  const hostServer = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/host.js") return res.writeHead(200, { "content-type": "text/javascript" }).end(script);
    if (url.pathname !== "/") return res.writeHead(404).end();
    const config = { mcpUrl: mcpUrl(), sandboxOrigin, tool: url.searchParams.get("tool"), args: JSON.parse(url.searchParams.get("args") ?? "{}") };
    // "<" escaped: the JSON sits inside a <script> element.
    const json = JSON.stringify(config).replaceAll("<", "\\u003c");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page.replace(`id="config">{}<`, `id="config">${json}<`));
  });
  const hostOrigin = await listen(hostServer);
  return {
    origin: hostOrigin,
    pageUrl: (tool, args = {}) => `${hostOrigin}/?tool=${tool}&args=${encodeURIComponent(JSON.stringify(args))}`,
    async close() {
      for (const s of [hostServer, sandboxServer]) {
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
}

/** Waits for the test host to have shown the view (or failed to), and returns what it recorded. */
export async function hostReady(page: Page): Promise<void> {
  await page.waitForFunction(() => (globalThis as unknown as { __host?: { ready: boolean } }).__host?.ready === true, null, { timeout: 20_000 });
  const error = await page.evaluate(() => (globalThis as unknown as { __host: { error?: string } }).__host.error);
  if (error) throw new Error(`test host: ${error}`);
}

export const hostCalls = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __host: { calls: { name: string; arguments: unknown }[] } }).__host.calls);

/** When the seeded tasks are looked at: Saturday 7 March 2026, 07:00 in New York (EST); its clocks go forward the next night. */
export const SEEN_AT = "2026-03-07T12:00:00Z";
export const OWNER = "me";

/** When the seeded duely was down: from 11:00 to 11:45 UTC on Saturday 7 March. */
export const DOWN_FROM = "2026-03-07T11:00:00Z";
export const DOWN_UNTIL = "2026-03-07T11:45:00Z";

export type SeededIds = Record<"digest" | "backup" | "recap" | "prices" | "standup" | "sync", string>;

/**
 * Tasks with a history, made by the real engine from Friday 6 March 12:00 UTC to SEEN_AT: a New
 * York digest at 08:00 every day, a 02:30 backup that skips the hour the clocks jump over, a
 * Tokyo recap paused before its first run, a London price check whose action fails, London
 * stand-up notes at 11:30 whose Monday run the owner skipped, and an inbox sync every minute
 * (from 10:50 on Saturday) that fails every time. duely is down from DOWN_FROM to DOWN_UNTIL:
 * the stand-up notes run late, and the sync misses most of those minutes.
 */
export async function seedTasks(h: Awaited<ReturnType<typeof openHarness>>): Promise<SeededIds> {
  const jobs: Jobs = h.engine.jobs;
  const notify = (message: string) => ({ type: "notify" as const, message });
  const cron = (expr: string, timezone: string, dst?: { gap: "skip" }) => ({ kind: "cron" as const, expr, timezone, ...(dst && { dst }) });
  const digest = (
    await jobs.create(OWNER, { title: "Morning digest", action: notify("Markets opened higher."), schedule: cron("0 8 * * *", "America/New_York") })
  ).job;
  const backup = (
    await jobs.create(OWNER, { title: "Night backup", action: notify("Backup done."), schedule: cron("30 2 * * *", "America/New_York", { gap: "skip" }) })
  ).job;
  const recap = (await jobs.create(OWNER, { title: "Tokyo recap", action: notify("Nikkei closed."), schedule: cron("0 18 * * *", "Asia/Tokyo") })).job;
  const prices = (
    await jobs.create(OWNER, { title: "Price check", action: notify("prices"), schedule: cron("0 9 * * *", "Europe/London"), retry: { max_attempts: 1 } })
  ).job;
  const standup = (
    await jobs.create(OWNER, { title: "Stand-up notes", action: notify("Notes sent to the team."), schedule: cron("30 11 * * *", "Europe/London") })
  ).job;
  await jobs.pause(OWNER, recap.id);
  await jobs.skip(OWNER, standup.id, { within: { from: Date.parse("2026-03-09T11:29:00Z"), to: Date.parse("2026-03-09T11:31:00Z") } });
  h.actions.behaviour = (action) => {
    if (action.type === "notify" && action.message === "prices") throw new ActionFailure("the price feed answered 503", { permanent: true });
    if (action.type === "notify" && action.message === "sync") throw new ActionFailure("the mail server refused the login", { permanent: true });
    return { text: action.type === "notify" ? action.message : "" };
  };
  await h.runFor(Date.parse("2026-03-07T10:50:00Z") - h.clock.now(), 300_000);
  const sync = (await jobs.create(OWNER, { title: "Sync inbox", action: notify("sync"), schedule: cron("* * * * *", "UTC"), retry: { max_attempts: 1 } })).job;
  await h.runFor(Date.parse(DOWN_FROM) - h.clock.now(), 60_000);
  // Down: nothing runs, then one step finds what was missed.
  h.clock.advance(Date.parse(DOWN_UNTIL) - h.clock.now());
  await h.engine.step();
  await h.runFor(Date.parse(SEEN_AT) - h.clock.now(), 60_000);
  return { digest: digest.id, backup: backup.id, recap: recap.id, prices: prices.id, standup: standup.id, sync: sync.id };
}

/** Every run of a task as stored, newest first. */
export async function allRuns(h: Awaited<ReturnType<typeof openHarness>>, jobId: string): Promise<Run[]> {
  const out: Run[] = [];
  let cursor: string | null = null;
  do {
    const page = await h.store.listJobRuns(jobId, { limit: 100, cursor });
    out.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return out;
}

/**
 * Run in the page (as a string: these tests are not compiled for the DOM): what of the view's
 * times, dates, names and badges is cut off, i.e. its text reaches outside the box that holds it
 * (its own for a block, such as a fire; else its cell, run or heading) or the window; and whether
 * the page scrolls sideways. An empty list when everything is shown whole.
 */
export const CUT_OFF_TEXT = `(() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  if (document.documentElement.scrollWidth > width) out.push("the page scrolls sideways: " + document.documentElement.scrollWidth + " px");
  for (const el of document.querySelectorAll(".fire, .date, .who .select, .zone, .badge, .run time, .detail h2")) {
    const range = document.createRange();
    range.selectNodeContents(el);
    const t = range.getBoundingClientRect();
    if (t.width === 0) continue;
    const holder = getComputedStyle(el).display === "inline" ? el.closest("td, th, li, h2") || el : el;
    const box = holder.getBoundingClientRect();
    if (t.left < Math.max(0, box.left) - 0.5 || t.right > Math.min(width, box.right) + 0.5)
      out.push((el.className || el.tagName) + " " + JSON.stringify(el.textContent) + ": text " + Math.round(t.left) + "-" + Math.round(t.right) + " in " + Math.round(box.left) + "-" + Math.round(box.right));
  }
  return out;
})()`;
