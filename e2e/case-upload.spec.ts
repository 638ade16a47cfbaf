import type { CDPSession, Page } from "@playwright/test";
import { createHash } from "node:crypto";
import sharp from "sharp";
import { loadKeyring } from "../server/data/cases/keys";
import { CaseStore } from "../server/data/cases/store";
import { openDatabase } from "../server/data/open";
import { cameraPhoto } from "../server/testing/photos";
import { expect, test } from "./fixtures";

/*
 * Issue 56: a visitor's enquiry; the office starts a case and sends its link; the traveller sends their papers from
 * their own page, on a phone, over a weak connection: Chromium's "Slow 3G" (its DevTools preset), the connection
 * cut twice during the photo's upload and the tab closed and opened again. Every paper arrives once and whole,
 * nothing already sent goes again, the page says so, and the office sees the papers. The worker's office
 * (e2e/office-fixtures.ts) serves both sides.
 */

const slow3g = {
  offline: false,
  latency: 400 * 5,
  downloadThroughput: ((500 * 1000) / 8) * 0.8,
  uploadThroughput: ((500 * 1000) / 8) * 0.8,
};

/** A small PDF, kept byte for byte: its hash is checked end to end. */
function scanPdf(): Buffer {
  const filler = "%".padEnd(200, "x");
  const lines = [
    "%PDF-1.4",
    "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
    "2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj",
  ];
  for (let n = 0; n < 1_000; n++) lines.push(`${filler}${n}`);
  lines.push("trailer << /Root 1 0 R >>", "%%EOF");
  return Buffer.from(lines.join("\n"));
}

async function throttled(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", slow3g);
  return cdp;
}

async function cut(cdp: CDPSession, ms: number) {
  await cdp.send("Network.emulateNetworkConditions", { ...slow3g, offline: true });
  await new Promise((resolve) => setTimeout(resolve, ms));
  await cdp.send("Network.emulateNetworkConditions", slow3g);
}

/** What the page sends to the uploads: each request's method and body size (its Content-Length as sent). */
function watchUploads(page: Page, sent: { method: string; bytes: number }[]) {
  page.on("request", (request) => {
    if (!request.url().includes("/case/uploads")) return;
    void request
      .allHeaders()
      .then((headers) => sent.push({ method: request.method(), bytes: Number(headers["content-length"] ?? 0) }))
      .catch(() => sent.push({ method: request.method(), bytes: 0 }));
  });
}

test("an enquiry's case: the office sends the link, the papers reach it over Slow 3G, cut twice, the tab closed once @phone", async ({
  browser,
  page: officePage,
  office,
}, testInfo) => {
  test.setTimeout(240_000);
  // The enquiry, and the office's side: Start a case, Send the link (shown this once).
  const name = "Maria Slowlink";
  await office.postEnquiry(officePage, { name, visa: "Dubai Tourist Visa", email: "maria@example.com" });
  await office.session(officePage, "staff");
  await officePage.goto(`${office.origin}/office?q=${encodeURIComponent(name)}`);
  await officePage
    .getByRole("link", { name: new RegExp(name) })
    .first()
    .click();
  await officePage.getByRole("button", { name: "Start a case" }).click();
  await expect(officePage).toHaveURL(/\/office\/cases\/\d+$/);
  const id = Number(/\/office\/cases\/(\d+)$/.exec(officePage.url())?.[1]);
  await officePage.getByRole("button", { name: "Send the link" }).click();
  const link = await officePage.getByRole("textbox", { name: "The link to send" }).inputValue();
  expect(link).toMatch(new RegExp(`^${office.origin}/case/[A-Za-z0-9_-]{43}$`));

  const photo = await cameraPhoto();
  expect(photo.length).toBeGreaterThan(4_500_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const sent: { method: string; bytes: number }[] = [];
  let page = await context.newPage();
  watchUploads(page, sent);
  let cdp = await throttled(page);
  await page.goto(link);
  await expect(page.locator("html[data-ready]")).toBeAttached({ timeout: 60_000 });

  const passport = page.locator('[data-upload="passport-first"]');
  await passport
    .locator('input[type="file"]')
    .setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: photo });
  // Made smaller on the phone first; then sent. The connection drops twice while it goes.
  await expect(passport.getByText(/^Sending IMG_2041\.jpg: .* of /)).toBeVisible({ timeout: 60_000 });
  const progress = passport.locator("progress");
  await expect.poll(async () => Number(await progress.getAttribute("value")), { timeout: 60_000 }).toBeGreaterThan(15);
  await cut(cdp, 3_000);
  await expect.poll(async () => Number(await progress.getAttribute("value")), { timeout: 90_000 }).toBeGreaterThan(40);
  await cut(cdp, 3_000);
  await expect.poll(async () => Number(await progress.getAttribute("value")), { timeout: 90_000 }).toBeGreaterThan(60);

  // The tab is closed, and the link opened again: the same photo picked carries on where it stopped.
  await page.close();
  page = await context.newPage();
  watchUploads(page, sent);
  cdp = await throttled(page);
  await page.goto(link);
  await expect(page.locator("html[data-ready]")).toBeAttached({ timeout: 60_000 });
  const again = page.locator('[data-upload="passport-first"]');
  await again
    .locator('input[type="file"]')
    .setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(again.getByText("IMG_2041.jpg sent. We will check it and tell you here.")).toBeVisible({
    timeout: 120_000,
  });

  // A PDF goes as it is: byte for byte, its hash the same at the agency.
  const pdf = scanPdf();
  const ticket = page.locator('[data-upload="return-ticket"]');
  await ticket
    .locator('input[type="file"]')
    .setInputFiles({ name: "ticket.pdf", mimeType: "application/pdf", buffer: pdf });
  await expect(ticket.getByText("ticket.pdf sent. We will check it and tell you here.")).toBeVisible({
    timeout: 90_000,
  });

  // The office sees both papers on the case, waiting for its review.
  await officePage.goto(`${office.origin}/office/cases/${id}`);
  await expect(officePage.locator('[data-paper-key="passport-first"]')).toContainText("IMG_2041.jpg");
  await expect(officePage.locator('[data-paper-key="passport-first"] img')).toBeVisible();
  await expect(officePage.locator('[data-paper-key="return-ticket"]')).toContainText("ticket.pdf");

  const database = await openDatabase({ engine: "sqlite", path: office.database }, { migrate: false });
  const cases = new CaseStore(database, loadKeyring({ inboxDb: office.database }).keyring);
  // Each paper arrived once; the photo was created once and no byte of it was sent twice but for the pieces the
  // cuts broke off (at most one 256 KB piece each).
  const papers = await cases.papers(id);
  expect(papers.map((paper) => paper.paperKey).sort()).toEqual(["passport-first", "return-ticket"]);
  const kept = papers.find((paper) => paper.paperKey === "passport-first");
  expect(kept).toMatchObject({ type: "image/jpeg", width: 2000, height: 1500, name: "IMG_2041.jpg" });
  const photoBytes = await cases.openPaper(id, kept?.id ?? "");
  expect((await sharp(photoBytes).metadata()).width).toBe(2000);
  expect(createHash("sha256").update(photoBytes).digest("hex")).toBe(kept?.sha256);
  const ticketPaper = papers.find((paper) => paper.paperKey === "return-ticket");
  expect(
    createHash("sha256")
      .update(await cases.openPaper(id, ticketPaper?.id ?? ""))
      .digest("hex"),
  ).toBe(createHash("sha256").update(pdf).digest("hex"));
  const creates = sent.filter((request) => request.method === "POST");
  expect(creates).toHaveLength(2);
  const photoSize = photoBytes.length;
  const patched = sent.filter((request) => request.method === "PATCH").reduce((sum, request) => sum + request.bytes, 0);
  testInfo.annotations.push({ type: "sent", description: `${patched} bytes in PATCH for ${photoSize + pdf.length}` });
  // Everything was sent at least once (the count is real), and little more than once.
  expect(patched).toBeGreaterThanOrEqual(pdf.length);
  expect(patched).toBeLessThanOrEqual(photoSize * 1.2 + pdf.length + 3 * 256 * 1024);

  // The page, as the traveller sees it after: both sent.
  await cdp.send("Network.emulateNetworkConditions", {
    ...slow3g,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.reload();
  await expect(page.locator('[data-paper="passport-first"] .badge')).toHaveText("Sent: we will check it");
  await expect(page.locator('[data-paper="return-ticket"] .badge')).toHaveText("Sent: we will check it");
  for (const width of [360, 390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: testInfo.outputPath(`case-page-${width}.png`), fullPage: true });
  }
  await context.close();
  await database.close();
});
