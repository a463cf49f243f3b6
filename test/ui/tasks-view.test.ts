import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, FrameLocator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { type HttpServerHandle, startHttpServer } from "../../src/mcp/http.js";
import { browserSkipReason, launchBrowser } from "../e2e/oauth/support.js";
import { apiOf } from "../e2e/support.js";
import { openHarness } from "../support/engine-harness.js";
import { BUILD_TIMEOUT_MS, ensureBuilt } from "../support/service.js";
import { hostCalls, hostReady, OWNER, SCREENS, SEEN_AT, seedTasks, startTestHost, type TestHost } from "./support.js";

/** A page load is a few seconds on a busy machine: the host connects, lists, calls, and the view makes its own calls. */
const PAGE_TEST_MS = 30_000;

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
    server = await startHttpServer({ api: apiOf(harness.engine), timezone: "UTC", port: 0, auth: { kind: "none", owner: OWNER } });
    host = await startTestHost(server.url);
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
});
