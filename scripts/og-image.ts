/**
 * Draws the site's raster images into public/: the link-preview card (og-image.png, 1200 × 630) and the app
 * icons (icon-192.png, icon-512.png, icon-maskable-512.png, apple-touch-icon.png) from the mark in
 * public/favicon.svg. Social sites and home screens do not take SVG, so these are PNGs, made once and committed.
 *
 *   npx tsx scripts/og-image.ts            (AGENCY_NAME and the other settings as for the build)
 *
 * Run it again after changing the agency's name, the mark or the card below. Uses the Chromium of the tests.
 */
import { chromium, type Page } from "@playwright/test";
import { readFile, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { chromiumArgs, chromiumPath } from "./browser";
import { readSettings } from "../app/lib/settings";
import { loadEnvFileOrStop } from "../server/env-file";
import { appIcons, appleTouchIcon, faviconPath, ogImage, themeColor } from "../app/lib/site-assets";

const root = join(import.meta.dirname, "..");
const publicDir = join(root, "public");
const require = createRequire(import.meta.url);

const dataUrl = (type: string, content: Buffer | string) =>
  `data:${type};base64,${Buffer.from(content).toString("base64")}`;

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

// The settings file beside the project (.env) too, as the build reads it.
loadEnvFileOrStop("og-image");
const settings = readSettings(process.env);
const mark = await readFile(join(publicDir, faviconPath), "utf8");
const skyline = await readFile(join(root, "app/assets/illustrations/dubai-skyline.svg"), "utf8");
const font = await readFile(require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"));

const card = `<!doctype html>
<style>
  @font-face { font-family: Inter; src: url(${dataUrl("font/woff2", font)}) format("woff2"); font-weight: 100 900; }
  * { margin: 0; box-sizing: border-box; }
  body {
    width: ${ogImage.width}px; height: ${ogImage.height}px; overflow: hidden; position: relative;
    background: ${themeColor}; color: #fff; font-family: Inter, sans-serif;
  }
  .text { position: absolute; left: 72px; top: 0; bottom: 0; width: 560px; display: flex; flex-direction: column;
    justify-content: center; gap: 28px; }
  .mark { width: 104px; height: 104px; }
  h1 { font-size: 68px; line-height: 1.05; font-weight: 800; letter-spacing: -0.02em; }
  p { font-size: 30px; line-height: 1.35; font-weight: 500; color: #e4b55a; }
  .place { font-size: 26px; color: #fff; font-weight: 600; }
  .picture { position: absolute; right: 64px; top: 155px; width: 512px; height: 320px; border-radius: 28px;
    overflow: hidden; }
  .picture img { width: 100%; height: 100%; display: block; }
  .band { position: absolute; left: 0; right: 0; bottom: 0; height: 14px; background: #e4b55a; }
</style>
<div class="text">
  <img class="mark" src="${dataUrl("image/svg+xml", mark)}" alt="">
  <h1>${escapeHtml(settings.agencyName)}</h1>
  <p>Dubai visas, visa change, dummy tickets and holiday packages</p>
  <p class="place">Licensed travel agency in Al Karama, Dubai</p>
</div>
<div class="picture"><img src="${dataUrl("image/svg+xml", skyline)}" alt=""></div>
<div class="band"></div>`;

/** The mark alone on a transparent square, or full-bleed on the brand colour with room for any crop. */
function iconPage(size: number, fullBleed: boolean): string {
  // A maskable icon must keep its content inside the central circle of 80 % of the size.
  const markSize = fullBleed ? Math.round(size * 0.8) : size;
  return `<!doctype html>
<style>
  * { margin: 0; }
  body { width: ${size}px; height: ${size}px; display: grid; place-items: center;
    background: ${fullBleed ? themeColor : "transparent"}; }
  img { width: ${markSize}px; height: ${markSize}px; display: block; }
</style>
<img src="${dataUrl("image/svg+xml", mark)}" alt="">`;
}

async function shoot(page: Page, html: string, width: number, height: number, file: string, transparent: boolean) {
  await page.setViewportSize({ width, height });
  await page.setContent(html, { waitUntil: "load" });
  await page.evaluate(() => document.fonts.ready);
  const png = await page.screenshot({ type: "png", omitBackground: transparent });
  await writeFile(join(publicDir, file), png);
  console.log(
    `public${file}: ${width} × ${height}, ${((await stat(join(publicDir, file))).size / 1024).toFixed(1)} KiB`,
  );
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  await shoot(page, card, ogImage.width, ogImage.height, ogImage.path, false);
  for (const icon of appIcons) {
    const fullBleed = icon.purpose === "maskable";
    await shoot(page, iconPage(icon.size, fullBleed), icon.size, icon.size, icon.path, !fullBleed);
  }
  await shoot(
    page,
    iconPage(appleTouchIcon.size, true),
    appleTouchIcon.size,
    appleTouchIcon.size,
    appleTouchIcon.path,
    false,
  );
} finally {
  await browser.close();
}
