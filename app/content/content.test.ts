/**
 * The content as it is now, whoever last edited it: every file against its schema, the rules the pages rely
 * on, and no leftover placeholder. The spec's own prices and numbers are checked apart, in
 * spec-contract.test.ts, while the files are as delivered; the pages are checked against these records in e2e/.
 */
import { describe, expect, it } from "vitest";
import { detailGroups, detailIds, pagePaths, paths, type AppPath, type DetailGroup } from "../lib/paths";
import { about } from "./about";
import { featuredCards } from "./cards";
import { contactCards } from "./contact";
import { detailRecords, getDetailRecord, hasDetailRecord, priceCellGroups, showsChecklist } from "./details";
import { homeAbout, travelAgency } from "./home";
import { detailPageTitles } from "./menu";
import {
  aboutContentSchema,
  aed,
  bannerSlideSchema,
  contactCardSchema,
  detailRecordSchema,
  filledDetailRecordSchema,
  homeAboutSchema,
  priceAmount,
  productCardSchema,
  servicesContentSchema,
  textBlockSchema,
  whyChooseItemSchema,
  type DetailRecord,
} from "./schema";
import { emptyDetailRecord, firstVisaTypePrice } from "./details/helpers";
import { services } from "./services";
import { slides } from "./slides";
import { whyChooseItems } from "./why-choose";

/* Helpers ---------------------------------------------------------------------------------------- */

/** Every string inside a value, however deeply nested. */
function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(stringsIn);
  return [];
}

function textOf(value: unknown): string {
  return stringsIn(value).join("\n");
}

function record(group: DetailGroup, id: number): DetailRecord {
  const found = detailRecords[group].find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no record ${group}/${id}`);
  return found;
}

const allRecords = detailGroups.flatMap((group) => detailRecords[group].map((page) => ({ group, page })));

/** Everything the content folder exports as copy. */
const allContent = [
  slides,
  featuredCards,
  whyChooseItems,
  homeAbout,
  travelAgency,
  about,
  services,
  contactCards,
  detailRecords,
];

/* Tests ------------------------------------------------------------------------------------------ */

describe("price format", () => {
  it("formats amounts in one style, keeping the spec's own example", () => {
    expect(aed(190)).toBe("AED 190.00");
    expect(aed(90)).toBe("AED 90.00");
    expect(aed(1490)).toBe("AED 1,490.00");
    expect(aed(150_000)).toBe("AED 150,000.00");
    expect(aed(32.5)).toBe("AED 32.50");
    expect(() => aed(-1)).toThrow();
  });

  it("reads prices back", () => {
    expect(priceAmount("AED 190.00")).toBe(190);
    expect(priceAmount("AED 1,490.00")).toBe(1490);
    for (const amount of [0, 32, 950, 1740, 150_000, 12.5]) expect(priceAmount(aed(amount))).toBe(amount);
    expect(() => priceAmount("AED 1490")).toThrow();
    expect(() => priceAmount("1,490.00")).toThrow();
  });
});

describe("every record parses against its schema", () => {
  it("banner slides, each with heading, subtitle and tagline, numbered in order", () => {
    for (const slide of slides) expect(bannerSlideSchema.parse(slide)).toEqual(slide);
    expect(slides.map((slide) => slide.id)).toEqual(slides.map((_, index) => index + 1));
  });

  it("featured cards, numbered in order", () => {
    for (const card of featuredCards) expect(productCardSchema.parse(card)).toEqual(card);
    expect(featuredCards.map((card) => card.id)).toEqual(featuredCards.map((_, index) => index + 1));
  });

  it("why-choose items", () => {
    for (const item of whyChooseItems) expect(whyChooseItemSchema.parse(item)).toEqual(item);
  });

  it("home, about, services and contact blocks", () => {
    expect(homeAboutSchema.parse(homeAbout)).toEqual(homeAbout);
    expect(textBlockSchema.parse(travelAgency)).toEqual(travelAgency);
    expect(aboutContentSchema.parse(about)).toEqual(about);
    expect(servicesContentSchema.parse(services)).toEqual(services);
    for (const card of contactCards) expect(contactCardSchema.parse(card)).toEqual(card);
  });

  it.each(allRecords.map(({ group, page }) => [`${group}/${page.id}`, page] as const))(
    "detail record %s",
    (_name, page) => {
      expect(detailRecordSchema.parse(page)).toEqual(page);
      expect(filledDetailRecordSchema.parse(page)).toEqual(page);
    },
  );

  it("the empty record", () => {
    expect(detailRecordSchema.parse(emptyDetailRecord)).toEqual(emptyDetailRecord);
    expect(stringsIn({ ...emptyDetailRecord, image: "" }).every((value) => value === "" || value === "grid")).toBe(
      true,
    );
    expect(emptyDetailRecord.content).toEqual([]);
    expect(emptyDetailRecord.content3).toEqual([]);
    expect(emptyDetailRecord.content4).toEqual([]);
    expect(emptyDetailRecord.kind === "grid" && emptyDetailRecord.visaTypes).toEqual([]);
  });

  it("a wrong price string is rejected", () => {
    const page = record("dubai-visa", 1);
    if (page.kind !== "grid") throw new Error("grid expected");
    const broken = { ...page, visaTypes: [{ ...page.visaTypes[0], price: "AED 190" }] };
    expect(detailRecordSchema.safeParse(broken).success).toBe(false);
    expect(productCardSchema.safeParse({ ...featuredCards[0], link: "/dubai-visa/one" }).success).toBe(false);
  });
});

describe("detail records: ids and titles", () => {
  it.each(detailGroups)("%s has ids 1-4, matching the path registry", (group) => {
    expect(detailRecords[group].map((page) => page.id)).toEqual([...detailIds]);
    for (const id of detailIds) expect(hasDetailRecord(group, id)).toBe(true);
  });

  it.each(detailGroups)("%s titles agree with the menu", (group) => {
    expect(detailRecords[group].map((page) => page.title)).toEqual([...detailPageTitles[group]]);
  });

  it("unknown ids return the empty record", () => {
    for (const group of detailGroups) {
      for (const id of [0, 5, 99, -1, 1.5]) {
        expect(hasDetailRecord(group, id)).toBe(false);
        expect(getDetailRecord(group, id)).toBe(emptyDetailRecord);
      }
      expect(getDetailRecord(group, 2)).toBe(record(group, 2));
    }
  });
});

describe("what the pages rely on", () => {
  it("the grid pages of the Price cell groups carry a first price", () => {
    for (const group of priceCellGroups) {
      for (const page of detailRecords[group].filter((candidate) => candidate.kind === "grid")) {
        expect(firstVisaTypePrice(page)).not.toBe("");
      }
    }
  });

  it("the packages' checklist shows only when it has items; the other groups' always", () => {
    for (const page of detailRecords["visa-packages"]) {
      expect(showsChecklist("visa-packages", page)).toBe(page.content3.length > 0);
    }
    expect(showsChecklist("dubai-visa", emptyDetailRecord)).toBe(true);
  });
});

describe("links and copy", () => {
  it("every link is in the path registry", () => {
    const links: AppPath[] = [
      ...featuredCards.map((card) => card.link),
      ...about.categories.map((category) => category.link),
      ...services.sections.flatMap((section) => (section.link ? [section.link.to] : [])),
      ...allRecords.flatMap(({ page }) => (page.kind === "overview" ? page.priceRows.map((row) => row.link) : [])),
    ];
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) expect(pagePaths).toContain(link);
  });

  it("overview price rows link to a detail page of their own group, never to themselves", () => {
    for (const { group, page } of allRecords) {
      if (page.kind !== "overview") continue;
      for (const row of page.priceRows) {
        expect(row.link.startsWith(`/${group}/`)).toBe(true);
        expect(row.link).not.toBe(paths.detail(group, page.id));
      }
    }
  });

  it("no placeholder copy", () => {
    const copy = textOf(allContent);
    expect(copy).not.toMatch(/lorem|ipsum|todo|tbd|xxx/i);
    for (const value of stringsIn(allContent))
      expect(value, JSON.stringify(value)).toBe(value.trim().replace(/ {2,}/g, " "));
  });
});
