import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, FrameLocator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { type HttpServerHandle, startHttpServer } from "../../src/mcp/http.js";
import { browserSkipReason, launchBrowser } from "../e2e/oauth/support.js";
import { apiOf } from "../e2e/support.js";
import { openHarness } from "../support/engine-harness.js";
import { BUILD_TIMEOUT_MS, ensureBuilt } from "../support/service.js";
import { allRuns, hostCalls, hostReady, OWNER, SCREENS, SEEN_AT, seedTasks, startTestHost, type TestHost } from "./support.js";

/**
 * A page load is a few seconds, and up to half a minute on a machine shared with other test runs:
 * the host connects, lists, calls, and the view makes its own calls.
 */
const PAGE_TEST_MS = 60_000;

describe.skipIf(browserSkipReason)("the MCP App in a browser chat host (Chromium, app bridge over postMessage, real duely)", () => {
  let harness: Awaited<ReturnType<typeof openHarness>>;
  let ids: Awaited<ReturnType<typeof seedTasks>>;
  let server: HttpServerHandle;
  let host: TestHost;
  let browser: Browser;
  let page: Page | null = null;

  beforeAll(async () => {
    ensureBuilt();
    mkdirSync(SCREENS, { recursive: true });
    harness = await openHarness("2026-03-06T12:00:00Z");
    ids = await seedTasks(harness);
    // The host page is on another loopback port: without a token, duely must be told to allow it.
    host = await startTestHost(() => server.url);
    server = await startHttpServer({
      api: apiOf(harness.engine),
      timezone: "UTC",
      port: 0,
      auth: { kind: "none", owner: OWNER },
      allowedOrigins: [host.origin],
    });
    browser = await launchBrowser();
  }, BUILD_TIMEOUT_MS);
  afterEach(async () => {
    await page?.context().close();
    page = null;
  });
  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await server?.close();
    await harness?.close();
  });

  /** The host page calling `tool`, in a browser whose own zone is none of the tasks' (India), at SEEN_AT. */
  async function open(tool: string, args: Record<string, unknown> = {}): Promise<FrameLocator> {
    const context = await browser.newContext({ timezoneId: "Asia/Kolkata", locale: "en-US", viewport: { width: 960, height: 1000 } });
    page = await context.newPage();
    await page.clock.setFixedTime(new Date(SEEN_AT));
    await page.goto(host.pageUrl(tool, args));
    await hostReady(page);
    return page.frameLocator("#app iframe").frameLocator("iframe");
  }
  const row = (view: FrameLocator, id: string) => view.locator(`tr[data-task="${id}"]`);

  test(
    "the week timeline shows each task's runs at its own local time, across New York's change to daylight time",
    async () => {
      const view = await open("task_list_v1");
      await row(view, ids.digest).locator(".fire").first().waitFor();
      const digest = row(view, ids.digest).locator(".fire");
      expect(await digest.allTextContents()).toEqual(Array(7).fill("08:00"));
      // Saturday's run is still on EST (13:00 UTC); from Sunday the same 08:00 is EDT (12:00 UTC).
      expect(await digest.evaluateAll((els) => els.map((e) => [e.getAttribute("data-utc"), e.getAttribute("data-offset")]))).toEqual([
        ["2026-03-07T13:00:00Z", "UTC−05:00"],
        ...["08", "09", "10", "11", "12", "13"].map((d) => [`2026-03-${d}T12:00:00Z`, "UTC−04:00"]),
      ]);
      expect(await row(view, ids.digest).locator(".fire.shifted").getAttribute("data-utc")).toBe("2026-03-08T12:00:00Z");
      expect(
        await row(view, ids.digest)
          .locator(".clock-change")
          .evaluateAll((els) => els.map((e) => [e.closest("td")?.dataset.date, e.textContent])),
      ).toEqual([["2026-03-08", "EST → EDT"]]);

      // 02:30 does not exist on 8 March in New York, and this task skips it.
      const backup = row(view, ids.backup);
      expect(await backup.locator('td[data-date="2026-03-08"] .fire').count()).toBe(0);
      expect(await backup.locator(".fire").allTextContents()).toEqual(Array(5).fill("02:30"));
      // Tokyo's week starts on its own date (21:00 on Saturday there), at 18:00 Tokyo time, greyed while paused.
      const recap = row(view, ids.recap);
      expect(await recap.locator("td.today").getAttribute("data-date")).toBe("2026-03-07");
      expect(await recap.locator(".fire").allTextContents()).toEqual(Array(6).fill("18:00"));
      expect(await recap.locator(".badge").textContent()).toBe("Paused");
      await page!.screenshot({ path: join(SCREENS, "view-timeline.png"), fullPage: true });
    },
    PAGE_TEST_MS,
  );

  test(
    "a task's recent runs show why an occurrence did not run, and why one failed",
    async () => {
      const view = await open("task_list_v1");
      await view.getByRole("button", { name: "Night backup" }).click();
      const backupRuns = view.locator(`[data-detail="${ids.backup}"] .run`);
      await backupRuns.first().waitFor();
      const skipped = backupRuns.filter({ hasText: "skipped: dst gap" });
      expect(await skipped.locator("time").textContent()).toBe("2026-03-08 03:00");
      expect(await skipped.locator(".why").textContent()).toMatch(/^That local time did not exist: the clocks jumped forward/);

      // Keyboard: focus the next task's name and open it with Enter.
      await view.getByRole("button", { name: "Tokyo recap" }).focus();
      await page!.keyboard.press("Enter");
      const paused = view.locator(`[data-detail="${ids.recap}"] .run`).filter({ hasText: "skipped: paused" });
      expect(await paused.locator(".why").textContent()).toBe("The task was paused at that time.");

      await view.getByRole("button", { name: "Price check" }).click();
      const failed = view.locator(`[data-detail="${ids.prices}"] .run.failed`);
      expect(await failed.locator(".why").textContent()).toBe("the price feed answered 503");
      await page!.screenshot({ path: join(SCREENS, "view-failed-run.png"), fullPage: true });
    },
    PAGE_TEST_MS,
  );

  test(
    "a task_get_v1 result opens that task with its runs",
    async () => {
      const view = await open("task_get_v1", { task_id: ids.backup });
      await view.locator(`[data-detail="${ids.backup}"]`).waitFor();
      expect(await view.locator("#detail-title").textContent()).toMatch(/^Night backup/);
      expect(await view.locator(`[data-detail="${ids.backup}"] .run .badge`).allTextContents()).toContain("skipped: dst gap");
      // The view as the chat shows it (the frame only): docs/images/mcp-app.png is a copy.
      await page!.locator("#app iframe").screenshot({ path: join(SCREENS, "view-task-get.png") });
    },
    PAGE_TEST_MS,
  );

  test(
    "Pause calls task_pause_v1 through the host, and the task then shows paused",
    async () => {
      const view = await open("task_list_v1");
      await view.getByRole("button", { name: "Morning digest" }).click();
      await view.getByRole("button", { name: "Pause" }).click();
      await row(view, ids.digest).locator(".badge.paused").waitFor();
      expect(await view.getByRole("status").textContent()).toBe("Paused: Morning digest.");
      expect((await hostCalls(page!)).filter((c) => c.name !== "schedule_preview_v1" && c.name !== "task_list_v1" && c.name !== "task_get_v1")).toEqual([
        { name: "task_pause_v1", arguments: { task_id: ids.digest } },
      ]);
      expect((await harness.engine.jobs.get(OWNER, ids.digest)).job.status).toBe("paused");
      expect(await view.getByRole("button", { name: "Resume" }).isVisible()).toBe(true);
      await page!.screenshot({ path: join(SCREENS, "view-paused.png"), fullPage: true });
    },
    PAGE_TEST_MS,
  );

  test(
    "an occurrence skipped with task_skip_v1 is drawn skipped on the week timeline, not as coming",
    async () => {
      const view = await open("task_list_v1");
      const standup = row(view, ids.standup);
      await standup.locator(".fire").first().waitFor();
      // Monday 9 March's run was skipped by the owner; the others still come.
      expect(await standup.locator(".fire").evaluateAll((els) => els.map((e) => [e.closest("td")?.dataset.date, e.textContent]))).toEqual([
        ["2026-03-08", "11:30"],
        ["2026-03-09", "11:30 skipped"],
        ["2026-03-10", "11:30"],
        ["2026-03-11", "11:30"],
        ["2026-03-12", "11:30"],
        ["2026-03-13", "11:30"],
      ]);
      const monday = standup.locator('td[data-date="2026-03-09"] .fire');
      expect(await monday.getAttribute("data-state")).toBe("skipped");
      expect(await monday.getAttribute("title")).toMatch(/: skipped, it will not run$/);
      expect(await monday.locator("s").evaluate((e) => e.ownerDocument.defaultView!.getComputedStyle(e).textDecorationLine)).toBe("line-through");
      expect(await standup.locator('.fire[data-state="coming"]').count()).toBe(5);
    },
    PAGE_TEST_MS,
  );

  test(
    "a task whose runs fail wears a red Failing with the reason, not a green Active",
    async () => {
      const view = await open("task_list_v1");
      const sync = row(view, ids.sync);
      await sync.locator(".badge").waitFor();
      expect(await sync.locator(".badge").textContent()).toBe("Failing");
      expect(await sync.locator(".failing-why").textContent()).toMatch(/^The last \d+ runs failed: the mail server refused the login$/);
      expect(await row(view, ids.prices).locator(".failing-why").textContent()).toBe("The last run failed: the price feed answered 503");
      // Red, as a failed run's badge, not the green of an active task that does well.
      const color = (l: ReturnType<typeof row>) => l.locator(".badge").evaluate((e) => e.ownerDocument.defaultView!.getComputedStyle(e).color);
      expect(await row(view, ids.backup).locator(".badge").textContent()).toBe("Active");
      expect(await color(sync)).not.toBe(await color(row(view, ids.backup)));
      await view.getByRole("button", { name: "Sync inbox" }).click();
      expect(await view.locator("#detail-title .badge").textContent()).toBe("Failing");
    },
    PAGE_TEST_MS,
  );

  test(
    "a run that started late after downtime says how late, not only that it succeeded",
    async () => {
      const view = await open("task_get_v1", { task_id: ids.standup });
      const run = view.locator(`[data-detail="${ids.standup}"] .run`).filter({ has: view.locator('time[datetime="2026-03-07T11:30:00Z"]') });
      await run.waitFor();
      // duely was down from 11:00 to 11:45: the 11:30 run started when it came back.
      expect(await run.locator(".badge").allTextContents()).toEqual(["succeeded", "late by 15 min"]);
      await page!.locator("#app iframe").screenshot({ path: join(SCREENS, "view-late-run.png") });
    },
    PAGE_TEST_MS,
  );

  test(
    "Show older runs pages back to the oldest run, so the minutes missed while duely was down stay reachable",
    async () => {
      const view = await open("task_get_v1", { task_id: ids.sync });
      const runs = view.locator(`[data-detail="${ids.sync}"] .run`);
      await runs.first().waitFor();
      expect(await runs.count()).toBe(10);
      expect(await runs.filter({ hasText: "skipped: missed" }).count()).toBe(0);
      const older = view.getByRole("button", { name: "Show older runs" });
      let pages = 0;
      while ((await older.isVisible()) && pages < 10) {
        const before = await runs.count();
        await older.click();
        await expect.poll(() => runs.count()).toBeGreaterThan(before);
        pages++;
      }
      const stored = await allRuns(harness, ids.sync);
      expect(pages).toBe(Math.ceil((stored.length - 10) / 20));
      expect(await runs.evaluateAll((els) => els.map((e) => e.getAttribute("data-utc")))).toEqual(
        stored.map((r) => new Date(r.scheduled_at).toISOString().replace(".000Z", "Z")),
      );
      const missed = runs.filter({ hasText: "skipped: missed" });
      expect(await missed.count()).toBe(stored.filter((r) => r.skip_reason === "missed").length);
      expect(await missed.first().locator(".why").textContent()).toMatch(/^duely was not running at that time/);
      expect(await view.getByRole("status").textContent()).toMatch(/older runs? shown; these are the oldest\.$/);
    },
    PAGE_TEST_MS,
  );

  test(
    "Run now calls task_run_now_v1 through the host, and shows the run's result when it has run",
    async () => {
      const view = await open("task_list_v1");
      await view.getByRole("button", { name: "Night backup" }).click();
      await view.locator(`[data-detail="${ids.backup}"]`).waitFor();
      expect(await view.getByRole("button", { name: "Run now" }).count()).toBe(1);
      await view.getByRole("button", { name: "Run now" }).click();
      const status = view.getByRole("status");
      await expect.poll(() => status.textContent()).toBe("Running Night backup now: its result shows here when it finishes.");
      expect((await hostCalls(page!)).filter((c) => c.name === "task_run_now_v1")).toEqual([{ name: "task_run_now_v1", arguments: { task_id: ids.backup } }]);
      // The service runs it; the view reads the task again until the run has ended.
      await harness.runFor(1_000, 1_000);
      await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe("Run now of Night backup succeeded: Backup done.");
      const manual = view.locator(`[data-detail="${ids.backup}"] .run`).filter({ has: view.locator(".badge.manual") });
      expect(await manual.count()).toBe(1);
      expect(await manual.locator(".badge").allTextContents()).toEqual(["succeeded", "run now"]);
      expect(await manual.locator(".result p").textContent()).toBe("Backup done.");
    },
    PAGE_TEST_MS,
  );

  test(
    "a title with a NUL, a lone surrogate, a direction override and HTML shows as text, each unseen character as a visible escape",
    async () => {
      const title = "Rent\u0000due\uD800 \u202Egnp.exe<img src=x onerror=alert(1)><b>bold</b>";
      const { job } = await harness.engine.jobs.create(OWNER, {
        title,
        action: { type: "notify", message: "pay" },
        schedule: { kind: "cron", expr: "0 9 * * *", timezone: "UTC" },
      });
      try {
        const dialogs: string[] = [];
        const view = await open("task_list_v1");
        page!.on("dialog", (d) => {
          dialogs.push(d.message());
          d.dismiss().catch(() => undefined);
        });
        const name = row(view, job.id).locator(".select");
        await name.waitFor();
        // SQLite keeps a lone surrogate as replacement characters; either way it shows as one escape.
        expect(await name.textContent()).toMatch(/^Rent\\u0000due\\u(FFFD|D800) \\u202Egnp\.exe<img src=x onerror=alert\(1\)><b>bold<\/b>$/);
        expect(await name.locator(".esc").allTextContents()).toHaveLength(3);
        expect(await name.locator(".esc").first().getAttribute("title")).toBe("U+0000: an invisible control character");
        await name.click();
        // Attributes too: the actions' accessible name.
        const group = view.locator(`[data-detail="${job.id}"] [role="group"]`);
        expect(await group.getAttribute("aria-label")).toMatch(/^Actions for Rent\\u0000due\\u(FFFD|D800) \\u202Egnp\.exe</);
        await view.getByRole("button", { name: "Pause" }).click();
        await expect.poll(() => view.getByRole("status").textContent()).toMatch(/^Paused: Rent\\u0000due/);
        // Nothing of it became markup, and no unseen character reached the page's text.
        const frame = view.locator("body");
        expect(await frame.locator("img, b").count()).toBe(0);
        const unseen = await frame.evaluate((body) => {
          // 4: NodeFilter.SHOW_TEXT
          const walker = body.ownerDocument.createTreeWalker(body, 4);
          const found: string[] = [];
          for (let n = walker.nextNode(); n; n = walker.nextNode())
            if (/[\u0000-\u0008\u000B-\u001F\u202A-\u202E\u2066-\u2069\uFFFD]|[\uD800-\uDFFF]/u.test(n.textContent ?? ""))
              found.push(JSON.stringify(n.textContent));
          return found;
        });
        expect(unseen).toEqual([]);
        expect(dialogs).toEqual([]);
        await page!.locator("#app iframe").screenshot({ path: join(SCREENS, "view-unsafe-title.png") });
      } finally {
        await harness.engine.jobs.cancel(OWNER, job.id);
      }
    },
    PAGE_TEST_MS,
  );
});
