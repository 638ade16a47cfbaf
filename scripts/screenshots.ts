/**
 * Screenshots of pages at several widths, for looking at: `npx tsx scripts/screenshots.ts [base] [paths...]`.
 * Writes PNGs to test-results/screenshots/.
 */
import { chromium } from "@playwright/test";
import { mkdir } from "node:fs/promises";
import { chromiumArgs, testBrowserPath } from "./browser";

const [base = "http://localhost:3000", ...pathsArg] = process.argv.slice(2);
const pagePaths = pathsArg.length > 0 ? pathsArg : ["/"];
const widths = (process.env.WIDTHS ?? "390,1280").split(",").map(Number);

await mkdir("test-results/screenshots", { recursive: true });
const browser = await chromium.launch({ executablePath: testBrowserPath, args: chromiumArgs });
for (const width of widths) {
  // Reduced motion: scroll reveals stay put, so a full-page shot shows every section.
  const page = await browser.newPage({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
  for (const path of pagePaths) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    const name = `${path.replace(/\//g, "_") || "_"}-${width}.png`;
    await page.screenshot({ path: `test-results/screenshots/${name}`, fullPage: process.env.FULL !== "0" });
    console.log(`test-results/screenshots/${name}`);
  }
  await page.close();
}
await browser.close();
