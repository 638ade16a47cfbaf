import { paths, type AppPath, type DetailGroup } from "../lib/paths";
import { footer, groupTitles, menu as menuTexts, pageTitles } from "./data/site";

/** The spec's entities "Menu item": id, title, link, subMenu (id, title, link). */
export interface SubMenuItem {
  id: number;
  title: string;
  link: AppPath;
}

export interface MenuItem {
  id: number;
  title: string;
  link: AppPath;
  subMenu: SubMenuItem[];
}

/** Titles of each group's four detail pages, in id order (the spec's screens): the pages' own titles, content/<group>.yaml. */
export const detailPageTitles: Record<DetailGroup, readonly [string, string, string, string]> = pageTitles;

/** The name of each service group, as the menu and the page titles show it: the `title` of its content file. */
export const detailGroupTitles: Record<DetailGroup, string> = groupTitles;

function groupItem(id: number, group: DetailGroup): MenuItem {
  return {
    id,
    title: detailGroupTitles[group],
    link: paths.detail(group, 1),
    subMenu: detailPageTitles[group].map((title, index) => ({
      id: index + 1,
      title,
      link: paths.detail(group, index + 1),
    })),
  };
}

export const menu: MenuItem[] = [
  { id: 1, title: menuTexts.home, link: paths.home, subMenu: [] },
  groupItem(2, "dubai-visa"),
  groupItem(3, "tourist-visa"),
  groupItem(4, "visa-changes"),
  groupItem(5, "visa-documents"),
  groupItem(6, "visa-packages"),
  { id: 7, title: menuTexts.contact, link: paths.contact, subMenu: [] },
];

/** The footer's Quick Links and Visa Guide (content/site.yaml). */
export const footerLinks: Record<"quickLinks" | "visaGuide", { title: string; link: AppPath }[]> = footer;
