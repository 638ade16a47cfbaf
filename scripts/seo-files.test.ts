import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pagePaths } from "../app/lib/paths";
import { readSettings } from "../app/lib/settings";
import { appIcons, themeColor } from "../app/lib/site-assets";
import { robotsTxt, shortName, sitemapXml, webManifest, writeSeoFiles } from "./seo-files";

const siteUrl = "https://visas.example.ae";

describe("sitemapXml", () => {
  it("lists each path once, as an absolute URL, in a urlset", () => {
    const xml = sitemapXml(siteUrl, ["/", "/about"]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        `  <url><loc>${siteUrl}/</loc></url>`,
        `  <url><loc>${siteUrl}/about</loc></url>`,
        "</urlset>",
        "",
      ].join("\n"),
    );
  });

  it("escapes what XML does not allow in text", () => {
    expect(sitemapXml("https://example.com/a&b", ["/"])).toContain("<loc>https://example.com/a&amp;b/</loc>");
  });
});

describe("robotsTxt", () => {
  it("allows every crawler everywhere and names the sitemap's absolute URL", () => {
    expect(robotsTxt(siteUrl)).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`);
  });
});

describe("shortName", () => {
  it("keeps a name of up to 12 characters, otherwise the leading words that fit", () => {
    expect(shortName("Karama Visa & Travel")).toBe("Karama Visa");
    expect(shortName("Karama Visa")).toBe("Karama Visa");
    expect(shortName("Al & Co Travel Services")).toBe("Al & Co");
    expect(shortName("Supercalifragilistic Travel")).toBe("Supercalifragilistic");
  });
});

describe("webManifest", () => {
  const manifest = JSON.parse(webManifest(readSettings({ AGENCY_NAME: "Karama Visa & Travel" }))) as Record<
    string,
    unknown
  >;

  it("names the app after the agency and starts it at the home page, standalone, in the site's colours", () => {
    expect(manifest).toMatchObject({
      name: "Karama Visa & Travel",
      short_name: "Karama Visa",
      start_url: "/",
      scope: "/",
      display: "standalone",
      lang: "en",
      theme_color: themeColor,
      background_color: "#ffffff",
    });
  });

  it("offers 192 and 512 px PNG icons and a maskable one", () => {
    expect(manifest["icons"]).toEqual(
      appIcons.map((icon) => ({
        src: icon.path,
        sizes: `${icon.size}x${icon.size}`,
        type: "image/png",
        purpose: icon.purpose,
      })),
    );
    const sizes = appIcons.map((icon) => `${icon.size}/${icon.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(["192/any", "512/any", "512/maskable"]));
  });
});

describe("writeSeoFiles", () => {
  it("writes the sitemap of every indexable page, robots.txt and the manifest into the client build", async () => {
    const dir = await mkdtemp(join(tmpdir(), "seo-files-"));
    try {
      const settings = readSettings({ SITE_URL: `${siteUrl}/` });
      const written = await writeSeoFiles(dir, settings);
      expect(written).toEqual(["sitemap.xml", "robots.txt", "site.webmanifest"]);
      const sitemap = await readFile(join(dir, "sitemap.xml"), "utf8");
      expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual(
        pagePaths.map((path) => `${siteUrl}${path}`),
      );
      expect(await readFile(join(dir, "robots.txt"), "utf8")).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
      expect(JSON.parse(await readFile(join(dir, "site.webmanifest"), "utf8"))).toMatchObject({ start_url: "/" });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
