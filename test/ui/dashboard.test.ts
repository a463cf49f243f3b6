import { execFileSync, spawn } from "node:child_process";
import { request } from "node:http";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { localAuth } from "../../src/cli/service.js";
import { loadConfig } from "../../src/config.js";
import { type HttpServerHandle, startHttpServer } from "../../src/mcp/http.js";
import { httpToolClient } from "../../src/mcp/tool-client.js";
import { readDiscovery } from "../../src/service/discovery.js";
import { servicePaths } from "../../src/service/paths.js";
import { browserSkipReason, launchBrowser } from "../e2e/oauth/support.js";
import { apiOf, rawPost } from "../e2e/support.js";
import { openHarness } from "../support/engine-harness.js";
import { FakeClock } from "../support/fake-clock.js";
import { waitFor } from "../support/processes/children.js";
import { BUILD_TIMEOUT_MS, CLI, ensureBuilt, newDataDir, stopService } from "../support/service.js";
import { CUT_OFF_TEXT, OWNER, SCREENS, SEEN_AT, seedTasks } from "./support.js";

const SECRET = "7".repeat(64);
const PAGE_TEST_MS = 60_000;

/** A request with exactly these headers (fetch would set Host and Origin itself). */
function raw(
  url: string,
  method: string,
  headers: Record<string, string>,
  body = "",
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: u.pathname, method, headers }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("the local dashboard: the tasks view served by the local service to its owner", () => {
  let harness: Awaited<ReturnType<typeof openHarness>>;
  let ids: Awaited<ReturnType<typeof seedTasks>>;
  let server: HttpServerHandle;
  let origin: string;
  let browser: Browser | null = null;
  // The sign-in's own clock, on real time: the SDK checks a token's expiry against the real clock.
  const signInClock = new FakeClock(Date.now());

  const ticket = async () => {
    const res = await fetch(`${origin}/dashboard/ticket`, { method: "POST", headers: { authorization: `Bearer ${SECRET}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as { ticket: string; url: string };
  };
  const session = (ticketValue: string, from = origin) =>
    raw(
      `${origin}/dashboard/session`,
      "POST",
      { host: new URL(origin).host, origin: from, "content-type": "application/json" },
      JSON.stringify({ ticket: ticketValue }),
    );

  beforeAll(async () => {
    ensureBuilt();
    harness = await openHarness("2026-03-06T12:00:00Z");
    ids = await seedTasks(harness);
    const config = loadConfig({ DUELY_OWNER: OWNER, DUELY_DB: harness.path, DUELY_TZ: "UTC", DUELY_CONFIG: "" });
    server = await startHttpServer({ api: apiOf(harness.engine), timezone: "UTC", port: 0, auth: localAuth(SECRET, config, () => signInClock.now()) });
    origin = server.origin;
    if (!browserSkipReason) browser = await launchBrowser();
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await harness?.close();
  });

  test("refuses a request naming another host, a page of another origin, and a caller without the secret", async () => {
    expect((await raw(`${origin}/`, "GET", { host: "evil.example" })).status).toBe(403);
    expect((await rawPost(server.url, { host: "evil.example", authorization: `Bearer ${SECRET}` })).status).toBe(403);
    expect((await rawPost(server.url, { origin: "http://evil.example", authorization: `Bearer ${SECRET}` })).status).toBe(403);
    expect((await rawPost(server.url, {})).status).toBe(401);
    expect((await raw(`${origin}/dashboard/ticket`, "POST", { host: new URL(origin).host })).status).toBe(401);
    expect((await raw(`${origin}/dashboard/ticket`, "POST", { host: new URL(origin).host, authorization: `Bearer ${"0".repeat(64)}` })).status).toBe(401);
    expect((await rawPost(server.url, { authorization: `Bearer ${SECRET}` })).status).toBe(200);
  });

  test("a ticket opens one session, once, within two minutes, and only for a page of this very origin", async () => {
    const { ticket: first, url } = await ticket();
    expect(url).toBe(`${origin}/#ticket=${first}`);
    // Same host name, another port: any local program could serve that page.
    const otherPort = `http://127.0.0.1:${Number(new URL(origin).port) + 1}`;
    expect((await session(first, otherPort)).status).toBe(403);
    const opened = await session(first);
    expect(opened.status).toBe(200);
    const { token } = JSON.parse(opened.text) as { token: string };
    expect((await session(first)).status).toBe(401);
    expect((await rawPost(server.url, { authorization: `Bearer ${token}` })).status).toBe(200);

    const late = (await ticket()).ticket;
    signInClock.advance(121_000);
    expect((await session(late)).status).toBe(401);
    // The session token is no key to more tickets: only the secret is.
    expect((await raw(`${origin}/dashboard/ticket`, "POST", { host: new URL(origin).host, authorization: `Bearer ${token}` })).status).toBe(401);
  });

  test("serves the page under a CSP that admits only its own inline code and fetches to itself", async () => {
    const page = await raw(`${origin}/`, "GET", { host: new URL(origin).host });
    expect(page.status).toBe(200);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe");
  });

  test("opens the change stream only with a dashboard session's token, and streams only the owner's task ids", async () => {
    const post = (token: string) =>
      fetch(`${origin}/dashboard/changes`, { method: "POST", headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(10_000) });
    // The service's secret acts as the owner on /mcp, but is not a dashboard session.
    expect((await post(SECRET)).status).toBe(401);
    expect((await post("0".repeat(43))).status).toBe(401);
    const opened = await session((await ticket()).ticket);
    const { token } = JSON.parse(opened.text) as { token: string };
    const res = await post(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    const until = async (want: string) => {
      while (!text.includes(want)) text += (await reader.read()).value ?? "";
    };
    await until("event: ready\n");
    await harness.engine.jobs.pause(OWNER, ids.standup);
    await harness.engine.jobs.resume(OWNER, ids.standup);
    await until(`event: changed\ndata: {"tasks":["${ids.standup}"]}\n\nevent: changed\ndata: {"tasks":["${ids.standup}"]}\n\n`);
    await reader.cancel();
  });

  test("ends the change stream at the first change after its session has expired, telling nothing more", async () => {
    const { token } = JSON.parse((await session((await ticket()).ticket)).text) as { token: string };
    const res = await fetch(`${origin}/dashboard/changes`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(10_000),
    });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("event: ready\n")) text += (await reader.read()).value ?? "";
    signInClock.advance(13 * 3_600_000); // a session lasts 12 hours
    await harness.engine.jobs.pause(OWNER, ids.standup);
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += r.value;
    expect(text).toBe("event: ready\ndata: {}\n\n");
    await harness.engine.jobs.resume(OWNER, ids.standup);
  });

  describe.skipIf(browserSkipReason)("in Chromium", () => {
    let page: Page | null = null;
    afterEach(async () => {
      await page?.context().close();
      page = null;
    });

    /**
     * The dashboard through a fresh link, in a browser on a fake clock (timers only run when the
     * test says). Every console error or warning, uncaught error, failed request and answer of
     * 400 or more while it loads is a problem.
     */
    async function openDashboard(viewport = { width: 960, height: 600 }, onPage: (p: Page) => void = () => undefined): Promise<Page> {
      const context = await browser!.newContext({ timezoneId: "Asia/Kolkata", locale: "en-US", viewport, colorScheme: "dark" });
      page = await context.newPage();
      const problems: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
      });
      page.on("pageerror", (e) => problems.push(`uncaught: ${e.message}`));
      page.on("requestfailed", (r) => problems.push(`failed: ${r.method()} ${r.url()}: ${r.failure()?.errorText}`));
      page.on("response", (r) => {
        if (r.status() >= 400) problems.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
      });
      onPage(page);
      await page.clock.install({ time: new Date(SEEN_AT) });
      await page.goto((await ticket()).url);
      await page.locator("table.timeline").waitFor({ timeout: 15_000 });
      await page.locator(".fire").first().waitFor();
      expect(problems).toEqual([]);
      return page;
    }

    /** Stops the page's timers for good (its clock was flowing): no timer of the page, a poll, can show what comes after. */
    async function stopTimers(p: Page): Promise<void> {
      await p.clock.pauseAt(new Date((await p.evaluate(() => Date.now())) + 1_000));
    }

    test(
      "loads with nothing in the console and no request refused: every call to /mcp is a POST",
      async () => {
        const requests: string[] = [];
        const p = await openDashboard(undefined, (opened) => opened.on("request", (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`)));
        await p.getByRole("button", { name: "Sync inbox" }).click();
        await p.locator(`[data-detail="${ids.sync}"] .run`).first().waitFor();
        const mcp = requests.filter((r) => r.endsWith(" /mcp"));
        expect(mcp.length).toBeGreaterThan(0);
        expect(mcp.filter((r) => !r.startsWith("POST "))).toEqual([]);
      },
      PAGE_TEST_MS,
    );

    test(
      "at 390 px wide every time, date and name is shown whole, and nothing is wider than the screen",
      async () => {
        const p = await openDashboard({ width: 390, height: 844 });
        await p.getByRole("button", { name: "Stand-up notes" }).click();
        await p.locator(`[data-detail="${ids.standup}"] .run`).first().waitFor();
        const cut = await p.evaluate<string[]>(CUT_OFF_TEXT);
        expect(cut).toEqual([]);
        // The times are as large as on a wide screen: readable, not shrunk to fit.
        expect(
          await p
            .locator(".fire")
            .first()
            .evaluate((e) => e.ownerDocument.defaultView!.getComputedStyle(e).fontSize),
        ).toBe("14px");
        await p.screenshot({ path: join(SCREENS, "dashboard-390.png"), fullPage: true });
      },
      PAGE_TEST_MS,
    );

    test(
      "the older runs read stay shown when the page reads the task again",
      async () => {
        const p = await openDashboard();
        await p.getByRole("button", { name: "Sync inbox" }).click();
        const runs = p.locator(`[data-detail="${ids.sync}"] .run`);
        await runs.first().waitFor();
        expect(await p.getByRole("button", { name: "Show older runs" }).count()).toBe(1);
        await p.getByRole("button", { name: "Show older runs" }).click();
        await expect.poll(() => runs.count()).toBe(30);
        const shown = await runs.evaluateAll((els) => els.map((e) => e.getAttribute("data-utc")));
        // Another task changes: the page reads the list and the open task again.
        await stopTimers(p);
        const reread = p.waitForResponse((r) => r.request().postData()?.includes('"task_get_v1"') === true);
        await harness.engine.jobs.pause(OWNER, ids.standup);
        await harness.engine.jobs.resume(OWNER, ids.standup);
        await reread;
        await expect.poll(() => runs.count()).toBe(30);
        expect(await runs.evaluateAll((els) => els.map((e) => e.getAttribute("data-utc")))).toEqual(shown);
      },
      PAGE_TEST_MS,
    );

    test(
      "shows the same timeline and reasons, and forgets the ticket from the address bar",
      async () => {
        const p = await openDashboard();
        expect(new URL(p.url()).hash).toBe("");
        expect(await p.locator(`tr[data-task="${ids.digest}"] .fire`).allTextContents()).toEqual(Array(7).fill("08:00"));
        expect(await p.locator(`tr[data-task="${ids.digest}"] .fire`).first().getAttribute("data-offset")).toBe("UTC−05:00");
        await p.getByRole("button", { name: "Night backup" }).click();
        const skipped = p.locator(`[data-detail="${ids.backup}"] .run`).filter({ hasText: "skipped: dst gap" });
        expect(await skipped.locator(".why").textContent()).toMatch(/^That local time did not exist/);
        // A reload keeps the tab's session.
        await p.reload();
        await p.locator("table.timeline").waitFor();
      },
      PAGE_TEST_MS,
    );

    test(
      "Pause pauses the task in duely and the page shows it",
      async () => {
        const p = await openDashboard();
        await p.getByRole("button", { name: "Price check" }).click();
        await p.getByRole("button", { name: "Pause" }).click();
        await p.locator(`tr[data-task="${ids.prices}"] .badge.paused`).waitFor();
        expect((await harness.engine.jobs.get(OWNER, ids.prices)).job.status).toBe("paused");
        // docs/images/dashboard.png is a copy.
        await p.screenshot({ path: join(SCREENS, "dashboard.png"), fullPage: true });
      },
      PAGE_TEST_MS,
    );

    test(
      "shows a run that finished while it was open, as it lands: the service streams its owner's changes",
      async () => {
        const p = await openDashboard();
        await p.getByRole("button", { name: "Morning digest" }).click();
        const runs = p.locator(`[data-detail="${ids.digest}"] .run.succeeded`);
        await runs.first().waitFor();
        expect(await runs.count()).toBe(1);
        await stopTimers(p);
        await harness.runFor(2 * 3_600_000, 300_000);
        await expect.poll(() => runs.count(), { timeout: 10_000 }).toBe(2);
        expect(await runs.first().locator("time").textContent()).toBe("2026-03-07 08:00");
      },
      PAGE_TEST_MS,
    );

    test(
      "shows a task another client's tool created, and its pause, as they land, with no timer of the page running",
      async () => {
        const p = await openDashboard();
        await stopTimers(p);
        const tools = await httpToolClient(server.url, SECRET);
        try {
          const created = await tools.call("task_create_v1", {
            title: "Water the plants",
            action: { type: "notify", message: "Water them." },
            when: "every day at 7am",
          });
          const id = (created.task as { id: string }).id;
          const row = p.locator(`tr[data-task="${id}"]`);
          await row.waitFor({ timeout: 10_000 });
          expect(await row.locator(".badge.paused").count()).toBe(0);
          await tools.call("task_pause_v1", { task_id: id });
          await row.locator(".badge.paused").waitFor({ timeout: 10_000 });
          await tools.call("task_cancel_v1", { task_id: id });
        } finally {
          await tools.close();
        }
      },
      PAGE_TEST_MS,
    );
  });
});

describe("duely service open", () => {
  test(
    "prints a one-time link to the running service's dashboard, and says so when no service runs",
    async () => {
      ensureBuilt();
      const { dir, env } = newDataDir();
      try {
        const open = () =>
          execFileSync(process.execPath, [CLI, "service", "open", "--no-browser"], {
            env: { ...process.env, ...env },
            encoding: "utf8",
            stdio: ["ignore", "pipe", "pipe"],
          });
        expect(open).toThrow(/duely service is not running/);
        const child = spawn(process.execPath, [CLI, "service", "run"], { env: { ...process.env, ...env }, stdio: "ignore", detached: true });
        child.unref();
        await waitFor(() => readDiscovery(servicePaths(dir)) !== null, 30_000, "the service to start");
        const link = open().trim();
        const origin = readDiscovery(servicePaths(dir))!.url.replace(/\/mcp$/, "");
        expect(link).toMatch(new RegExp(`^${origin}/#ticket=[A-Za-z0-9_-]{43}$`));
        const res = await fetch(`${origin}/dashboard/session`, {
          method: "POST",
          headers: { origin, "content-type": "application/json" },
          body: JSON.stringify({ ticket: link.split("=")[1] }),
        });
        expect(res.status).toBe(200);
        expect((await fetch(`${origin}/`)).headers.get("content-type")).toBe("text/html; charset=utf-8");
      } finally {
        await stopService(dir);
      }
    },
    BUILD_TIMEOUT_MS,
  );
});
