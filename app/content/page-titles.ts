import { detailGroups, detailIds, type AppPath, paths } from "../lib/paths";
import { contactPage } from "./contact";
import { menu } from "./data/site";
import { detailGroupTitles, detailPageTitles } from "./menu";
import { privacy } from "./privacy";
import { aboutTitle, servicesTitle } from "./titles";

/**
 * Every page of the site (app/lib/paths.ts) by the title a visitor sees on it: the menu's Home, the About,
 * Services, Contact and Privacy pages' banners, and a detail page as its service group and its own title
 * ("Tourist Visa: 30 Days"). The one list the office's statistics and `npm run stats` name pages by (issue 35,
 * item 8); plain data, so the server may import it (never the pages' components).
 */
export const pageTitles: ReadonlyMap<AppPath, string> = new Map<AppPath, string>([
  [paths.home, menu.home],
  [paths.about, aboutTitle],
  [paths.services, servicesTitle],
  [paths.contact, contactPage.title],
  [paths.privacy, privacy.title],
  ...detailGroups.flatMap((group) =>
    detailIds.map((id): [AppPath, string] => [
      paths.detail(group, id),
      `${detailGroupTitles[group]}: ${detailPageTitles[group][id - 1] ?? ""}`,
    ]),
  ),
]);

/** A page's title, or null for a path that is not a page of the site. */
export function pageTitle(path: string): string | null {
  return pageTitles.get(path as AppPath) ?? null;
}
