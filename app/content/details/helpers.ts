import type { DetailRecord, GridDetailRecord } from "../schema";

// Runtime helpers of the detail records, apart from schema.ts so that the pages do not ship zod.

/** The record a detail page shows when its id has none (spec §2): same layout, empty content. */
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
