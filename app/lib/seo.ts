import type { MetaDescriptor } from "react-router";
import { officeAddress, openingHours } from "../content/agency";
import { site } from "./site-config";
import { logoIcon, ogImage, ogImageAlt } from "./site-assets";
import { agencyId, jsonLdGraph, travelAgency, type JsonLdNode } from "./structured-data";

export interface PageMeta {
  title: string;
  description: string;
  /** The canonical path; omitted for pages that are not indexed. */
  path?: string;
  noindex?: boolean;
  /**
   * The page's own JSON-LD nodes (breadcrumb, services); the agency is added to every page. Build them only
   * when `import.meta.env.SSR` (see structuredDataTags), so that their builders stay out of the browser build.
   */
  structuredData?: readonly JsonLdNode[];
}

/** An absolute URL on the public site: the SITE_URL setting plus the path. */
export function absoluteUrl(path: string): string {
  return `${site.siteUrl}${path}`;
}

/** The id other JSON-LD nodes use to point at the agency. */
export const agencyNodeId = agencyId(site.siteUrl);

// British spelling throughout the copy ("travellers", "enquiry"); en_GB is also a locale the big sites know.
const ogLocale = "en_GB";

/**
 * The head of a page: title, description, robots, canonical link, Open Graph and Twitter card tags, and the
 * JSON-LD. Every route's `meta` export goes through here.
 */
export function pageMeta({
  title,
  description,
  path,
  noindex = false,
  structuredData = [],
}: PageMeta): MetaDescriptor[] {
  const fullTitle = title === site.agencyName ? title : `${title} | ${site.agencyName}`;
  const canonical = path !== undefined && !noindex ? absoluteUrl(path) : undefined;
  const image = absoluteUrl(ogImage.path);
  const imageAlt = ogImageAlt(site.agencyName);
  const tags: MetaDescriptor[] = [{ title: fullTitle }, { name: "description", content: description }];
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  if (canonical !== undefined) tags.push({ tagName: "link", rel: "canonical", href: canonical });
  tags.push(
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.agencyName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    ...(canonical === undefined ? [] : [{ property: "og:url", content: canonical }]),
    { property: "og:locale", content: ogLocale },
    { property: "og:image", content: image },
    { property: "og:image:type", content: ogImage.type },
    { property: "og:image:width", content: String(ogImage.width) },
    { property: "og:image:height", content: String(ogImage.height) },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    ...structuredDataTags(structuredData),
  );
  return tags;
}

/**
 * The JSON-LD: the agency, then the page's own nodes. It is for search engines, which read the pre-rendered
 * HTML, so it is built only while pages are rendered (import.meta.env.SSR is false in the browser build, where
 * the builders are then dropped: about 2 KB less JavaScript on every page). In the browser a stand-in takes its
 * place: it hydrates the pre-rendered <script>, whose JSON hydration leaves as it is. Without one, the next
 * <script> in <head> would be taken for it and everything after it moved.
 */
function structuredDataTags(pageNodes: readonly JsonLdNode[]): MetaDescriptor[] {
  if (!import.meta.env.SSR) return [{ "script:ld+json": null }];
  const agency = travelAgency({
    siteUrl: site.siteUrl,
    name: site.agencyName,
    telephone: site.phone.display,
    email: site.email,
    address: officeAddress,
    openingHours,
    logoUrl: absoluteUrl(logoIcon.path),
    imageUrl: absoluteUrl(ogImage.path),
  });
  return [{ "script:ld+json": jsonLdGraph([agency, ...pageNodes]) }];
}

/** The not-found page, wherever it is shown (/404, an unknown path, a detail group's non-numeric id). */
export function notFoundMeta(): MetaDescriptor[] {
  return pageMeta({
    title: "Page not found",
    description:
      "The page you were looking for is not here. See our Dubai visas, visa change and travel packages, or contact our Al Karama office.",
    noindex: true,
  });
}
