import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { officeAddress, openingHours } from "../content/agency";
import { featuredCards } from "../content/cards";
import { detailRecords, getDetailRecord, priceCellGroups } from "../content/details";
import { contentDir, contentModules, readContent } from "../content/load";
import { detailGroupTitles, detailPageTitles } from "../content/menu";
import { aed } from "../content/price";
import { emptyDetailRecord } from "../content/details/helpers";
import type { DetailRecord, VisaType } from "../content/schema";
import { detailGroups, detailIds, paths, type DetailGroup } from "./paths";
import {
  agencyId,
  breadcrumbList,
  detailPageNodes,
  detailPricedItems,
  featuredServiceNodes,
  fromPriceServiceNodes,
  jsonLdGraph,
  nodesOfType,
  offer,
  parseOpeningHours,
  travelAgency,
  type JsonLdNode,
} from "./structured-data";

const siteUrl = "https://visas.example.ae";
const absolute = (path: string) => `${siteUrl}${path}`;
const page = (group: DetailGroup, id: number) => ({
  group,
  record: getDetailRecord(group, id),
  hasPriceCell: priceCellGroups.includes(group),
});

describe("parseOpeningHours", () => {
  it("reads the agency's hours as Monday to Saturday, 10:00 to 22:00 (the spec's product summary)", () => {
    expect(parseOpeningHours(openingHours)).toEqual({
      days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
      opens: "10:00",
      closes: "22:00",
    });
  });

  it("reads noon, midnight and a range that wraps over the week end", () => {
    expect(parseOpeningHours("Sat - Mon, 12.00 am to 12.30 pm")).toEqual({
      days: ["Saturday", "Sunday", "Monday"],
      opens: "00:00",
      closes: "12:30",
    });
  });

  it("refuses text it cannot read, rather than publishing wrong hours", () => {
    expect(() => parseOpeningHours("Every day, 9 to 5")).toThrow(/opening hours/);
    expect(() => parseOpeningHours("Mon - Sat, 13.00 pm to 10.00 pm")).toThrow(/opening hours/);
  });
});

describe("travelAgency", () => {
  const agency = travelAgency({
    siteUrl,
    name: "Karama Visa & Travel",
    telephone: "+971 50 123 4567",
    email: "info@example.com",
    address: officeAddress,
    openingHours,
    logoUrl: absolute("/icon-512.png"),
    imageUrl: absolute("/og-image.png"),
  });

  it("names the agency, its site, phone and e-mail", () => {
    expect(agency).toMatchObject({
      "@type": "TravelAgency",
      "@id": agencyId(siteUrl),
      name: "Karama Visa & Travel",
      url: `${siteUrl}/`,
      telephone: "+971 50 123 4567",
      email: "info@example.com",
      logo: absolute("/icon-512.png"),
      image: absolute("/og-image.png"),
    });
  });

  it("gives the Al Karama, Dubai address with the country's ISO code", () => {
    expect(agency["address"]).toEqual({
      "@type": "PostalAddress",
      addressLocality: "Al Karama",
      addressRegion: "Dubai",
      addressCountry: "AE",
    });
  });

  it("opens Monday to Saturday, 10:00 to 22:00", () => {
    expect(agency["openingHoursSpecification"]).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        opens: "10:00",
        closes: "22:00",
      },
    ]);
  });
});

describe("offer", () => {
  it("gives the price as a plain number with two decimals, in AED", () => {
    expect(offer({ name: "Kabayan Visa Ticket", price: aed(1490), url: absolute("/x") })).toEqual({
      "@type": "Offer",
      name: "Kabayan Visa Ticket",
      price: "1490.00",
      priceCurrency: "AED",
      url: absolute("/x"),
    });
  });

  it("refuses a price that is not an AED price string", () => {
    expect(() => offer({ name: "x", price: "190", url: absolute("/x") })).toThrow(RangeError);
  });
});

describe("breadcrumbList", () => {
  it("numbers the items from 1, each with its name and absolute URL", () => {
    expect(
      breadcrumbList([
        { name: "Home", url: absolute("/") },
        { name: "Dubai Visa", url: absolute("/dubai-visa/1") },
      ]),
    ).toEqual({
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: absolute("/") },
        { "@type": "ListItem", position: 2, name: "Dubai Visa", item: absolute("/dubai-visa/1") },
      ],
    });
  });
});

describe("detailPricedItems", () => {
  // Records made here, so that these checks hold whatever prices the content files give.
  const base = { ...emptyDetailRecord, id: 3, title: "Page Title", subTitle: "Summary" };
  const gridRows: VisaType[] = [
    { id: 1, title: "Entry", content: "Single entry", price: aed(190) },
    { id: 2, title: "Stay", content: "Up to 48 hours", price: "" },
    { id: 3, title: "Ticket Plus Hotel", content: "", price: aed(1490) },
  ];
  const grid: DetailRecord = { ...base, kind: "grid", visaTypes: gridRows };

  it("names a page's first price after the page where it is the Price cell", () => {
    expect(detailPricedItems({ group: "dubai-visa", record: grid, hasPriceCell: true }, absolute)).toEqual([
      { name: "Page Title", description: "Single entry", price: "AED 190.00", url: absolute("/dubai-visa/3") },
      { name: "Ticket Plus Hotel", price: "AED 1,490.00", url: absolute("/dubai-visa/3") },
    ]);
  });

  it("lists each priced grid row by its own title and skips the rows without a price", () => {
    const items = detailPricedItems({ group: "visa-documents", record: grid, hasPriceCell: false }, absolute);
    expect(items.map((item) => [item.name, item.price])).toEqual([
      ["Entry", "AED 190.00"],
      ["Ticket Plus Hotel", "AED 1,490.00"],
    ]);
  });

  it("lists an overview page's price rows, each at the page its View Details button opens", () => {
    const overview: DetailRecord = {
      ...base,
      kind: "overview",
      priceRows: [
        { type: "30 Days Tourist Visa", price: aed(390), link: "/tourist-visa/2" },
        { type: "90 Days Tourist Visa", price: aed(1740), link: "/tourist-visa/4" },
      ],
    };
    expect(detailPricedItems({ group: "tourist-visa", record: overview, hasPriceCell: true }, absolute)).toEqual([
      { name: "30 Days Tourist Visa", price: "AED 390.00", url: absolute("/tourist-visa/2") },
      { name: "90 Days Tourist Visa", price: "AED 1,740.00", url: absolute("/tourist-visa/4") },
    ]);
  });

  it("covers every price of every detail record, and nothing else", () => {
    for (const group of detailGroups) {
      for (const record of detailRecords[group]) {
        const shown =
          record.kind === "overview"
            ? record.priceRows.map((row) => row.price)
            : record.visaTypes.map((row) => row.price).filter((price) => price !== "");
        const items = detailPricedItems({ group, record, hasPriceCell: priceCellGroups.includes(group) }, absolute);
        expect(items.map((item) => item.price)).toEqual(shown);
      }
    }
  });
});

describe("detailPageNodes", () => {
  it("gives every detail page a Home › group › page breadcrumb and a Service with its offers", () => {
    for (const group of detailGroups) {
      for (const id of detailIds) {
        const record = getDetailRecord(group, id);
        const nodes = detailPageNodes(page(group, id), absolute, agencyId(siteUrl));
        const [breadcrumb] = nodesOfType(nodes, "BreadcrumbList");
        expect(breadcrumb?.["itemListElement"]).toEqual([
          { "@type": "ListItem", position: 1, name: "Home", item: absolute("/") },
          {
            "@type": "ListItem",
            position: 2,
            name: detailGroupTitles[group],
            item: absolute(paths.detail(group, 1)),
          },
          {
            "@type": "ListItem",
            position: 3,
            name: detailPageTitles[group][id - 1],
            item: absolute(paths.detail(group, id)),
          },
        ]);
        const [service] = nodesOfType(nodes, "Service");
        expect(service).toMatchObject({
          name: record.title,
          serviceType: detailGroupTitles[group],
          url: absolute(paths.detail(group, id)),
          provider: { "@id": agencyId(siteUrl) },
        });
        const offers = nodesOfType(nodes, "Offer");
        expect(offers.length).toBeGreaterThan(0);
        expect(offers.every((node) => node["priceCurrency"] === "AED")).toBe(true);
      }
    }
  });

  it("gives the empty record no breadcrumb and no service", () => {
    expect(detailPageNodes(page("dubai-visa", 0), absolute, agencyId(siteUrl))).toEqual([]);
  });
});

describe("featuredServiceNodes", () => {
  it("makes each home page card a Service with one Offer at the card's price and link", () => {
    const nodes = featuredServiceNodes(featuredCards, absolute, agencyId(siteUrl));
    expect(nodes).toHaveLength(featuredCards.length);
    featuredCards.forEach((card, index) => {
      expect(nodes[index]).toMatchObject({
        "@type": "Service",
        name: card.name,
        category: card.title,
        provider: { "@id": agencyId(siteUrl) },
        offers: [{ "@type": "Offer", name: card.name, priceCurrency: "AED", url: absolute(card.link) }],
      });
    });
    expect(nodesOfType(nodes, "Offer").map((node) => aed(Number(node["price"])))).toEqual(
      featuredCards.map((card) => card.price),
    );
  });
});

describe("fromPriceServiceNodes", () => {
  it("makes each section of the Services page a Service with an AggregateOffer from its lowest price", () => {
    const visaUrl = absolute(paths.detail("dubai-visa", 1));
    const packagesUrl = absolute(paths.detail("visa-packages", 1));
    const items = [
      { name: "Dubai Visa for Filipinos", price: "AED 190.00", url: visaUrl },
      { name: "Holiday Packages", price: "AED 1,590.00", url: packagesUrl },
    ];
    const nodes = fromPriceServiceNodes(items, agencyId(siteUrl));
    expect(nodes).toEqual([
      {
        "@type": "Service",
        name: "Dubai Visa for Filipinos",
        url: visaUrl,
        provider: { "@id": agencyId(siteUrl) },
        offers: { "@type": "AggregateOffer", lowPrice: "190.00", priceCurrency: "AED", url: visaUrl },
      },
      {
        "@type": "Service",
        name: "Holiday Packages",
        url: packagesUrl,
        provider: { "@id": agencyId(siteUrl) },
        offers: { "@type": "AggregateOffer", lowPrice: "1590.00", priceCurrency: "AED", url: packagesUrl },
      },
    ]);
    // A "from" price is not an Offer at that price.
    expect(nodesOfType(nodes, "Offer")).toEqual([]);
  });
});

describe("jsonLdGraph", () => {
  it("puts the nodes in one schema.org graph", () => {
    const node: JsonLdNode = { "@type": "Thing", name: "x" };
    expect(jsonLdGraph([node])).toEqual({ "@context": "https://schema.org", "@graph": [node] });
  });
});

describe("one edit per change", () => {
  it("a price changed in one content file reaches its page, the home card and the offers that show it", () => {
    const folder = mkdtempSync(join(tmpdir(), "karama-content-"));
    try {
      cpSync(contentDir, folder, { recursive: true });
      const file = join(folder, "visa-packages.yaml");
      const doc = parseDocument(readFileSync(file, "utf8"));
      const rowTitle = String(doc.getIn(["pages", 0, "visaTypes", 0, "title"]));
      doc.setIn(["pages", 0, "visaTypes", 0, "price"], "AED 2,345.00");
      writeFileSync(file, doc.toString({ lineWidth: 0 }));
      // A card that shows that price says so once, in the home file (as the delivered card 3 does).
      const home = join(folder, "home.yaml");
      const homeDoc = parseDocument(readFileSync(home, "utf8"));
      homeDoc.setIn(["cards", 2, "price"], `same as /visa-packages/1, ${rowTitle}`);
      writeFileSync(home, homeDoc.toString({ lineWidth: 0 }));

      const modules = contentModules(readContent(folder));
      const record = modules.details.detailRecords["visa-packages"][0];
      if (record === undefined) throw new Error("no record 1");
      const offers = nodesOfType(
        detailPageNodes({ group: "visa-packages", record, hasPriceCell: false }, absolute, agencyId(siteUrl)),
        "Offer",
      );
      expect(offers[0]).toMatchObject({ name: rowTitle, price: "2345.00", priceCurrency: "AED" });
      const card = modules.home.cards[2];
      expect(card?.price).toBe("AED 2,345.00");
      const cardOffers = nodesOfType(featuredServiceNodes(modules.home.cards, absolute, agencyId(siteUrl)), "Offer");
      expect(cardOffers[2]).toMatchObject({ price: "2345.00" });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
