import { detailIds, isDetailGroup, parseDetailId, paths } from "../lib/paths";
import { contactPage } from "./contact";
import { detailGroupTitles, detailPageTitles, footerLinks, menu } from "./menu";
import { privacy } from "./privacy";

/**
 * A page of the site by the name a visitor saw on it, from the content files, for the back office (issue 35,
 * item 8): "48 Hours Transit (Dubai Visa)" for /dubai-visa/1, "Contact Us" for /contact. A page's own title where
 * it has one (the detail pages, Contact, Privacy), else its name in the menu or the footer's Quick Links (Home,
 * About Us, Our Services). Null for a path that is none of the site's pages.
 */
export function pageTitle(path: string): string | null {
  const [, group = "", id] = /^\/([^/]+)\/([^/]+)$/.exec(path) ?? [];
  const number = parseDetailId(id);
  if (isDetailGroup(group) && number !== null) {
    if (!(detailIds as readonly number[]).includes(number)) return null;
    const title = detailPageTitles[group][number - 1];
    return title ? `${title} (${detailGroupTitles[group]})` : detailGroupTitles[group];
  }
  if (path === paths.contact) return contactPage.title;
  if (path === paths.privacy) return privacy.title;
  const named = [...menu, ...footerLinks.quickLinks].find((item) => item.link === path);
  return named?.title ?? null;
}
