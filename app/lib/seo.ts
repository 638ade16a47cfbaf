import type { MetaDescriptor } from "react-router";
import { site } from "./site-config";

export interface PageMeta {
  title: string;
  description: string;
  /** The canonical path; omitted for pages that are not indexed. */
  path?: string;
  noindex?: boolean;
}

/** The `<title>`, description and robots tags of a page. Every route's `meta` export goes through here. */
export function pageMeta({ title, description, path, noindex = false }: PageMeta): MetaDescriptor[] {
  const fullTitle = title === site.agencyName ? title : `${title} | ${site.agencyName}`;
  const tags: MetaDescriptor[] = [{ title: fullTitle }, { name: "description", content: description }];
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  if (path !== undefined && !noindex) {
    tags.push({ tagName: "link", rel: "canonical", href: `${site.siteUrl}${path === "/" ? "" : path}` || "/" });
  }
  return tags;
}
