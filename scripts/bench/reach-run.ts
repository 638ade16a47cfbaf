/** --reach, run: each route once on a phone, and how far a visitor scrolls to each thing (./reach.ts). */
import { launchPlaywrightChromium, log, nameHelperShim } from "./processes";
import { type ReachRow, measureReachBoxes, reachRow, reachViewport } from "./reach";

/** --reach: each route once on a phone (Playwright's Chromium driver, Debian's Chromium), scroll distances. */
export async function measureReach(baseUrl: string, routes: readonly string[]): Promise<ReachRow[]> {
  const browser = await launchPlaywrightChromium();
  const page = await browser.newPage({ viewport: reachViewport, isMobile: true, hasTouch: true });
  await page.addInitScript(nameHelperShim);
  const rows: ReachRow[] = [];
  for (const route of routes) {
    await page.goto(`${baseUrl}${route}`, { waitUntil: "load" });
    rows.push(reachRow(route, await page.evaluate(measureReachBoxes)));
    log(`reach ${route}: done`);
  }
  await browser.close();
  return rows;
}
