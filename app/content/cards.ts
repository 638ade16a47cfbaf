import { paths } from "../lib/paths";
import { aed } from "./price";
import type { ProductCard } from "./schema";

/**
 * The four featured cards of the home page (spec §2). The links do not match the card names; the
 * spec keeps them as given, so do we.
 */
export const featuredCards: ProductCard[] = [
  {
    id: 1,
    name: "Airport to Airport",
    title: "Visa Change",
    price: aed(950),
    image: "airport-transit",
    link: paths.detail("dubai-visa", 1),
  },
  {
    id: 2,
    name: "UAE Visa Extension",
    title: "Tourist Visa",
    price: aed(1150),
    image: "visa-extension",
    link: paths.detail("tourist-visa", 1),
  },
  {
    id: 3,
    name: "Kabayan Visa Ticket",
    title: "Filipino Packages",
    price: aed(1490),
    image: "kabayan-family",
    link: paths.detail("visa-changes", 1),
  },
  {
    id: 4,
    name: "Dubai Tour Packages",
    title: "Holiday Packages",
    price: aed(1590),
    image: "holiday-beach",
    link: paths.detail("visa-packages", 1),
  },
];
