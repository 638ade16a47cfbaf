import { expect, type Page, type Response, test } from "@playwright/test";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundleServiceWorker } from "../scripts/service-worker";
import { makeTempDir } from "../server/testing/fake-client";
import { controlled } from "./offline-helpers";
import { type OwnServer, startOwnServer } from "./own-server";

/*
 * Issue 38, "Pages a phone keeps": the service worker (app/service-worker) in Chromium. Nothing here depends on
 * the width: the phone project only. Playwright's offline mode reaches the worker's own fetches too.
 */

test.use({ serviceWorkers: "allow" });

/** Whether the worker has kept the page at `path`, and under which caches' build. */
async function kept(page: Page, path: string): Promise<string[]> {
  return page.evaluate(async (path) => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      if (name.endsWith("-pages") && (await (await caches.open(name)).match(new URL(path, location.origin).href))) {
        found.push(name);
      }
    }
    return found;
  }, path);
}

test.describe("pages a phone keeps @phone", () => {
  test("a page visited once opens offline from the cache; a page never visited shows the offline page", async ({
    page,
    context,
  }) => {
    await page.goto("/about");
    await controlled(page);
    // The first page loaded before there was a worker: it is kept all the same, when the worker starts.
    await expect.poll(() => kept(page, "/about")).toHaveLength(1);

    await context.setOffline(true);
    const again = await page.reload();
    expect(again?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    // Its scripts were kept with it: it comes to life offline as online.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

    const never = await page.goto("/visa-changes/2");
    expect(never?.fromServiceWorker()).toBe(true);
    expect(page.url()).toMatch(/\/visa-changes\/2$/);
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: /Call us/ })).toHaveAttribute("href", /^tel:\+/);
    await expect(main.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+/);
    await expect(main.getByText("Al Karama, Dubai, United Arab Emirates")).toBeVisible();
    await expect(main.getByText(/Mon - Sat/)).toBeVisible();

    // Back online, "Try again" opens the page asked for.
    await context.setOffline(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toHaveCount(0);
    await expect(page).toHaveURL(/\/visa-changes\/2$/);
  });

  test("the worker never answers a POST, the back office, the inbox or the health check", async ({ page }) => {
    await page.goto("/contact");
    await controlled(page);
    const seen: Response[] = [];
    page.on("response", (response) => seen.push(response));
    await page.evaluate(async () => {
      await fetch("/api/submit", { method: "POST", body: new FormData() });
      await fetch("/healthz");
      await fetch("/api/challenge");
      // A file the worker does answer, to show that it is in control of this page.
      await fetch("/favicon.svg");
    });
    await page.goto("/office");
    const byPath = (path: string) => seen.find((response) => new URL(response.url()).pathname === path);
    await expect.poll(() => byPath("/office")).toBeDefined();
    for (const path of ["/api/submit", "/healthz", "/api/challenge", "/office"]) {
      expect(byPath(path), path).toBeDefined();
      expect(byPath(path)?.fromServiceWorker(), path).toBe(false);
    }
    expect(byPath("/api/submit")?.request().method()).toBe("POST");
    expect(byPath("/favicon.svg")?.fromServiceWorker()).toBe(true);
  });

  test("the worker's own file is never cached for long: a deploy reaches phones at their next visit", async ({
    request,
  }) => {
    const response = await request.get("/sw.js");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-cache");
    expect(response.headers()["content-type"]).toMatch(/^(text|application)\/javascript\b/);
  });

  test.describe("a new build", () => {
    // One server of its own for both tests, one after the other.
    test.describe.configure({ mode: "serial" });
    let server: OwnServer;
    let root: string;

    test.beforeAll(async () => {
      // A copy of the build, served by a server of the test's own, that the test then "deploys" anew.
      root = makeTempDir("karama-e2e-offline-");
      cpSync(join(import.meta.dirname, "..", process.env.BUILD_DIR ?? "build", "client"), root, { recursive: true });
      server = await startOwnServer({ prefix: "karama-e2e-offline-server-", env: { CLIENT_ROOT: root } });
    });

    test.afterAll(async () => {
      await server?.stop();
      rmSync(root, { recursive: true, force: true });
    });

    /** Writes a file of the copy, its pre-compressed copies removed (the server would send those instead). */
    function deploy(file: string, change: (text: string) => string): void {
      const path = join(root, file);
      writeFileSync(path, change(readFileSync(path, "utf8")));
      rmSync(`${path}.br`, { force: true });
      rmSync(`${path}.gz`, { force: true });
    }

    test("replaces a cached page on the next visit, never a stale page after a deploy", async ({ page, context }) => {
      await page.goto(`${server.origin}/services`);
      await controlled(page);
      await expect.poll(() => kept(page, "/services")).toHaveLength(1);
      const [before] = await kept(page, "/services");

      const version = /"([0-9a-f]{12})"/.exec(readFileSync(join(root, "sw.js"), "utf8"))?.[1];
      expect(version).toBeDefined();
      deploy("sw.js", (code) => code.replaceAll(version!, "0123456789ab"));
      deploy("services/index.html", (html) => html.replace("</head>", '<meta name="deployed" content="2"></head>'));

      // The next visit gets the new page from the network, and the new worker takes over behind it.
      const first = await page.reload();
      expect(await first?.text()).toContain('<meta name="deployed" content="2">');
      await page.reload();
      await expect.poll(() => kept(page, "/services")).toEqual(["karama-0123456789ab-pages"]);
      expect(before).not.toBe("karama-0123456789ab-pages");
      // The old build's caches are gone, its pages with them.
      expect(await page.evaluate(() => caches.keys())).not.toContain(before);

      // Offline, the page kept is the new one.
      await context.setOffline(true);
      const offline = await page.reload();
      expect(offline?.fromServiceWorker()).toBe(true);
      expect(await offline?.text()).toContain('<meta name="deployed" content="2">');
      await context.setOffline(false);
    });

    test("built with SERVICE_WORKER=off, removes the worker and its caches from a phone that had it", async ({
      page,
    }) => {
      await page.goto(`${server.origin}/about`);
      await controlled(page);
      await expect.poll(() => kept(page, "/about")).toHaveLength(1);

      const off = await bundleServiceWorker(null);
      deploy("sw.js", () => off);
      // The browser checks the worker's file as the page is opened again, installs this one, which clears and
      // unregisters; the registration goes once no page uses it any more. (These pages still register a worker, as
      // their build had it on: each time, it removes itself again. The pages of a build with it off do not.) So the
      // page is opened again once, and then left: reloading it at each look, as this did, registered the worker
      // again each time, and on a busy machine every look fell in the moment before it had removed itself.
      await page.reload();
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), {
          timeout: 20_000,
        })
        .toBe(0);
      await expect.poll(() => page.evaluate(() => caches.keys())).toEqual([]);
      // The next visit is the network's, with no worker in between.
      const next = await page.reload();
      expect(next?.fromServiceWorker()).toBe(false);
    });
  });
});
