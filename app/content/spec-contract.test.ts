/**
 * THE DELIVERED CONTRACT: the spec's own prices (its business constants, and the home page's cards) and business constants, checked against
 * the content files as they were delivered.
 *
 * The content belongs to the agency: when they change a price, the pages show the new one and this contract
 * no longer describes their site. So each check here runs only while the files it reads are byte for byte the
 * delivered ones (their SHA-256 in delivered-content.json); a check on a file the agency has edited is
 * skipped, and says so. The constants that live in code (app/content/constants.ts) are always checked.
 * content.test.ts checks whatever the files now hold against the schemas; e2e/ checks the pages against them.
 *
 * Developers: after a change to the content that keeps to the spec, run `npm run content:delivered`, which
 * runs every check here against the current files and, only if all pass, records their fingerprints.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { detailGroups, detailIds, paths, type DetailGroup } from "../lib/paths";
import { about } from "./about";
import { openingHours } from "./agency";
import { featuredCards } from "./cards";
import {
  animationDurationMs,
  animationRepeats,
  cardRating,
  carouselIntervalMs,
  dubaiVisaDurationsDays,
  insuranceAdultMaxAge,
  insuranceMedicalCoverAed,
  messageBoxRows,
  omanRoadTrip,
  outboundAgeBands,
  packageGridColumns,
  passportValidityMonths,
  sidebarHeightPx,
  standardProcessingDays,
  swipeThresholdPx,
  touristVisaExtension,
  urgentSurcharges,
  visaChangeDurationsDays,
} from "./constants";
import { contactCards } from "./contact";
import { detailRecords, showsChecklist } from "./details";
import { listedPrices } from "./details/helpers";
import { defaultVisaByVariant, dubaiVisaOptions, generalVisaOptions } from "./enquiry-options";
import { homeAbout, travelAgency } from "./home";
import { contentFileNames, contentFingerprints, type ContentFileName } from "./load";
import { detailPageTitles } from "./menu";
import { emptyDetailRecord, firstVisaTypePrice, infoSections } from "./details/helpers";
import { aed, priceAmount, type DetailRecord } from "./schema";
import { services } from "./services";
import { slides } from "./slides";
import { whyChooseItems } from "./why-choose";

/* Which files are as delivered ------------------------------------------------------------------------ */

const delivered = JSON.parse(readFileSync(join(import.meta.dirname, "delivered-content.json"), "utf8")) as Record<
  string,
  string
>;
const current = contentFingerprints();
const editedFiles = contentFileNames.filter((name) => current[`${name}.yaml`] !== delivered[`${name}.yaml`]);
/** Set by `npm run content:delivered`: every check runs, edited or not. */
const checkEveryFile = process.env["CHECK_DELIVERED_CONTENT"] === "1";
const everyFile = contentFileNames;

/** `it` while the files a check reads are as delivered; `it.skip` once the agency has changed one of them. */
function asDelivered(files: readonly ContentFileName[]) {
  return checkEveryFile || files.every((name) => !editedFiles.includes(name)) ? it : it.skip;
}

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

/** The price amounts shown on a page: its price rows, or its grid rows that carry a price. */
function pagePrices(page: DetailRecord): number[] {
  return listedPrices(page).map(priceAmount);
}

function priceRow(page: DetailRecord, type: RegExp) {
  if (page.kind !== "overview") throw new Error(`${page.title} is not an overview page`);
  const row = page.priceRows.find((candidate) => type.test(candidate.type));
  if (row === undefined) throw new Error(`no price row ${type} on ${page.title}`);
  return row;
}

function gridRow(page: DetailRecord, title: RegExp) {
  if (page.kind !== "grid") throw new Error(`${page.title} is not a grid page`);
  const row = page.visaTypes.find((candidate) => title.test(candidate.title));
  if (row === undefined) throw new Error(`no grid row ${title} on ${page.title}`);
  return row;
}

const allRecords = detailGroups.flatMap((group) => detailRecords[group].map((page) => ({ group, page })));

/* The spec, as it words them ---------------------------------------------------------------------- */

/** The prices on each detail page, in the order the page lists them (the spec's business constants and the brief's page mapping). */
const expectedPagePrices: Record<DetailGroup, Record<number, number[]>> = {
  "dubai-visa": { 1: [190], 2: [290], 3: [690], 4: [890] },
  "tourist-visa": { 1: [390, 640, 1740], 2: [390], 3: [640], 4: [1790] },
  "visa-changes": {
    1: [950, 1380, 550, 1140],
    2: [950, 1380, 1490, 1790],
    3: [590, 890, 1090, 2190],
    4: [1100, 1100, 1150, 1150],
  },
  "visa-documents": { 1: [90, 150], 2: [90, 150], 3: [32, 78, 148], 4: [85, 125, 135, 890] },
  "visa-packages": { 1: [1490, 1790, 1890], 2: [1650, 1700, 1850], 3: [480, 680, 1850], 4: [1590, 1790, 1990] },
};

/** Every amount in AED the spec names (its business constants and the home page's cards); no other amount may appear anywhere. */
const specAmounts = new Set([
  ...Object.values(expectedPagePrices).flatMap((pages) => Object.values(pages).flat()),
  950,
  1150,
  1490,
  1590, // the featured cards
  50,
  150, // urgent surcharges
  150_000, // medical cover
]);

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

/* Checks ------------------------------------------------------------------------------------------- */

describe("the spec's prices, each on its page", () => {
  asDelivered(["dubai-visa", "tourist-visa", "visa-changes", "visa-documents", "visa-packages"])(
    "only tourist visa 1 and visa change 1 are overview pages",
    () => {
      const overviews = allRecords.filter(({ page }) => page.kind === "overview");
      expect(overviews.map(({ group, page }) => paths.detail(group, page.id))).toEqual([
        paths.detail("tourist-visa", 1),
        paths.detail("visa-changes", 1),
      ]);
    },
  );

  for (const group of detailGroups) {
    asDelivered([group]).each(detailRecords[group].map((page) => [`${group}/${page.id}`, group, page] as const))(
      "%s shows exactly the spec's prices",
      (_name, group, page) => {
        expect(pagePrices(page)).toEqual(expectedPagePrices[group][page.id]);
      },
    );
  }

  asDelivered(["dubai-visa"])(
    "Dubai visa: 48h transit 190, 96h transit 290, 30-day multiple 690, 60-day multiple 890 (Price cell)",
    () => {
      expect(firstVisaTypePrice(record("dubai-visa", 1))).toBe("AED 190.00");
      expect(firstVisaTypePrice(record("dubai-visa", 2))).toBe("AED 290.00");
      expect(firstVisaTypePrice(record("dubai-visa", 3))).toBe("AED 690.00");
      expect(firstVisaTypePrice(record("dubai-visa", 4))).toBe("AED 890.00");
      expect(textOf(record("dubai-visa", 3))).toMatch(/multiple entry/i);
      expect(textOf(record("dubai-visa", 4))).toMatch(/multiple entry/i);
    },
  );

  asDelivered(["tourist-visa"])(
    "Tourist visa: 30 days 390, 60 days 640, 90 days 1740 on the overview and 1790 on the detail page",
    () => {
      const overview = record("tourist-visa", 1);
      expect(priceRow(overview, /^30 Days/).price).toBe("AED 390.00");
      expect(priceRow(overview, /^60 Days/).price).toBe("AED 640.00");
      expect(priceRow(overview, /^90 Days/).price).toBe("AED 1,740.00");
      expect(priceRow(overview, /^30 Days/).link).toBe(paths.detail("tourist-visa", 2));
      expect(priceRow(overview, /^60 Days/).link).toBe(paths.detail("tourist-visa", 3));
      expect(priceRow(overview, /^90 Days/).link).toBe(paths.detail("tourist-visa", 4));
      expect(firstVisaTypePrice(record("tourist-visa", 2))).toBe("AED 390.00");
      expect(firstVisaTypePrice(record("tourist-visa", 3))).toBe("AED 640.00");
      expect(firstVisaTypePrice(record("tourist-visa", 4))).toBe("AED 1,790.00");
    },
  );

  asDelivered(["visa-changes"])(
    "Visa change overview: airport to airport 950, by flight from 1380, by road 550, extension 1140",
    () => {
      const overview = record("visa-changes", 1);
      expect(priceRow(overview, /airport to airport/i)).toMatchObject({
        price: "AED 950.00",
        link: paths.detail("visa-changes", 2),
      });
      expect(priceRow(overview, /by flight/i)).toMatchObject({
        price: "AED 1,380.00",
        link: paths.detail("visa-changes", 2),
      });
      expect(priceRow(overview, /by road/i)).toMatchObject({
        price: "AED 550.00",
        link: paths.detail("visa-changes", 3),
      });
      expect(priceRow(overview, /extension/i)).toMatchObject({
        price: "AED 1,140.00",
        link: paths.detail("visa-changes", 4),
      });
    },
  );

  asDelivered(["visa-changes"])("Visa change by flight: variants with visa 1380, 1490, 1790", () => {
    const page = record("visa-changes", 2);
    expect(gridRow(page, /30 Days/).price).toBe("AED 1,380.00");
    expect(gridRow(page, /with 60 Days Visa/).price).toBe("AED 1,490.00");
    expect(gridRow(page, /Multiple/).price).toBe("AED 1,790.00");
  });

  asDelivered(["visa-changes"])("Visa change by road: 590 on the detail page; with visa 890, 1090, 2190", () => {
    const page = record("visa-changes", 3);
    expect(firstVisaTypePrice(page)).toBe("AED 590.00");
    expect(gridRow(page, /30 Days/).price).toBe("AED 890.00");
    expect(gridRow(page, /with 60 Days Visa/).price).toBe("AED 1,090.00");
    expect(gridRow(page, /Multiple/).price).toBe("AED 2,190.00");
    expect(pagePrices(page)).not.toContain(550);
  });

  asDelivered(["visa-changes"])(
    "Tourist visa extension: Dubai 1100, second extension 1100, Sharjah 1150, Abu Dhabi 1150",
    () => {
      const page = record("visa-changes", 4);
      expect(gridRow(page, /^Dubai/).price).toBe("AED 1,100.00");
      expect(gridRow(page, /^Second Extension/).price).toBe("AED 1,100.00");
      expect(gridRow(page, /^Sharjah/).price).toBe("AED 1,150.00");
      expect(gridRow(page, /^Abu Dhabi/).price).toBe("AED 1,150.00");
      expect(pagePrices(page)).not.toContain(1140);
    },
  );

  asDelivered(["visa-documents"])("Documents: dummy ticket 90, dummy hotel 90, ticket plus hotel 150", () => {
    expect(gridRow(record("visa-documents", 1), /^Dummy Airline Ticket/).price).toBe("AED 90.00");
    expect(gridRow(record("visa-documents", 2), /^Dummy Hotel Booking/).price).toBe("AED 90.00");
    expect(gridRow(record("visa-documents", 1), /Ticket Plus Hotel/).price).toBe("AED 150.00");
    expect(gridRow(record("visa-documents", 2), /Ticket Plus Hotel/).price).toBe("AED 150.00");
  });

  asDelivered(["visa-documents"])(
    "Insurance: 30-day Covid 32, 30-day medical 78, 60-day medical 148; outbound 85, 125, 135, 890",
    () => {
      const dubai = record("visa-documents", 3);
      expect(gridRow(dubai, /30 Days Covid/).price).toBe("AED 32.00");
      expect(gridRow(dubai, /30 Days Medical/).price).toBe("AED 78.00");
      expect(gridRow(dubai, /60 Days Medical/).price).toBe("AED 148.00");
      expect(pagePrices(record("visa-documents", 4))).toEqual([85, 125, 135, 890]);
    },
  );

  asDelivered(["visa-packages"])(
    "Packages: Philippines, cross-country, visa with dummy ticket, holiday 4, 5 and 7 nights",
    () => {
      expect(pagePrices(record("visa-packages", 1))).toEqual([1490, 1790, 1890]);
      expect(pagePrices(record("visa-packages", 2))).toEqual([1650, 1700, 1850]);
      expect(pagePrices(record("visa-packages", 3))).toEqual([480, 680, 1850]);
      const holiday = record("visa-packages", 4);
      expect(gridRow(holiday, /^4 Nights/).price).toBe("AED 1,590.00");
      expect(gridRow(holiday, /^5 Nights/).price).toBe("AED 1,790.00");
      expect(gridRow(holiday, /^7 Nights/).price).toBe("AED 1,990.00");
    },
  );

  asDelivered(everyFile)("no invented prices: every AED amount anywhere in the content is one the spec gives", () => {
    const amounts = [...textOf(allContent).matchAll(/AED ([0-9][0-9,]*(?:\.[0-9]{2})?)/g)].map((match) =>
      Number((match[1] ?? "").replaceAll(",", "")),
    );
    expect(amounts.length).toBeGreaterThan(50);
    for (const amount of amounts) expect(specAmounts, `AED ${amount}`).toContain(amount);
  });
});

describe("the spec's surcharges, processing and durations in the copy", () => {
  asDelivered(["dubai-visa"])("urgent transit: +AED 50 for approval within one day, on both transit pages", () => {
    expect(urgentSurcharges.transit).toEqual({ amount: 50, approvalWithin: "one day" });
    for (const id of [1, 2]) {
      const copy = textOf(record("dubai-visa", id));
      expect(copy).toContain(`${aed(urgentSurcharges.transit.amount)} more`);
      expect(copy).toContain(`within ${urgentSurcharges.transit.approvalWithin}`);
    }
  });

  asDelivered(["tourist-visa"])(
    "urgent tourist visa: +AED 150 for approval within 24 hours, on every tourist visa page",
    () => {
      expect(urgentSurcharges.tourist).toEqual({ amount: 150, approvalWithin: "24 hours" });
      for (const id of detailIds) {
        const copy = textOf(record("tourist-visa", id));
        expect(copy).toContain(`${aed(urgentSurcharges.tourist.amount)} more`);
        expect(copy).toContain(`within ${urgentSurcharges.tourist.approvalWithin}`);
      }
    },
  );

  asDelivered(["dubai-visa", "tourist-visa"])(
    "standard processing 2-3 working days on every Dubai and tourist visa page",
    () => {
      expect(standardProcessingDays).toEqual({ min: 2, max: 3 });
      const phrase = `${standardProcessingDays.min}-${standardProcessingDays.max} working days`;
      for (const group of ["dubai-visa", "tourist-visa"] as const) {
        for (const page of detailRecords[group]) expect(textOf(page)).toContain(phrase);
      }
    },
  );

  asDelivered(["dubai-visa"])("Dubai visa durations described: 14, 30, 60 days", () => {
    expect([...dubaiVisaDurationsDays]).toEqual([14, 30, 60]);
    const [a, b, c] = dubaiVisaDurationsDays;
    expect(textOf(detailRecords["dubai-visa"])).toContain(`${a}, ${b} and ${c} days`);
  });

  asDelivered(["visa-changes"])("visa change durations described: 30 and 60 days", () => {
    expect([...visaChangeDurationsDays]).toEqual([30, 60]);
    const [a, b] = visaChangeDurationsDays;
    expect(textOf(record("visa-changes", 1))).toContain(`${a} or ${b} days`);
    expect(textOf(record("visa-changes", 2))).toContain(`${a} or ${b} days`);
  });

  asDelivered(["visa-changes"])("a tourist visa can be extended twice, 30 days each", () => {
    expect(touristVisaExtension).toEqual({ times: 2, daysEach: 30 });
    expect(textOf(record("visa-changes", 4))).toContain("can be extended twice, 30 days each");
  });

  asDelivered(["visa-changes"])("road packages include a 10-day Oman visa and a 1-night stay", () => {
    expect(omanRoadTrip).toEqual({ omanVisaDays: 10, nights: 1 });
    const page = record("visa-changes", 3);
    expect(textOf(page)).toContain(`${omanRoadTrip.omanVisaDays} days Oman visa`);
    expect(textOf(page)).toContain(`${omanRoadTrip.nights} night stay`);
    expect(gridRow(page, /Oman/).content).toMatch(/10 days Oman visa.*1 night stay/);
  });

  asDelivered(["visa-documents"])("insurance: medical cover up to AED 150,000, adult premium to age 70", () => {
    expect(insuranceMedicalCoverAed).toBe(150_000);
    expect(insuranceAdultMaxAge).toBe(70);
    const copy = textOf(record("visa-documents", 3));
    expect(copy).toContain("up to AED 150,000");
    expect(copy).toContain(`up to age ${insuranceAdultMaxAge}`);
  });

  asDelivered(["visa-documents"])("outbound age bands: child 0-18, adult 19-70, senior 71-79", () => {
    expect(outboundAgeBands).toEqual({
      child: { from: 0, to: 18 },
      adult: { from: 19, to: 70 },
      senior: { from: 71, to: 79 },
    });
    const page = record("visa-documents", 4);
    for (const [band, { from, to }] of Object.entries(outboundAgeBands)) {
      expect(gridRow(page, new RegExp(`^${band} \\(${from}-${to} years\\)`, "i")).price).not.toBe("");
    }
  });

  asDelivered(["dubai-visa", "tourist-visa", "visa-changes", "visa-documents", "visa-packages"])(
    "passport valid for at least 6 months on every documents checklist",
    () => {
      expect(passportValidityMonths).toBe(6);
      const phrase = `valid for at least ${passportValidityMonths} months`;
      for (const { page } of allRecords) {
        if (page.content3.length > 0) expect(page.content3.some((line) => line.includes(phrase))).toBe(true);
      }
    },
  );

  asDelivered(["dubai-visa", "tourist-visa", "visa-changes", "visa-documents", "visa-packages"])(
    "visa change pages have sections six and seven",
    () => {
      for (const page of detailRecords["visa-changes"]) {
        expect(infoSections(page)).toHaveLength(4);
        expect(page.title6).toBeTruthy();
        expect(page.title7).toBeTruthy();
      }
      for (const group of detailGroups.filter((candidate) => candidate !== "visa-changes")) {
        for (const page of detailRecords[group]) expect(page.title6 ?? page.title7).toBeUndefined();
      }
    },
  );
});

describe("packages pages", () => {
  asDelivered([])("the package grid has 2 columns", () => {
    expect(packageGridColumns).toBe(2);
  });

  asDelivered(["visa-packages"])(
    "the checklist shows only when it has items (at least one page without, the others with)",
    () => {
      const pages = detailRecords["visa-packages"];
      expect(pages.some((page) => page.content3.length === 0)).toBe(true);
      expect(pages.filter((page) => page.content3.length > 0).length).toBeGreaterThan(0);
      for (const page of pages) expect(showsChecklist("visa-packages", page)).toBe(page.content3.length > 0);
      expect(showsChecklist("dubai-visa", emptyDetailRecord)).toBe(true);
    },
  );
});

describe("home, about, services, contact", () => {
  asDelivered(["home", "visa-changes", "visa-packages"])(
    "the four featured cards, with the spec's names, prices and links",
    () => {
      expect(featuredCards.map(({ name, price, link }) => ({ name, price, link }))).toEqual([
        { name: "Airport to Airport", price: "AED 950.00", link: "/dubai-visa/1" },
        { name: "UAE Visa Extension", price: "AED 1,150.00", link: "/tourist-visa/1" },
        { name: "Kabayan Visa Ticket", price: "AED 1,490.00", link: "/visa-changes/1" },
        { name: "Dubai Tour Packages", price: "AED 1,590.00", link: "/visa-packages/1" },
      ]);
      expect(cardRating).toBe(4.5);
    },
  );

  asDelivered(["home"])("why choose us: Reliable Company, Online Support, Safe & Secured, Customer Friendly", () => {
    expect(whyChooseItems.map((item) => item.title)).toEqual([
      "Reliable Company",
      "Online Support",
      "Safe & Secured",
      "Customer Friendly",
    ]);
    expect(new Set(whyChooseItems.map((item) => item.icon)).size).toBe(4);
  });

  asDelivered(["home"])("home about block: headline Dubai Tourist Visa Application with three images", () => {
    expect(homeAbout.headline).toBe("Dubai Tourist Visa Application");
    expect(homeAbout.images).toHaveLength(3);
    for (const picture of homeAbout.images) expect(picture.alt).not.toBe("");
  });

  asDelivered(["about"])("about: a licensed inbound tour company in Al Karama, four service categories", () => {
    expect(textOf(about.paragraphs)).toMatch(/licensed inbound tour company/);
    expect(textOf(about.paragraphs)).toMatch(/Al Karama/);
    expect(about.categories.map((category) => category.title)).toEqual([
      "Dubai Visa",
      "Visa Change",
      "Filipino Packages",
      "Travel Services",
    ]);
  });

  asDelivered(["services"])("services: the five sections of the spec's screens", () => {
    expect(services.sections.map((section) => section.heading)).toEqual([
      "Dubai Visa for Filipinos",
      "Visa Change in the UAE",
      "Holiday Packages",
      "Theme-Park and Attraction Tickets",
      "Dummy Ticket Booking",
    ]);
    expect(new Set(services.sections.map((section) => section.id)).size).toBe(services.sections.length);
  });

  asDelivered(["contact"])("contact: office, e-mail and phone cards; the office is in Al Karama, Dubai", () => {
    expect(contactCards.map((card) => card.kind)).toEqual(["office", "email", "phone"]);
    expect(textOf(contactCards[0])).toContain("Al Karama, Dubai");
  });
});

describe("the spec's screens and business constants in the menu, the forms and the layout", () => {
  asDelivered(detailGroups)("the detail pages' titles are the spec's detail id meanings", () => {
    expect(detailPageTitles).toEqual({
      "dubai-visa": ["48 Hours Transit", "96 Hours Transit", "30 Days Multiple", "60 Days Multiple"],
      "tourist-visa": ["Apply Tourist Visa", "30 Days", "60 Days", "90 Days Dubai Visa"],
      "visa-changes": [
        "Visa Change In Dubai",
        "Visa Change By Flight",
        "Visa Change By Road",
        "Tourist Visa Extension",
      ],
      "visa-documents": [
        "Dummy Airline Ticket",
        "Dummy Hotel Booking",
        "Travel Insurance Dubai",
        "Worldwide Insurance",
      ],
      "visa-packages": [
        "Kabayan Visa Packages",
        "Cross Country Packages",
        "Visa With Dummy Ticket",
        "Dubai Holiday Packages",
      ],
    });
  });

  asDelivered(["enquiry-form"])("the visa type options and defaults, label = value, to the letter", () => {
    expect(dubaiVisaOptions.map(({ label, value }) => `${label}=${value}`)).toEqual([
      "Dubai Transist Visa=14 Days Dubai Visa",
      "Dubai Tourist Visa=30 Days Dubai Visa",
      "Visa Change Service=60 Days Dubai Visa",
      "Holidays Package=48 Hours Dubai Transit Visa",
      "Kabayan Package=96 Hours Dubai Transit Visa",
      "Dummy Ticket=90 Days Dubai Leisure Visa",
    ]);
    expect(generalVisaOptions.map(({ label, value }) => `${label}=${value}`)).toEqual([
      "Dubai Visa=Dubai Visa",
      "Tourist Visa=Tourist Visa",
      "Visa Change=Visa Change",
      "Visa Document=Visa Document",
      "Visa package=Visa package",
    ]);
    expect(defaultVisaByVariant).toEqual({
      "dubai-visa": "Dubai Visa",
      services: "Dubai Visa",
      about: "Dubai Visa",
      "tourist-visa": "Tourist Visa",
      "visa-changes": "Visa Change",
      "visa-documents": "Visa Document",
      "visa-packages": "Visa package",
    });
  });

  asDelivered(["site"])("opening hours Mon - Sat, 10.00 am to 10.00 pm", () => {
    expect(openingHours).toBe("Mon - Sat, 10.00 am to 10.00 pm");
  });

  asDelivered(["home"])("3 banner slides", () => {
    expect(slides).toHaveLength(3);
  });

  it("the constants in code: carousel 5000 ms, swipe 40 px, rating 4.5, animation 1000 ms repeating, sidebar 1267 px, 6 rows", () => {
    expect(carouselIntervalMs).toBe(5000);
    expect(swipeThresholdPx).toBe(40);
    expect(cardRating).toBe(4.5);
    expect(animationDurationMs).toBe(1000);
    expect(animationRepeats).toBe(true);
    expect(sidebarHeightPx).toBe(1267);
    expect(messageBoxRows).toBe(6);
    expect(packageGridColumns).toBe(2);
  });
});

describe("the agency's changes", () => {
  it("lists the content files changed since delivery (their contract checks above are skipped)", () => {
    if (editedFiles.length > 0 && !checkEveryFile) {
      console.info(
        `Changed since delivery, so not held to the spec's prices: ${editedFiles.map((name) => `content/${name}.yaml`).join(", ")}`,
      );
    }
    expect(Object.keys(delivered).sort()).toEqual(contentFileNames.map((name) => `${name}.yaml`).sort());
  });
});
