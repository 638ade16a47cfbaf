import { execFileSync } from "node:child_process";
import { oneBuildAtATime } from "./build-lock";
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { contentDir } from "../app/content/load";
import { photoWidths } from "../app/content/images";
import { readSettings } from "../app/lib/settings";
import { buildServer } from "../server/app";
import { readInboxConfig } from "../server/inbox/config";
import { expect, test } from "./fixtures";
import { htmlErrors } from "./vnu";

/**
 * A large phone photo dropped into the images folder, named by two records, built into a site of its own: the
 * service page shows it as its banner picture (the page's largest image, loaded at once), the home page on a
 * card (loaded lazily). Built once, served by the production server on a port of its own.
 */
const root = join(import.meta.dirname, "..");
let work = "";
let build = "";
let server: FastifyInstance | undefined;
let origin = "";
let photoBytes = 0;

/** A 4032 x 3024 JPEG of a sky, a sun and buildings, with a camera's grain: over 4 MB, as a phone saves it. */
async function phonePhoto(): Promise<Buffer> {
  const [width, height] = [4032, 3024];
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="504" height="378"><defs><linearGradient id="s" x2="0" y2="1">` +
      `<stop offset="0" stop-color="#2f6fc0"/><stop offset=".65" stop-color="#f4c76a"/><stop offset="1" stop-color="#a4623a"/>` +
      `</linearGradient></defs><rect width="504" height="378" fill="url(#s)"/><circle cx="360" cy="110" r="46" fill="#fff2c0"/>` +
      `<rect x="70" y="170" width="60" height="208" fill="#3b4150"/><rect x="160" y="120" width="48" height="258" fill="#4a5060"/></svg>`,
  );
  const grain = await sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 36 } },
  })
    .raw()
    .toBuffer();
  return sharp(scene)
    .resize(width, height)
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: "soft-light" }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

// Built and measured once, at a phone's 390 px: in the desktop project these tests are filtered out, and the
// set-up below does not run.
test.describe("a photo of the agency's own", { tag: "@phone" }, () => {
  // In one worker, in order: split across two, each worker would make the build again (after the other's).
  test.describe.configure({ mode: "default" });
  // Blocked: page.route, which holds a photo back below, does not see a request the site's service worker answers.
  test.use({ reducedMotion: "reduce", serviceWorkers: "block" });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    work = mkdtempSync(join(tmpdir(), "karama-photos-"));
    const content = join(work, "content");
    cpSync(contentDir, content, { recursive: true });
    const photo = await phonePhoto();
    photoBytes = photo.length;
    writeFileSync(join(content, "images", "office-front.jpg"), photo);
    const name = (file: string, from: string) => {
      const path = join(content, file);
      const text = readFileSync(path, "utf8");
      if (!text.includes(`image: ${from}\n`)) throw new Error(`${file} has no image: ${from}`);
      writeFileSync(path, text.replace(`image: ${from}\n`, "image: images/office-front.jpg\n"));
    };
    name("visa-changes.yaml", "visa-change-flight"); // record 1: /visa-changes/1's banner picture
    name("home.yaml", "airport-transit"); // the first service card
    // Inside the project (build-*/ is ignored by git): the pre-rendering imports the project's packages.
    build = join(root, `build-photos-${process.pid}`);
    await oneBuildAtATime(() =>
      execFileSync("npm", ["run", "build"], {
        cwd: root,
        env: { ...process.env, CONTENT_DIR: content, BUILD_DIR: build },
        stdio: "pipe",
      }),
    );
    const settings = readSettings({});
    server = await buildServer({
      root: join(build, "client"),
      settings,
      inbox: readInboxConfig({ INBOX_DB: join(work, "inbox.sqlite") }, settings.email),
    });
    await server.listen({ port: 0, host: "127.0.0.1" });
    origin = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    await server?.close();
    for (const folder of [work, build]) if (folder !== "") rmSync(folder, { recursive: true, force: true });
  });

  test("is a <picture> of AVIF and WebP copies at every width, with sizes and a fixed box", async ({ page }) => {
    expect(photoBytes).toBeGreaterThan(4_000_000);
    await page.goto(`${origin}/visa-changes/1`);
    const picture = page.locator("picture").first();
    const avif = picture.locator('source[type="image/avif"]');
    const image = picture.locator("img");
    const copies = (srcset: string | null) =>
      (srcset ?? "").split(", ").map((candidate) => {
        const [url = "", width = ""] = candidate.split(" ");
        return { url, width: Number(width.replace(/w$/, "")) };
      });
    const avifCopies = copies(await avif.getAttribute("srcset"));
    const webpCopies = copies(await image.getAttribute("srcset"));
    // The photo is far wider than the largest copy: every width is made.
    expect(avifCopies.map((copy) => copy.width)).toEqual([...photoWidths]);
    expect(webpCopies.map((copy) => copy.width)).toEqual([...photoWidths]);
    for (const copy of avifCopies) expect(copy.url).toMatch(new RegExp(`^/assets/photo-\\w+-${copy.width}\\.avif$`));
    for (const copy of webpCopies) expect(copy.url).toMatch(new RegExp(`^/assets/photo-\\w+-${copy.width}\\.webp$`));
    // Each copy is the width its descriptor says, cut to the 8:5 box, and is what its extension says.
    for (const copy of [...avifCopies, ...webpCopies]) {
      const response = await page.request.get(`${origin}${copy.url}`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe(`image/${copy.url.slice(-4)}`);
      const metadata = await sharp(await response.body()).metadata();
      expect([metadata.width, metadata.height]).toEqual([copy.width, (copy.width * 5) / 8]);
      expect(metadata.format).toBe(copy.url.endsWith(".avif") ? "heif" : "webp");
    }
    const sizes = "(max-width: 1024px) 100vw, 760px";
    await expect(avif).toHaveAttribute("sizes", sizes);
    await expect(image).toHaveAttribute("sizes", sizes);
    await expect(image).toHaveAttribute("width", "1600");
    await expect(image).toHaveAttribute("height", "1000");
    // The banner picture is the page's largest: loaded at once, first.
    await expect(image).toHaveAttribute("loading", "eager");
    await expect(image).toHaveAttribute("fetchpriority", "high");
    await expect(image).toHaveAttribute("alt", await page.locator("h1").innerText());

    // On the home page the card's copy waits until it is scrolled near.
    await page.goto(`${origin}/`);
    await expect(page.locator("picture img").first()).toHaveAttribute("loading", "lazy");
  });

  test("costs a phone tens of kilobytes, not megabytes, and moves nothing as it arrives", async ({ page }) => {
    const downloads: { url: string; bytes: number }[] = [];
    page.on("response", async (response) => {
      if (!response.url().includes("/assets/photo-")) return;
      downloads.push({ url: response.url(), bytes: (await response.body()).length });
    });
    // The photo is held back until the box it goes in has been measured.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/photo-*", async (route) => {
      await released;
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(`${origin}/visa-changes/1`, { waitUntil: "domcontentloaded" });
    const image = page.locator("picture img").first();
    const before = await image.boundingBox();
    expect(await image.evaluate((element: HTMLImageElement) => element.complete)).toBe(false);
    release();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    const after = await image.boundingBox();
    // The box was the photo's size before a byte of it arrived: 390 px wide in its 8:5 shape.
    expect(before).toEqual(after);
    expect(Math.round((before?.height ?? 0) * 8)).toBe(Math.round((before?.width ?? 0) * 5));
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);

    // One copy: the AVIF just wider than the 390 px the picture takes.
    await expect.poll(() => downloads.length).toBe(1);
    expect(downloads[0]?.url).toMatch(/-480\.avif$/);
    const bytes = downloads[0]?.bytes ?? Infinity;
    expect(bytes).toBeLessThan(60_000);
    expect(bytes).toBeLessThan(photoBytes / 50);
  });

  test("is valid HTML on the pages that show it", () => {
    const pages = ["index.html", "visa-changes/1/index.html"].map((page) => join(build, "client", page));
    for (const page of pages) expect(statSync(page).isFile()).toBe(true);
    // The pictures' part: the whole of every page is html-validity.spec.ts's (on the site as delivered).
    const pictureMarkup = /“(picture|source|img|srcset|sizes|type|width|height|loading|decoding|fetchpriority)”/;
    expect(htmlErrors(pages).filter((message) => pictureMarkup.test(message))).toEqual([]);
  });
});
