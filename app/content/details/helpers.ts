import { priceAmount } from "../price.ts";
import type { DetailGroup } from "../../lib/paths.ts";
import type { DetailRecord, GridDetailRecord } from "../schema.ts";

// Runtime helpers of the detail records, apart from schema.ts so that the pages do not ship zod.

/** The record a detail page shows when its id has none (the spec's screens): same layout, empty content. */
export const emptyDetailRecord: GridDetailRecord = Object.freeze({
  kind: "grid",
  id: 0,
  image: "passport-stamps",
  title: "",
  content: [],
  subTitle: "",
  title2: "",
  visaTypes: [],
  title3: "",
  content3: [],
  title4: "",
  content4: [],
});

/** "The Price cell taken from the first visa type" (Dubai visa and tourist pages); "" when there is none. */
export function firstVisaTypePrice(record: DetailRecord): string {
  return record.kind === "grid" ? (record.visaTypes[0]?.price ?? "") : "";
}

/** The price a page leads with: its one price, or `from` the lowest of several. */
export interface LeadPrice {
  price: string;
  /** The page lists more than one price, and this is the lowest. */
  from: boolean;
}

/** Every price a page lists, in its order: the overview's rows, or the grid's priced rows. */
export function listedPrices(record: DetailRecord): string[] {
  const prices =
    record.kind === "overview" ? record.priceRows.map((row) => row.price) : record.visaTypes.map((row) => row.price);
  return prices.filter((price) => price !== "");
}

/** The page's price, or "from" the lowest of its prices; null when it lists none (the empty record). */
export function leadPrice(record: DetailRecord): LeadPrice | null {
  const prices = listedPrices(record);
  const [first] = prices;
  if (first === undefined) return null;
  const lowest = prices.reduce((low, price) => (priceAmount(price) < priceAmount(low) ? price : low), first);
  return { price: lowest, from: prices.length > 1 };
}

export interface InfoSection {
  title: string;
  paragraphs: string[];
}

/** The important information sections in order: title4/content4, then title5-title7 where present. */
export function infoSections(record: DetailRecord): InfoSection[] {
  const sections: InfoSection[] = [{ title: record.title4, paragraphs: record.content4 }];
  for (const n of [5, 6, 7] as const) {
    const title = record[`title${n}`];
    const paragraphs = record[`content${n}`];
    if (title !== undefined && paragraphs !== undefined) sections.push({ title, paragraphs });
  }
  return sections.filter((section) => section.title !== "" || section.paragraphs.length > 0);
}

/** Groups whose grid shows a Price cell taken from the first visa type (the spec's screens). */
export const priceCellGroups: readonly DetailGroup[] = ["dubai-visa", "tourist-visa"];

/** Groups that hide the documents checklist when it has no items (the spec's screens). */
export const optionalChecklistGroups: readonly DetailGroup[] = ["visa-packages"];

/** Whether the documents checklist section is shown on a page of this group. */
export function showsChecklist(group: DetailGroup, record: DetailRecord): boolean {
  return record.content3.length > 0 || !optionalChecklistGroups.includes(group);
}
