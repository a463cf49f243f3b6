/**
 * Renders assets/icon.svg to assets/icon.png (512×512, transparent corners), the icon the MCP
 * bundle's manifest names: bundles carry PNG icons. Run after changing the SVG, and commit both:
 * npx tsx scripts/render-icon.ts  (uses Debian's Chromium through playwright-core)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

const ASSETS = join(import.meta.dirname, "..", "assets");
const svg = readFileSync(join(ASSETS, "icon.svg"), "utf8");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
try {
  const page = await browser.newPage({ viewport: { width: 512, height: 512 } });
  await page.setContent(`<body style="margin:0;background:transparent">${svg}</body>`);
  await page.locator("svg").screenshot({ path: join(ASSETS, "icon.png"), omitBackground: true });
} finally {
  await browser.close();
}
