import { officeAddress } from "../app/content/agency";
import { featuredCards } from "../app/content/cards";
import { getDetailRecord } from "../app/content/details";
import { leadPrice } from "../app/content/details/helpers";
import { detailGroupTitles, detailPageTitles } from "../app/content/menu";
import { aed, priceFormat } from "../app/content/price";
import { services } from "../app/content/services";
import { readDetailRoute } from "../app/lib/detail-route";
import { detailGroups, detailNotFoundPaths, emptyDetailPaths, notFoundPath, pagePaths, paths } from "../app/lib/paths";
import { readSettings } from "../app/lib/settings";
import { appIcons, appleTouchIcon, manifestPath, ogImage, themeColor } from "../app/lib/site-assets";
import { nodesOfType } from "../app/lib/structured-data";
import type { APIRequestContext } from "@playwright/test";
import { expect, fetchHtml, test } from "./fixtures";

// What search engines and link previews read: the pre-rendered HTML, fetched without running any script. The
// build read the same environment, so these settings are the ones the pages were built with.
const settings = readSettings(process.env);
const absolute = (path: string) => `${settings.siteUrl}${path}`;
const noindexPaths = [notFoundPath, ...emptyDetailPaths, ...detailNotFoundPaths];

// The HTML does not depend on the viewport: the desktop project reads it (every test here is tagged @desktop),
// over HTTP, without a browser page.
const once = { tag: "@desktop" };

/* A small reader of the pre-rendered head ---------------------------------------------------------- */

type Attributes = Record<string, string>;

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function tags(html: string, name: "meta" | "link"): Attributes[] {
  return [...html.matchAll(new RegExp(`<${name}\\s([^>]*?)/?>`, "g"))].map((match) =>
    Object.fromEntries([...match[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key, value]) => [key, decode(value!)])),
  );
}

interface Head {
  title: string | undefined;
  /** Meta tags by name or property; a key that occurs twice keeps both values. */
  meta: Record<string, string[]>;
  links: Attributes[];
  jsonLd: unknown[];
}

function readHead(html: string): Head {
  const meta: Record<string, string[]> = {};
  for (const tag of tags(html, "meta")) {
    const key = tag["name"] ?? tag["property"];
    if (key !== undefined && tag["content"] !== undefined) (meta[key] ??= []).push(tag["content"]);
  }
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as unknown,
  );
  const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
  return { title: title === undefined ? undefined : decode(title), meta, links: tags(html, "link"), jsonLd };
}

/** The prices the visitor sees: the text of the elements styled as a price that reads as an AED price. */
function pricesShown(html: string): string[] {
  return [...html.matchAll(/<[a-z]+ class="(?:[^"]*\s)?price(?:\s[^"]*)?">([^<]*)</g)]
    .map((match) => decode(match[1]!).trim())
    .filter((text) => priceFormat.test(text));
}

/** The prices the content records put on a page as offers. */
function recordPrices(path: string): string[] {
  if (path === paths.home) return featuredCards.map((card) => card.price);
  const route = readDetailRoute(path);
  if (route.kind !== "detail") return [];
  const record = getDetailRecord(route.group, route.id);
  return record.kind === "overview"
    ? record.priceRows.map((row) => row.price)
    : record.visaTypes.map((row) => row.price).filter((price) => price !== "");
}

/** The "from" prices the content records put on a page: on Services, the lowest of each page a section links to. */
function recordFromPrices(path: string): string[] {
  if (path !== paths.services) return [];
  return services.sections.flatMap((section) => {
    const route = section.link ? readDetailRoute(section.link.to) : null;
    const lead = route?.kind === "detail" ? leadPrice(getDetailRecord(route.group, route.id)) : null;
    return lead ? [lead.price] : [];
  });
}

function expectPreviewTags(head: Head, label: string) {
  const one = (key: string) => {
    expect(head.meta[key], `${label}: one ${key}`).toHaveLength(1);
    return head.meta[key]![0]!;
  };
  expect(one("og:type"), label).toBe("website");
  expect(one("og:site_name"), label).toBe(settings.agencyName);
  expect(one("og:title").length, `${label}: og:title`).toBeGreaterThan(3);
  expect(one("og:description"), label).toBe(one("description"));
  expect(one("og:locale"), label).toMatch(/^en_[A-Z]{2}$/);
  expect(one("og:image"), label).toBe(absolute(ogImage.path));
  expect(one("og:image:type"), label).toBe(ogImage.type);
  expect(one("og:image:width"), label).toBe(String(ogImage.width));
  expect(one("og:image:height"), label).toBe(String(ogImage.height));
  expect(one("og:image:alt").length, `${label}: og:image:alt`).toBeGreaterThan(10);
  expect(one("twitter:card"), label).toBe("summary_large_image");
  expect(one("twitter:title"), label).toBe(one("og:title"));
  expect(one("twitter:description"), label).toBe(one("description"));
  expect(one("twitter:image"), label).toBe(one("og:image"));
  expect(one("twitter:image:alt"), label).toBe(one("og:image:alt"));
}

function expectAgency(head: Head, label: string) {
  const agencies = nodesOfType(head.jsonLd, "TravelAgency");
  expect(agencies, `${label}: one TravelAgency`).toHaveLength(1);
  expect(agencies[0], label).toMatchObject({
    name: settings.agencyName,
    url: absolute("/"),
    telephone: settings.phone.display,
    email: settings.email,
    address: {
      "@type": "PostalAddress",
      addressLocality: officeAddress.locality,
      addressRegion: officeAddress.city,
      addressCountry: "AE",
    },
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        opens: "10:00",
        closes: "22:00",
      },
    ],
  });
  expect(agencies[0]!["logo"], label).toMatch(new RegExp(`^${settings.siteUrl}/.+\\.png$`));
}

/* The pages --------------------------------------------------------------------------------------- */

/** One indexable page: canonical, preview tags, and JSON-LD checked against the settings and content records. */
async function expectIndexablePage(request: APIRequestContext, path: string) {
  const { status, html } = await fetchHtml(request, path);
  expect(status).toBe(200);
  expect(html).toMatch(/^<!DOCTYPE html><html lang="en"/);
  const head = readHead(html);
  expect(head.meta["robots"]).toBeUndefined();
  const canonicals = head.links.filter((link) => link["rel"] === "canonical");
  expect(canonicals.map((link) => link["href"])).toEqual([absolute(path)]);
  expect(head.meta["og:url"]).toEqual([absolute(path)]);
  expectPreviewTags(head, path);
  expectAgency(head, path);

  // Each priced service shown is an Offer in AED at the price of the content record.
  const offers = nodesOfType(head.jsonLd, "Offer");
  for (const offer of offers) {
    expect(offer["priceCurrency"], path).toBe("AED");
    expect(offer["price"], path).toMatch(/^[0-9]+\.[0-9]{2}$/);
    expect(String(offer["url"]), path).toMatch(new RegExp(`^${settings.siteUrl}/`));
  }
  const offerPrices = offers.map((offer) => aed(Number(offer["price"])));
  expect(offerPrices.toSorted(), `${path}: offers against the content records`).toEqual(recordPrices(path).toSorted());
  // A "from" price (the Services page) is an AggregateOffer's lowest price.
  const fromOffers = nodesOfType(head.jsonLd, "AggregateOffer");
  for (const offer of fromOffers) expect(offer["priceCurrency"], path).toBe("AED");
  const fromPrices = fromOffers.map((offer) => aed(Number(offer["lowPrice"])));
  expect(fromPrices.toSorted(), `${path}: "from" offers against the content records`).toEqual(
    recordFromPrices(path).toSorted(),
  );
  expect([...new Set(pricesShown(html))].toSorted(), `${path}: offers against the prices shown`).toEqual(
    [...new Set([...offerPrices, ...fromPrices])].toSorted(),
  );

  const route = readDetailRoute(path);
  const breadcrumbs = nodesOfType(head.jsonLd, "BreadcrumbList");
  if (route.kind === "detail") {
    expect(breadcrumbs).toHaveLength(1);
    expect(breadcrumbs[0]!["itemListElement"]).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: absolute(paths.home) },
      {
        "@type": "ListItem",
        position: 2,
        name: detailGroupTitles[route.group],
        item: absolute(paths.detail(route.group, 1)),
      },
      {
        "@type": "ListItem",
        position: 3,
        name: detailPageTitles[route.group][route.id - 1],
        item: absolute(path),
      },
    ]);
    expect(nodesOfType(head.jsonLd, "Service")[0]).toMatchObject({
      name: detailPageTitles[route.group][route.id - 1],
      provider: { "@id": nodesOfType(head.jsonLd, "TravelAgency")[0]!["@id"] },
    });
  } else {
    expect(breadcrumbs).toHaveLength(0);
  }
}

// A few pages per test, each a step: a failure names its page.
const pageSets: [string, string[]][] = [
  ["the top pages", pagePaths.filter((path) => readDetailRoute(path).kind !== "detail")],
  ...detailGroups.map((group): [string, string[]] => [
    `the ${group} pages`,
    pagePaths.filter((path) => path.startsWith(`/${group}/`)),
  ]),
];

test.describe("every indexable page tells search engines and link previews what it is", once, () => {
  for (const [name, set] of pageSets) {
    test(`${name}: canonical, preview tags and JSON-LD from the content records`, async ({ request }) => {
      for (const path of set) await test.step(path, () => expectIndexablePage(request, path));
    });
  }

  test("no two pages share a title or a description, the not-found and empty pages included", async ({ request }) => {
    const distinct = [...pagePaths, notFoundPath, ...emptyDetailPaths];
    const heads = await Promise.all(distinct.map(async (path) => readHead((await fetchHtml(request, path)).html)));
    const titles = heads.map((head) => head.title);
    const descriptions = heads.map((head) => head.meta["description"]?.[0]);
    expect(titles.every((title) => title !== undefined && title.length > 5)).toBe(true);
    expect(new Set(titles).size, titles.join("\n")).toBe(distinct.length);
    expect(descriptions.every((text) => text !== undefined && text.length >= 50 && text.length <= 170)).toBe(true);
    expect(new Set(descriptions).size, descriptions.join("\n")).toBe(distinct.length);
    // Under each group, an id that is not a number gets the same not-found page as /404.
    for (const path of detailNotFoundPaths) {
      expect(readHead((await fetchHtml(request, path)).html).title, path).toBe(heads[pagePaths.length]!.title);
    }
  });
});

test(
  "the 404 and empty-record pages are noindex, without a canonical link, and still preview well",
  once,
  async ({ request }) => {
    for (const path of noindexPaths) {
      await test.step(path, async () => {
        const { status, html } = await fetchHtml(request, path);
        expect(status).toBe(404);
        expect(html).toMatch(/^<!DOCTYPE html><html lang="en"/);
        const head = readHead(html);
        expect(head.meta["robots"]).toEqual(["noindex"]);
        expect(head.links.filter((link) => link["rel"] === "canonical")).toEqual([]);
        expect(head.meta["og:url"]).toBeUndefined();
        expectPreviewTags(head, path);
        expectAgency(head, path);
        expect(nodesOfType(head.jsonLd, "BreadcrumbList")).toEqual([]);
        expect(nodesOfType(head.jsonLd, "Offer")).toEqual([]);
      });
    }
  },
);

/* The files around the pages ---------------------------------------------------------------------- */

/** Width and height from a PNG's IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(0, 8).toString("hex"), "PNG signature").toBe("89504e470d0a1a0a");
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

test.describe("sitemap, robots.txt, preview image and app icons", once, () => {
  test("/sitemap.xml lists exactly the indexable pages, as absolute URLs", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^(application|text)\/xml\b/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/);
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => decode(match[1]!));
    expect(locations).toEqual(pagePaths.map(absolute));
    for (const path of noindexPaths) expect(locations).not.toContain(absolute(path));
  });

  test("/robots.txt lets crawlers in and points at the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain\b/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).not.toMatch(/^Disallow: \/\s*$/m);
    expect(text).toMatch(new RegExp(`^Sitemap: ${absolute("/sitemap.xml").replace(/[.?]/g, "\\$&")}$`, "m"));
  });

  test("the preview image is a small 1200 × 630 PNG at the URL the pages name", async ({ request }) => {
    const { html } = await fetchHtml(request, paths.home);
    const imageUrl = readHead(html).meta["og:image"]![0]!;
    expect(imageUrl.startsWith(settings.siteUrl)).toBe(true);
    const response = await request.get(imageUrl.slice(settings.siteUrl.length));
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    const body = await response.body();
    expect(pngSize(body)).toEqual({ width: ogImage.width, height: ogImage.height });
    expect(body.length).toBeLessThan(60 * 1024);
  });

  test("the head links a favicon, the web app manifest and an apple-touch-icon; the manifest's icons exist", async ({
    request,
    tab: page,
  }) => {
    const { links, meta } = readHead((await fetchHtml(request, paths.about)).html);
    expect(meta["theme-color"]).toEqual([themeColor]);
    expect(links.find((link) => link["rel"] === "icon")).toMatchObject({ href: "/favicon.svg", type: "image/svg+xml" });
    // The manifest (and the icon it names) is linked after the first paint, not fetched while the page loads.
    expect(links.find((link) => link["rel"] === "manifest")).toBeUndefined();
    await page.goto(paths.about);
    await expect(page.locator(`head link[rel="manifest"][href="${manifestPath}"]`)).toHaveCount(1);
    // And it stays as the visitor moves on in the page.
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.locator(`head link[rel="manifest"][href="${manifestPath}"]`)).toHaveCount(1);
    const touch = links.find((link) => link["rel"] === "apple-touch-icon");
    expect(touch).toMatchObject({ href: appleTouchIcon.path });

    const favicon = await request.get("/favicon.svg");
    expect(favicon.headers()["content-type"]).toMatch(/^image\/svg\+xml/);

    const response = await request.get(manifestPath);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: settings.agencyName,
      start_url: "/",
      display: "standalone",
      theme_color: themeColor,
    });
    expect(String(manifest["short_name"]).length).toBeLessThanOrEqual(12);
    const icons = manifest["icons"] as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
    );

    const images = [
      ...icons.map((icon) => ({ path: icon.src, size: Number(icon.sizes.split("x")[0]) })),
      { path: touch!["href"]!, size: appleTouchIcon.size },
    ];
    expect(images.map((image) => image.path)).toEqual([...appIcons.map((icon) => icon.path), appleTouchIcon.path]);
    for (const image of images) {
      const icon = await request.get(image.path);
      expect(icon.status(), image.path).toBe(200);
      expect(icon.headers()["content-type"], image.path).toBe("image/png");
      const body = await icon.body();
      expect(pngSize(body), image.path).toEqual({ width: image.size, height: image.size });
      expect(body.length, image.path).toBeLessThan(30 * 1024);
    }
  });
});
