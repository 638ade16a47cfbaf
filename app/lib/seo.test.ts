// @vitest-environment node
// (The JSON-LD is built while pages are pre-rendered, where import.meta.env.SSR is true, as it is here.)
import type { MetaDescriptor } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pageMeta } from "./seo";
import { site } from "./site-config";
import { ogImage } from "./site-assets";

function find(tags: MetaDescriptor[], key: string): string | undefined {
  for (const tag of tags) {
    const record = tag as Record<string, unknown>;
    if (record["name"] === key || record["property"] === key) return String(record["content"]);
  }
  return undefined;
}

function canonicalOf(tags: MetaDescriptor[]): string | undefined {
  const link = tags.find((tag) => (tag as Record<string, unknown>)["rel"] === "canonical");
  return link ? String((link as Record<string, unknown>)["href"]) : undefined;
}

function jsonLdOf(tags: MetaDescriptor[]): Record<string, unknown> | undefined {
  const tag = tags.find((candidate) => "script:ld+json" in candidate);
  return tag ? ((tag as Record<string, unknown>)["script:ld+json"] as Record<string, unknown>) : undefined;
}

describe("pageMeta", () => {
  const tags = pageMeta({ title: "About Us", description: "About the agency.", path: "/about" });

  it("titles the page with the agency's name", () => {
    expect(tags).toContainEqual({ title: `About Us | ${site.agencyName}` });
    expect(find(tags, "description")).toBe("About the agency.");
  });

  it("points the canonical link and og:url at the site URL plus the path", () => {
    expect(canonicalOf(tags)).toBe(`${site.siteUrl}/about`);
    expect(find(tags, "og:url")).toBe(`${site.siteUrl}/about`);
    expect(canonicalOf(pageMeta({ title: "Home", description: "d", path: "/" }))).toBe(`${site.siteUrl}/`);
  });

  it("describes the page for link previews with an absolute raster image", () => {
    expect(find(tags, "og:type")).toBe("website");
    expect(find(tags, "og:site_name")).toBe(site.agencyName);
    expect(find(tags, "og:title")).toBe("About Us");
    expect(find(tags, "og:description")).toBe("About the agency.");
    expect(find(tags, "og:locale")).toBe("en_GB");
    expect(find(tags, "og:image")).toBe(`${site.siteUrl}${ogImage.path}`);
    expect(find(tags, "og:image:type")).toBe("image/png");
    expect(find(tags, "og:image:width")).toBe("1200");
    expect(find(tags, "og:image:height")).toBe("630");
    expect(find(tags, "og:image:alt")).toContain(site.agencyName);
    expect(find(tags, "twitter:card")).toBe("summary_large_image");
    expect(find(tags, "twitter:title")).toBe("About Us");
    expect(find(tags, "twitter:description")).toBe("About the agency.");
    expect(find(tags, "twitter:image")).toBe(`${site.siteUrl}${ogImage.path}`);
    expect(find(tags, "twitter:image:alt")).toBe(find(tags, "og:image:alt"));
    expect(find(tags, "robots")).toBeUndefined();
  });

  it("puts the agency in the JSON-LD of every page, with the page's own nodes after it", () => {
    const extra = { "@type": "Thing", name: "extra" };
    const graph = jsonLdOf(pageMeta({ title: "T", description: "d", path: "/about", structuredData: [extra] }));
    expect(graph?.["@context"]).toBe("https://schema.org");
    const nodes = graph?.["@graph"] as Record<string, unknown>[];
    expect(nodes[0]).toMatchObject({ "@type": "TravelAgency", name: site.agencyName, email: site.email });
    expect(nodes[1]).toEqual(extra);
  });

  it("marks a page noindex, with no canonical link and no og:url, but keeps the preview tags", () => {
    const hidden = pageMeta({ title: "Page not found", description: "Not here.", path: "/404", noindex: true });
    expect(find(hidden, "robots")).toBe("noindex");
    expect(canonicalOf(hidden)).toBeUndefined();
    expect(find(hidden, "og:url")).toBeUndefined();
    expect(find(hidden, "og:image")).toBe(`${site.siteUrl}${ogImage.path}`);
    expect(jsonLdOf(hidden)).toBeDefined();
  });

  describe("in the browser build", () => {
    afterEach(() => vi.unstubAllEnvs());

    it("leaves the JSON-LD out (search engines read it from the pre-rendered HTML), keeping its place, and every other tag", () => {
      vi.stubEnv("SSR", false);
      const browserTags = pageMeta({ title: "About Us", description: "About the agency.", path: "/about" });
      // A stand-in with no JSON: hydration keeps the pre-rendered <script> where it is.
      expect(jsonLdOf(browserTags)).toBeNull();
      expect(browserTags).toEqual(tags.map((tag) => ("script:ld+json" in tag ? { "script:ld+json": null } : tag)));
    });
  });
});
