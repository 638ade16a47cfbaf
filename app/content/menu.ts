import { paths, type AppPath, type DetailGroup } from "../lib/paths";

/** Spec §3 "Menu item": id, title, link, subMenu (id, title, link). */
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

/** Titles of each group's four detail pages, in id order (spec §2, "Detail id meanings"). */
export const detailPageTitles: Record<DetailGroup, readonly [string, string, string, string]> = {
  "dubai-visa": ["48 Hours Transit", "96 Hours Transit", "30 Days Multiple", "60 Days Multiple"],
  "tourist-visa": ["Apply Tourist Visa", "30 Days", "60 Days", "90 Days Dubai Visa"],
  "visa-changes": ["Visa Change In Dubai", "Visa Change By Flight", "Visa Change By Road", "Tourist Visa Extension"],
  "visa-documents": ["Dummy Airline Ticket", "Dummy Hotel Booking", "Travel Insurance Dubai", "Worldwide Insurance"],
  "visa-packages": [
    "Kabayan Visa Packages",
    "Cross Country Packages",
    "Visa With Dummy Ticket",
    "Dubai Holiday Packages",
  ],
};

/** The name of each service group, as the menu and the page titles show it. */
export const detailGroupTitles: Record<DetailGroup, string> = {
  "dubai-visa": "Dubai Visa",
  "tourist-visa": "Tourist Visa",
  "visa-changes": "Visa Change",
  "visa-documents": "Visa Documents",
  "visa-packages": "Visa Packages",
};

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
  { id: 1, title: "Home", link: paths.home, subMenu: [] },
  groupItem(2, "dubai-visa"),
  groupItem(3, "tourist-visa"),
  groupItem(4, "visa-changes"),
  groupItem(5, "visa-documents"),
  groupItem(6, "visa-packages"),
  { id: 7, title: "Contact", link: paths.contact, subMenu: [] },
];

export const footerLinks = {
  quickLinks: [
    { title: "Home", link: paths.home },
    { title: "About Us", link: paths.about },
    { title: "Contact Us", link: paths.contact },
    { title: "Our Services", link: paths.services },
  ],
  visaGuide: [
    { title: "Dubai Visa", link: paths.detail("dubai-visa", 1) },
    { title: "Tourist Visa", link: paths.detail("tourist-visa", 1) },
    { title: "Visa Change", link: paths.detail("visa-changes", 1) },
    { title: "Visa Documents", link: paths.detail("visa-documents", 1) },
  ],
} satisfies Record<string, { title: string; link: AppPath }[]>;
