import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";
import BetterSqlite3 from "better-sqlite3";
import { fontNoteKey } from "../app/lib/font-loading";
import { chromiumArgs, testBrowserPath } from "../scripts/browser";
import { expect, test } from "./fixtures";
import { type OwnServer, startOwnServer } from "./own-server";

/*
 * The site's own statistics (issue 27) as a person's phone makes them: Chromium with the automation flag off and
 * a real phone's User-Agent counts; the same visits as a headless bot, or under automation, do not. A server of its
 * own, on an SQLite file the test reads, with its log kept. Browsers of their own too: the suite's browser runs
 * with the automation flag, as every test tool does, and its pages must not be counted (they are not).
 */

const phoneAgent =
  "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const distinctive = "Distinctive-Phone/7.7.7";
const distinctiveAddress = "192.0.2.189";

// One server and its counts for the whole file: the tests run in order, each on the counts the last left.
test.describe.configure({ mode: "serial" });

test.describe("the site's own statistics @phone", () => {
  let own: OwnServer;
  let person: Browser;
  let headlessBot: Browser;
  let automated: Browser;

  test.beforeAll(async () => {
    own = await startOwnServer({
      prefix: "karama-e2e-stats-",
      // An address literal: nothing here needs the office, nor the secure context localhost gives.
      host: "127.0.0.1",
      // Its request log on, so the test can read it; the proxy's address header trusted from loopback.
      env: { LOG: "on", TRUST_PROXY: "loopback" },
    });
    // A person's browser: no --enable-automation, navigator.webdriver false, a phone's User-Agent. Set on the
    // browser, not the context: Chromium sends a page's last beacons (as it is hidden) with the browser's own.
    const notAutomated = { executablePath: testBrowserPath, ignoreDefaultArgs: ["--enable-automation"] };
    const personArgs = [...chromiumArgs, "--disable-blink-features=AutomationControlled"];
    person = await chromium.launch({
      ...notAutomated,
      args: [...personArgs, `--user-agent=${phoneAgent} ${distinctive}`],
    });
    // The same, with a headless browser's own User-Agent (HeadlessChrome): a bot to the server.
    headlessBot = await chromium.launch({ ...notAutomated, args: personArgs });
    // A phone's User-Agent under automation (navigator.webdriver true): not a person to the page.
    automated = await chromium.launch({
      executablePath: testBrowserPath,
      args: [...chromiumArgs, `--user-agent=${phoneAgent}`],
    });
  });

  test.afterAll(async () => {
    for (const browser of [person, headlessBot, automated]) await browser?.close();
    await own?.stop();
  });

  function query<T>(sql: string): T[] {
    const db = new BetterSqlite3(own.database, { readonly: true });
    try {
      return db.prepare(sql).all() as T[];
    } finally {
      db.close();
    }
  }
  const views = () =>
    query<{ route: string; source: string; device: string; n: number }>(
      "SELECT route, source, device, sum(count) AS n FROM stat_events WHERE kind = 'view' GROUP BY route, source, device ORDER BY route, source",
    );
  const viewsOf = (route: string) => views().reduce((sum, row) => sum + (row.route === route ? row.n : 0), 0);
  const allViews = () => views().reduce((sum, row) => sum + row.n, 0);

  async function phone(browser: Browser): Promise<BrowserContext> {
    return browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      extraHTTPHeaders: { "x-forwarded-for": distinctiveAddress },
    });
  }
  async function open(page: Page, path: string) {
    await page.goto(`${own.origin}${path}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  }

  test("a person's visit counts each page shown: landing, a move inside the site, a reload, back and forward", async () => {
    const context = await phone(person);
    const page = await context.newPage();
    expect(await page.evaluate(() => [navigator.webdriver, navigator.userAgent])).toEqual([
      false,
      `${phoneAgent} ${distinctive}`,
    ]);

    // The link's campaign (utm_campaign) is kept after its source, end to end (issue 35, item 10).
    await open(page, "/?utm_source=Eid-Flyer&utm_medium=print&utm_campaign=November");
    await expect.poll(() => viewsOf("/")).toBe(1);
    expect(views()).toEqual([{ route: "/", source: "eid-flyer / november", device: "phone", n: 1 }]);

    // A move inside the site: the same visit, the same source.
    await page.locator('footer a[href="/about"]').click();
    await expect(page).toHaveURL(`${own.origin}/about`);
    await expect.poll(() => viewsOf("/about")).toBe(1);
    expect(views()).toContainEqual({ route: "/about", source: "eid-flyer / november", device: "phone", n: 1 });

    // A reload is a page shown again.
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect.poll(() => viewsOf("/about")).toBe(2);

    // A new page loaded, then back to /about (restored from the back-forward cache, or loaded again): one view each.
    await open(page, "/contact");
    await expect.poll(() => viewsOf("/contact")).toBe(1);
    await page.goBack();
    await expect(page).toHaveURL(`${own.origin}/about`);
    await expect.poll(() => viewsOf("/about")).toBe(3);
    await page.goForward();
    await expect(page).toHaveURL(`${own.origin}/contact`);
    await expect.poll(() => viewsOf("/contact")).toBe(2);

    // The not-found page, apart, without its path: any address the site does not have is one (issue 34).
    await open(page, "/old-eid-offer");
    await expect
      .poll(() => query("SELECT route, source FROM stat_events WHERE kind = 'missing'"))
      .toEqual([{ route: "(other)", source: "direct" }]);
    // Nothing else was counted meanwhile (a second count of a page would show here).
    expect(allViews()).toBe(6);

    // Nothing in the browser for the counts: no cookie, no storage. The one item there is the site's note of the
    // font file it has (app/lib/font-loading.ts), the same for every visitor of a build: it tells no one apart.
    const font = await page.evaluate((key) => localStorage.getItem(key), fontNoteKey);
    expect(font, "the font note holds the font's URL, nothing else").toMatch(/^\/assets\/[\w-]+\.woff2$/);
    expect(
      await page.evaluate(async () => ({
        cookie: document.cookie,
        local: Object.keys(localStorage),
        session: sessionStorage.length,
        databases: (await indexedDB.databases()).length,
      })),
    ).toEqual({ cookie: "", local: [fontNoteKey], session: 0, databases: 0 });

    // The pages' Core Web Vitals, sent as each page was hidden: one row per metric id, on the landing page too.
    await context.close();
    await expect
      .poll(() =>
        query<{ metric: string }>("SELECT DISTINCT metric FROM stat_vitals WHERE route = '/' ORDER BY metric"),
      )
      .toEqual(expect.arrayContaining([{ metric: "FCP" }, { metric: "LCP" }, { metric: "TTFB" }]));
    const ids = query<{ id: string; n: number }>("SELECT id, count(*) AS n FROM stat_vitals GROUP BY id HAVING n > 1");
    expect(ids).toEqual([]);
  });

  test("an enquiry keeps the page it was sent from and where the visit came from", async () => {
    const context = await phone(person);
    const page = await context.newPage();
    await page.goto(`${own.origin}/dubai-visa/1?utm_source=facebook`, { referer: "https://l.facebook.com/" });
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // The page's view counted first, as it is while a person types: the enquiry then adds no view of its own (one
    // whose view went uncounted counts as one, issue 35: e2e/office-stats.spec.ts).
    await expect.poll(() => viewsOf("/dubai-visa/1")).toBe(1);
    const form = page.getByRole("form", { name: "Enquiry Now" });
    await form.getByLabel("Full Name").fill("Maria Santos");
    await form.getByLabel("Email").fill("maria@example.com");
    await form.getByLabel("Phone Number").fill("+971 50 123 4567");
    await form.getByLabel("Travel Date").fill("2026-12-20");
    await form.getByLabel("Message").fill("Two adults.");
    await form.getByRole("button", { name: "Make Enquiry" }).click();
    await expect(page.getByText("Your enquiry has been submitted successfully!")).toBeVisible();
    expect(query("SELECT page, source, device FROM enquiries")).toEqual([
      { page: "/dubai-visa/1", source: "facebook", device: "phone" },
    ]);
    expect(query("SELECT route, source, device FROM stat_events WHERE kind = 'enquiry'")).toEqual([
      { route: "/dubai-visa/1", source: "facebook", device: "phone" },
    ]);
    await expect.poll(() => viewsOf("/dubai-visa/1")).toBe(1);
    await context.close();
  });

  test("the same visits as a headless bot, or under automation, count nothing", async () => {
    const before = allViews();
    const bot = await phone(headlessBot);
    const botPage = await bot.newPage();
    expect(await botPage.evaluate(() => [navigator.webdriver, navigator.userAgent.includes("HeadlessChrome")])).toEqual(
      [false, true],
    );
    await botPage.close();
    const driven = await phone(automated);
    const drivenPage = await driven.newPage();
    expect(await drivenPage.evaluate(() => [navigator.webdriver, navigator.userAgent])).toEqual([true, phoneAgent]);
    await drivenPage.close();
    for (const context of [bot, driven]) {
      const page = await context.newPage();
      await open(page, "/services");
      await page.locator('footer a[href="/about"]').click();
      await expect(page).toHaveURL(`${own.origin}/about`);
      await open(page, "/contact");
      await context.close();
    }
    // Time for a beacon to arrive and a batch to be written (one a second).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(allViews()).toBe(before);
  });

  test("neither the visitor's address nor their User-Agent is kept, in the database or in the collector's log", async () => {
    const db = new BetterSqlite3(own.database, { readonly: true });
    let dump = "";
    try {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
      for (const { name } of tables) dump += JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all());
    } finally {
      db.close();
    }
    expect(dump).toContain("/contact");
    expect(dump).not.toContain(distinctiveAddress);
    expect(dump).not.toContain("Distinctive");
    const log = own.server.output();
    expect(log).toContain("/contact");
    expect(log).not.toContain("/api/stats");
    expect(log).not.toContain("Distinctive");
  });
});
