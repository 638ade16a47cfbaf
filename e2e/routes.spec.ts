import { getDetailRecord } from "../app/content/details";
import { detailGroups, pagePaths } from "../app/lib/paths";
import { expect, fetchHtml, test } from "./fixtures";

// The HTML is the same whatever the width: checked once, in the desktop project, without a browser page.
test.describe("every page is real HTML before any script runs", { tag: "@desktop" }, () => {
  for (const path of pagePaths) {
    test(`${path} answers 200 with its title, description and heading`, async ({ request }) => {
      const { status, html } = await fetchHtml(request, path);
      expect(status).toBe(200);
      expect(html).toMatch(/<html lang="en"/);
      expect(html).toMatch(/<title>[^<]{5,}<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html).toMatch(/<h1[^>]*>[^<]+/);
      expect(html).not.toContain('name="robots" content="noindex"');
      // The first paint needs nothing but the HTML: every stylesheet is inline, its link disabled.
      expect(html, "a render-blocking stylesheet").not.toMatch(/<link rel="stylesheet"(?![^>]*\bdisabled)/);
      // Nor a font: Chromium holds the first paint for a preloaded font-display: optional face until it arrives
      // (under its own Slow 4G, 0.1-0.4 s later, and the whole page laid out in one long task); the face is
      // fetched when the text needs it, and used if it is there within the optional face's short block period.
      expect(html, "a preloaded font").not.toMatch(/<link rel="preload"[^>]*\bas="font"/);
    });
  }

  test("each page has its own title", async ({ request }) => {
    const titles = await Promise.all(
      pagePaths.map(async (path) => (await fetchHtml(request, path)).html.match(/<title>([^<]*)<\/title>/)?.[1]),
    );
    expect(new Set(titles).size).toBe(pagePaths.length);
  });
});

test.describe("paths match case-insensitively", () => {
  test("the server answers another case with a 301 to the lowercase path", { tag: "@desktop" }, async ({ request }) => {
    for (const [from, to] of [
      ["/ABOUT", "/about"],
      ["/Dubai-Visa/2", "/dubai-visa/2"],
      ["/contact/", "/contact"],
      ["/Services?ref=ad", "/services?ref=ad"],
    ]) {
      const response = await request.get(from!, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(response.headers()["location"], from).toBe(to);
    }
  });

  test("a visitor who types /ABOUT lands on the About page", async ({ tab: page }) => {
    await page.goto("/ABOUT");
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("About");
  });

  test("the client router matches another case too (a host without the redirect)", async ({ tab: page }) => {
    const about = await (await page.request.get("/about")).text();
    await page.route("**/ABOUT", (route) => route.fulfill({ status: 200, contentType: "text/html", body: about }));
    await page.goto("/ABOUT");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("About");
    // Hydrated: client-side navigation from here works.
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Contact");
  });

  test("a detail page in another case is its own page in the browser too (a host without the redirect)", async ({
    tab: page,
  }) => {
    const record = getDetailRecord("tourist-visa", 2);
    const html = await (await page.request.get("/tourist-visa/2")).text();
    await page.route("**/Tourist-Visa/2", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: html }),
    );
    await page.goto("/Tourist-Visa/2");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(record.title);
    await expect(page.getByRole("form", { name: "Enquiry Now" })).toBeVisible();
    // Hydrated on the group's own route: moving on in the browser loads the next page's record.
    await page.getByRole("contentinfo").getByRole("link", { name: "Dubai Visa" }).click();
    await expect(page).toHaveURL(/\/dubai-visa\/1$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(getDetailRecord("dubai-visa", 1).title);
    await expect(page.getByText("Page not found")).toHaveCount(0);
  });
});

test.describe("unknown pages", () => {
  test("a numeric id with no record shows the group's empty layout, noindex, status 404", async ({ tab: page }) => {
    for (const group of detailGroups) {
      const { status, html } = await fetchHtml(page.request, `/${group}/9`);
      expect(status, group).toBe(404);
      expect(html, group).toContain('name="robots" content="noindex"');
      expect(html, group).not.toContain("Page not found");
    }
    const response = await page.goto("/dubai-visa/9");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Dubai Visa");
    await expect(page.getByText("Page not found")).toHaveCount(0);
  });

  for (const path of ["/dubai-visa/abc", "/dubai-visa/abc/", "/no-such-page", "/visa-packages/1/extra"]) {
    test(`${path} gets the designed not-found page with status 404`, async ({ tab: page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Go to the home page" })).toHaveAttribute(
        "href",
        "/",
      );
      await expect(page.getByRole("main").getByRole("link", { name: "See our services" })).toHaveAttribute(
        "href",
        "/services",
      );
      const { html } = await fetchHtml(page.request, path);
      expect(html).toContain('name="robots" content="noindex"');
    });
  }
});

test.describe("the browser runs the pages without React Router (issue 38)", () => {
  test("no script the page loads, on arrival or moving on, is React Router's", async ({ tab: page }) => {
    const scripts: { url: string; body: string }[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      scripts.push({ url: response.url(), body: await response.text().catch(() => "") });
    });
    await page.goto("/");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("About");
    await page.getByRole("contentinfo").getByRole("link", { name: "Dubai Visa" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(getDetailRecord("dubai-visa", 1).title);
    expect(scripts.length).toBeGreaterThan(3);
    // React Router's browser code sets window.__reactRouterVersion; its route manifest is a file of its own.
    for (const { url, body } of scripts) {
      expect(body, url).not.toContain("__reactRouterVersion");
      expect(url).not.toMatch(/\/manifest-[^/]+\.js$/);
    }
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  });
});

test.describe("failures the visitor is told about", () => {
  // page.route does not see a request the site's service worker answers (it registers once a page is idle), and
  // these tests break a chunk on its way to the page: the worker stays out of them.
  test.use({ serviceWorkers: "block" });
  test("a route that throws shows 'Unexpected Application Error!' with a way home", async ({ page, consoleGuard }) => {
    consoleGuard.allow();
    await page.goto("/");
    await page.route(/\/assets\/about-[^/]+\.js$/, (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: 'export default function About() { throw new Error("Broken page"); }',
      }),
    );
    await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
    await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a route chunk that fails to load says 'Loading chunk {n} failed' and offers a reload", async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow();
    await page.goto("/");
    await page.route(/\/assets\/about-[^/]+\.js$/, (route) => route.abort("connectionreset"));
    await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
    await expect(page.getByRole("heading", { name: "Loading chunk routes/about failed" })).toBeVisible();
    await page.unroute(/\/assets\/about-[^/]+\.js$/);
    await page.getByRole("button", { name: "Reload page" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("About");
  });
});

// Hydration takes over the pre-rendered page as it is. An element that hydration inserts, moves or removes is
// one the browser code did not find where the HTML has it: a <style> moved in <head> re-applies all its CSS, and a
// page whose controls are replaced loses what the visitor is doing (focus, a half-typed field).
test.describe("hydration leaves the page's elements where they are", { tag: "@phone" }, () => {
  for (const path of ["/", "/services", "/about", "/contact", "/dubai-visa/1", "/visa-packages/4", "/tourist-visa/0"]) {
    test(`${path}`, async ({ page }) => {
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __hydrationChanges: string[] }).__hydrationChanges = seen;
        const describe = (node: Node) =>
          node instanceof Element
            ? `<${node.localName}${node.id ? `#${node.id}` : ""}> in <${node.parentElement?.localName ?? "?"}>`
            : "";
        const observer = new MutationObserver((records) => {
          if (document.documentElement.hasAttribute("data-hydrated")) return observer.disconnect();
          for (const record of records) {
            for (const node of record.addedNodes) {
              // The boot script adds the page's modulepreload links and the manifest's after the first paint
              // (scripts/defer-hydration.ts).
              if (node instanceof HTMLLinkElement && node.rel === "modulepreload") continue;
              if (node instanceof HTMLLinkElement && node.rel === "manifest" && node.hasAttribute("data-after-paint")) {
                continue;
              }
              if (node instanceof Element) seen.push(`added ${describe(node)}`);
            }
            for (const node of record.removedNodes) {
              // React Router's hydration data, read once while the HTML is parsed, may go once it has been read, and
              // so may the modulepreload links once their modules have run (Preact hydrates <head> as the layout
              // renders it, and the layout has no such links).
              if (node instanceof HTMLScriptElement && record.target === document.body) continue;
              if (node instanceof HTMLLinkElement && node.rel === "modulepreload") continue;
              if (node instanceof Element)
                seen.push(`removed ${node.localName} from <${(record.target as Element).localName}>`);
            }
          }
        });
        document.addEventListener("DOMContentLoaded", () =>
          observer.observe(document.documentElement, { childList: true, subtree: true }),
        );
      });
      await page.goto(path);
      const changes = await page.evaluate(
        () => (window as unknown as { __hydrationChanges: string[] }).__hydrationChanges,
      );
      expect(changes).toEqual([]);
    });
  }
});
