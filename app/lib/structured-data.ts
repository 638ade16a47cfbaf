import { detailGroupTitles, menu } from "../content/menu";
import { priceAmount } from "../content/price";
import type { DetailRecord, ProductCard } from "../content/schema";
import { paths, type DetailGroup } from "./paths";

/**
 * schema.org JSON-LD for search engines, built from the content records and the settings so that no fact is
 * typed in twice. Pure: app/lib/seo.ts passes in the site's settings and puts the result in each page's head.
 */

export type JsonLdValue = string | number | boolean | null | JsonLdNode | readonly JsonLdValue[];
export interface JsonLdNode {
  readonly [key: string]: JsonLdValue;
}

/** Turns a site path into the absolute URL under the site URL setting. */
export type AbsoluteUrl = (path: string) => string;

/* Opening hours ------------------------------------------------------------------------------------ */

const weekDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type DayOfWeek = (typeof weekDays)[number];

export interface OpeningHours {
  days: DayOfWeek[];
  /** 24-hour "HH:MM". */
  opens: string;
  closes: string;
}

function dayIndex(abbreviation: string): number {
  if (abbreviation.length !== 3) return -1;
  return weekDays.findIndex((day) => day.slice(0, 3).toLowerCase() === abbreviation.toLowerCase());
}

function to24Hour(hour: string, minute: string, meridiem: string): string | null {
  const h = Number(hour);
  if (hour === "" || meridiem === "" || h < 1 || h > 12 || Number(minute) > 59) return null;
  const hours = (h % 12) + (meridiem.toLowerCase() === "pm" ? 12 : 0);
  return `${String(hours).padStart(2, "0")}:${minute}`;
}

/**
 * Reads the hours as the site shows them ("Mon - Sat, 10.00 am to 10.00 pm", app/content/agency.ts), so the
 * JSON-LD cannot drift from the page. Text it cannot read stops the build instead of publishing wrong hours.
 */
export function parseOpeningHours(text: string): OpeningHours {
  const time = (name: string) => `(?<${name}Hour>\\d{1,2})\\.(?<${name}Minute>\\d{2})\\s*(?<${name}Meridiem>am|pm)`;
  const pattern = new RegExp(
    `^(?<from>\\w{3})\\s*-\\s*(?<to>\\w{3}),\\s*${time("open")}\\s+to\\s+${time("close")}$`,
    "i",
  );
  const parts = pattern.exec(text.trim())?.groups ?? {};
  const first = dayIndex(parts["from"] ?? "");
  const last = dayIndex(parts["to"] ?? "");
  const opens = to24Hour(parts["openHour"] ?? "", parts["openMinute"] ?? "", parts["openMeridiem"] ?? "");
  const closes = to24Hour(parts["closeHour"] ?? "", parts["closeMinute"] ?? "", parts["closeMeridiem"] ?? "");
  if (first < 0 || last < 0 || opens === null || closes === null) {
    throw new Error(`Cannot read the opening hours "${text}": write them as "Mon - Sat, 10.00 am to 10.00 pm"`);
  }
  const count = ((last - first + 7) % 7) + 1;
  return { days: [...weekDays, ...weekDays].slice(first, first + count), opens, closes };
}

/* The agency --------------------------------------------------------------------------------------- */

export interface AgencyFacts {
  siteUrl: string;
  name: string;
  telephone: string;
  email: string;
  address: { locality: string; city: string; country: string };
  /** As the site shows them: "Mon - Sat, 10.00 am to 10.00 pm". */
  openingHours: string;
  logoUrl: string;
  imageUrl: string;
}

/** ISO 3166 codes of the countries the address may name; schema.org wants the code. */
const countryCodes: Record<string, string> = { "United Arab Emirates": "AE" };

/** The agency's node id: other nodes point at the agency with `{ "@id": agencyId(siteUrl) }`. */
export function agencyId(siteUrl: string): string {
  return `${siteUrl}/#agency`;
}

export function travelAgency(facts: AgencyFacts): JsonLdNode {
  const hours = parseOpeningHours(facts.openingHours);
  return {
    "@type": "TravelAgency",
    "@id": agencyId(facts.siteUrl),
    name: facts.name,
    url: `${facts.siteUrl}/`,
    logo: facts.logoUrl,
    image: facts.imageUrl,
    telephone: facts.telephone,
    email: facts.email,
    address: {
      "@type": "PostalAddress",
      addressLocality: facts.address.locality,
      addressRegion: facts.address.city,
      addressCountry: countryCodes[facts.address.country] ?? facts.address.country,
    },
    openingHoursSpecification: [
      { "@type": "OpeningHoursSpecification", dayOfWeek: hours.days, opens: hours.opens, closes: hours.closes },
    ],
  };
}

/* Breadcrumbs, services and offers ----------------------------------------------------------------- */

export interface Crumb {
  name: string;
  url: string;
}

export function breadcrumbList(crumbs: readonly Crumb[]): JsonLdNode {
  return {
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/** A service as a page shows it with its price. */
export interface PricedItem {
  name: string;
  /** As the records write it: "AED 1,490.00". */
  price: string;
  url: string;
  description?: string;
}

/** Prices on the site are AED strings ("AED 1,490.00"); schema.org wants the currency and a plain number. */
export function offer(item: PricedItem): JsonLdNode {
  return {
    "@type": "Offer",
    name: item.name,
    ...(item.description === undefined ? {} : { description: item.description }),
    price: priceAmount(item.price).toFixed(2),
    priceCurrency: "AED",
    url: item.url,
  };
}

/**
 * A detail page. `hasPriceCell` is true where the page shows its first row's price in a Price cell of its own
 * (`priceCellGroups` of app/content/details): the caller says so, because importing that module here would put
 * every detail record into the script of every page.
 */
export interface DetailPageFacts {
  group: DetailGroup;
  record: DetailRecord;
  hasPriceCell: boolean;
}

/**
 * The prices a detail page shows: an overview page's price rows (each at the page its View Details button
 * opens), or the grid rows that have a price. A Price cell's offer is named after the page.
 */
export function detailPricedItems(
  { group, record, hasPriceCell }: DetailPageFacts,
  absolute: AbsoluteUrl,
): PricedItem[] {
  const pageUrl = absolute(paths.detail(group, record.id));
  if (record.kind === "overview") {
    return record.priceRows.map((row) => ({ name: row.type, price: row.price, url: absolute(row.link) }));
  }
  return record.visaTypes.flatMap((row, index) => {
    if (row.price === "") return [];
    const isPriceCell = index === 0 && hasPriceCell;
    return [
      {
        name: isPriceCell ? record.title : row.title,
        ...(row.content === "" ? {} : { description: row.content }),
        price: row.price,
        url: pageUrl,
      },
    ];
  });
}

const homeName = menu.find((item) => item.link === paths.home)?.title ?? "Home";

/** A detail page's breadcrumb (Home › group › page, as its banner shows) and its service with the offers. */
export function detailPageNodes(page: DetailPageFacts, absolute: AbsoluteUrl, providerId: string): JsonLdNode[] {
  const { group, record } = page;
  // The empty record has no page of its own to describe.
  if (record.title === "") return [];
  const groupTitle = detailGroupTitles[group];
  const pageUrl = absolute(paths.detail(group, record.id));
  const breadcrumb = breadcrumbList([
    { name: homeName, url: absolute(paths.home) },
    { name: groupTitle, url: absolute(paths.detail(group, 1)) },
    { name: record.title, url: pageUrl },
  ]);
  const offers = detailPricedItems(page, absolute).map(offer);
  const service: JsonLdNode = {
    "@type": "Service",
    name: record.title,
    ...(record.subTitle === "" ? {} : { description: record.subTitle }),
    serviceType: groupTitle,
    url: pageUrl,
    provider: { "@id": providerId },
    ...(offers.length === 0 ? {} : { offers }),
  };
  return [breadcrumb, service];
}

/** The home page's featured cards: each a service with the one price and link the card shows. */
export function featuredServiceNodes(
  cards: readonly ProductCard[],
  absolute: AbsoluteUrl,
  providerId: string,
): JsonLdNode[] {
  return cards.map((card) => ({
    "@type": "Service",
    name: card.name,
    category: card.title,
    provider: { "@id": providerId },
    offers: [offer({ name: card.name, price: card.price, url: absolute(card.link) })],
  }));
}

/**
 * The Services page: each section that shows "From" the lowest price of the page it links to is a Service with
 * an AggregateOffer from that price (not an Offer at it: the page it links to lists the prices).
 */
export function fromPriceServiceNodes(items: readonly PricedItem[], providerId: string): JsonLdNode[] {
  return items.map((item) => ({
    "@type": "Service",
    name: item.name,
    url: item.url,
    provider: { "@id": providerId },
    offers: {
      "@type": "AggregateOffer",
      lowPrice: priceAmount(item.price).toFixed(2),
      priceCurrency: "AED",
      url: item.url,
    },
  }));
}

/** One JSON-LD document: the nodes of a page in a schema.org graph. */
export function jsonLdGraph(nodes: readonly JsonLdNode[]): JsonLdNode {
  return { "@context": "https://schema.org", "@graph": nodes };
}

/** Reading JSON-LD back (the tests): every node of a schema.org type, top level, in @graph or nested. */
export function nodesOfType(value: unknown, type: string): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap((item) => nodesOfType(item, type));
  if (value === null || typeof value !== "object") return [];
  const node = value as Record<string, unknown>;
  const own = node["@type"] === type ? [node] : [];
  return [...own, ...Object.values(node).flatMap((child) => nodesOfType(child, type))];
}
