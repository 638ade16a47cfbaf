import sharp from "sharp";
import { caseWithLink } from "./cases";
import { expect, test } from "./fixtures";

/*
 * Issue 57: the passport reader's engine in real Chromium, on the traveller's page at 390 px, from our server
 * alone (any request to another address fails the test), loaded from the page's own script on demand; then,
 * once used, read again offline: the engine's files from the site's service worker's cache (the browser's own
 * HTTP cache turned off), never the case page itself.
 */
const lines = ["P<GBRFITZGERALD<WORTHINGTON<<ALEXANDRA<CHARL", "L898902C36GBR7408122F1204159ZE184226B<<<<<10"];

/** A passport data page's lower part drawn with the OCR-B typeface, photographed a little crooked. */
async function passportPhoto(): Promise<Buffer> {
  const width = 1300;
  const height = 800;
  const mrz = lines
    .map(
      (line, index) =>
        `<text x="40" y="${640 + index * 80}" font-family="OCR B" font-size="36" textLength="1120" ` +
        `lengthAdjust="spacing" xml:space="preserve">${line.replace(/</g, "&lt;")}</text>`,
    )
    .join("");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="#f1ead8"/><rect x="40" y="60" width="300" height="400" fill="#9aa"/>` +
    `<text x="400" y="140" font-family="DejaVu Sans" font-size="32">Surname FITZGERALD WORTHINGTON</text>${mrz}</svg>`;
  const page = await sharp(Buffer.from(svg)).rotate(3, { background: "#5a4a3a" }).png().toBuffer();
  return sharp(page).jpeg({ quality: 80 }).toBuffer();
}

interface Read {
  lines: string[];
  zone: { x: number; y: number; w: number; h: number } | null;
  ms: number;
}

test("the reader reads a generated passport from our server alone, then again offline from the service worker @phone", async ({
  browser,
  office,
}) => {
  test.setTimeout(180_000);
  const { link } = await caseWithLink(office, "Alexandra Fitzgerald");

  // The traveller's own browser (the fixtures' page waits for the public site's hydration), with the site's worker.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: "allow",
  });
  const page = await context.newPage();
  const elsewhere: string[] = [];
  await context.route(
    (url) => !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname),
    async (route) => {
      elsewhere.push(route.request().url());
      await route.abort();
    },
  );
  const engineRequests: string[] = [];
  context.on("request", (request) => {
    if (request.url().includes("/case/assets/")) engineRequests.push(new URL(request.url()).pathname);
  });
  const caseUrl = `${office.origin}/case/${link}`;
  await page.goto(caseUrl);
  await expect(page.locator("html[data-ready]")).toBeAttached();
  // The case page's script registers the site's worker, which takes the page over.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // Nothing of the reader before it is asked for.
  expect(engineRequests.filter((path) => /passport|\/ocr\//.test(path))).toEqual([]);

  const photo = (await passportPhoto()).toString("base64");
  const read = (base64: string) =>
    page.evaluate(async (data) => {
      const script = document.querySelector<HTMLScriptElement>('script[type="module"]')?.src ?? "";
      const { loadPassportReader } = (await import(script)) as {
        loadPassportReader: () => Promise<{
          readPassportLines: (image: Blob) => Promise<Read>;
          closePassportReader: () => Promise<void>;
        }>;
      };
      const reader = await loadPassportReader();
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const result = await reader.readPassportLines(new Blob([bytes], { type: "image/jpeg" }));
      // The engine ended, so that the next read starts it again (from the cache).
      await reader.closePassportReader();
      return result;
    }, base64);

  const first = await read(photo);
  const zoneLines = first.lines.filter((line) => line.length >= 40);
  expect(zoneLines.length, JSON.stringify(first.lines)).toBe(2);
  expect(
    zoneLines.every((line) => line.length === 44),
    JSON.stringify(zoneLines),
  ).toBe(true);
  expect(zoneLines[1]).toBe(lines[1]);
  expect(first.zone).not.toBeNull();
  expect(engineRequests.some((path) => /\/case\/assets\/ocr\/[\w-]{10}\/eng\.traineddata$/.test(path))).toBe(true);
  expect(engineRequests.some((path) => /\/case\/assets\/ocr\/[\w-]{10}\/tesseract-core[\w-]*\.wasm$/.test(path))).toBe(
    true,
  );
  expect(elsewhere).toEqual([]);

  // The worker kept the engine's files; never the page itself.
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  for (const file of ["worker.min.js", "eng.traineddata", ".wasm"]) {
    expect(
      kept.some((path) => path.includes("/case/assets/ocr/") && path.endsWith(file)),
      file,
    ).toBe(true);
  }
  expect(kept.some((path) => /passport-reader\.[\w-]{10}\.js$/.test(path))).toBe(true);
  expect(kept.filter((path) => path.startsWith("/case/") && !path.startsWith("/case/assets/"))).toEqual([]);

  // Offline, the browser's HTTP cache off: the engine starts again and reads, from the worker's cache alone.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await context.setOffline(true);
  const again = await read(photo);
  expect(again.lines.filter((line) => line.length >= 40)[1]).toBe(lines[1]);
  // The page itself is not kept: offline, its address is not answered from the worker's cache.
  const offlinePage = await context.newPage();
  await offlinePage.goto(caseUrl).catch(() => undefined);
  await expect(offlinePage.getByText("Dubai Tourist Visa")).toHaveCount(0);
  await context.setOffline(false);
  expect(elsewhere).toEqual([]);
  await context.close();
});
