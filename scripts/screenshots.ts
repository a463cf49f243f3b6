/**
 * Regenerates the screenshots the docs show (docs/images/): the in-chat view in the browser
 * tests' chat host, and the local dashboard at 960 and 390 px wide, against a real duely holding
 * the browser tests' seeded tasks (test/ui/support.ts), in Debian's Chromium.
 * npm run screenshots   (builds first when src/ changed since the last build)
 */
import { join } from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { localAuth } from "../src/cli/service.js";
import { loadConfig } from "../src/config.js";
import { startHttpServer } from "../src/mcp/http.js";
import { launchBrowser } from "../test/e2e/oauth/support.js";
import { apiOf } from "../test/e2e/support.js";
import { openHarness } from "../test/support/engine-harness.js";
import { ensureBuilt } from "../test/support/service.js";
import { hostReady, OWNER, SEEN_AT, seedTasks, startTestHost } from "../test/ui/support.js";

const IMAGES = join(import.meta.dirname, "..", "docs", "images");
const SECRET = "s".repeat(64);

/** A page in a browser in India (none of the tasks' zones), on a clock stopped at SEEN_AT. */
async function newPage(browser: Browser, opts: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ timezoneId: "Asia/Kolkata", locale: "en-US", ...opts });
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date(SEEN_AT));
  return page;
}

ensureBuilt();
const harness = await openHarness("2026-03-06T12:00:00Z");
const ids = await seedTasks(harness);
const api = apiOf(harness.engine);
const config = loadConfig({ DUELY_OWNER: OWNER, DUELY_DB: harness.path, DUELY_TZ: "UTC", DUELY_CONFIG: "" });
const service = await startHttpServer({ api, timezone: "UTC", port: 0, auth: localAuth(SECRET, config, () => Date.now()) });
// The chat host's client connects with no token, as to a server run with --no-auth.
// Its page is on another loopback port, which --no-auth allows only when configured.
const host = await startTestHost(() => open.url);
const open = await startHttpServer({ api, timezone: "UTC", port: 0, auth: { kind: "none", owner: OWNER }, allowedOrigins: [host.origin] });
const browser = await launchBrowser();
try {
  const chat = await newPage(browser, { viewport: { width: 960, height: 1000 } });
  await chat.goto(host.pageUrl("task_get_v1", { task_id: ids.standup }));
  await hostReady(chat);
  const view = chat.frameLocator("#app iframe").frameLocator("iframe");
  await view.locator(`[data-detail="${ids.standup}"] .badge.late`).waitFor();
  await view.locator(`tr[data-task="${ids.standup}"] .fire.skipped`).waitFor();
  await chat.locator("#app iframe").screenshot({ path: join(IMAGES, "mcp-app.png") });

  const link = async () => {
    const res = await fetch(`${service.origin}/dashboard/ticket`, { method: "POST", headers: { authorization: `Bearer ${SECRET}` } });
    return ((await res.json()) as { url: string }).url;
  };
  const wide = await newPage(browser, { viewport: { width: 960, height: 700 }, colorScheme: "dark" });
  await wide.goto(await link());
  await wide.getByRole("button", { name: "Sync inbox" }).click();
  await wide.getByRole("button", { name: "Show older runs" }).waitFor();
  await wide.screenshot({ path: join(IMAGES, "dashboard.png"), fullPage: true });

  const narrow = await newPage(browser, { viewport: { width: 390, height: 844 }, colorScheme: "light", deviceScaleFactor: 2 });
  await narrow.goto(await link());
  await narrow.locator("table.timeline").waitFor();
  await narrow.locator(".fire").first().waitFor();
  await narrow.screenshot({ path: join(IMAGES, "dashboard-narrow.png") });
} finally {
  await browser.close();
  await host.close();
  await open.close();
  await service.close();
  await harness.close();
}
