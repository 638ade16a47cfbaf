import { beforeAll, describe, expect, it } from "vitest";
import { defaultVisaByVariant, dubaiVisaOptions, generalVisaOptions } from "../../app/content/enquiry-options";
import { detailRecords } from "../../app/content/details/index";
import { leadPrice, showsChecklist } from "../../app/content/details/helpers";
import { detailGroups, type DetailGroup } from "../../app/lib/paths";
import { loadReplyFacts, optionPages, serviceFacts } from "./reply-facts";

/*
 * Issue 59, item 1: the ready texts' {price} and {documents} are those of the service the visitor picked, not of the
 * page the form was on. On the Dubai forms (the Dubai pages, Services, About) the visitor picks one of six services
 * whose labels do not say their values; on the other service pages they pick a kind of service. Where the service
 * cannot be known, the price is left out and staff are told why.
 */

const site = "https://karama.example";
beforeAll(loadReplyFacts);

/** The price a service page leads with, read the way its own summary reads it. */
function pagePrice(group: DetailGroup, id: number): string {
  const record = detailRecords[group].find((each) => each.id === id);
  const lead = record ? leadPrice(record) : null;
  return lead ? `${lead.from ? "from " : ""}${lead.price}` : "";
}

describe("the service the visitor picked on a Dubai form", () => {
  it("every option of the Dubai forms stands for service pages that exist", () => {
    for (const option of dubaiVisaOptions) {
      const pages = optionPages(option.label, null);
      expect(pages.length, option.label).toBeGreaterThan(0);
      for (const { group, id } of pages) expect(detailRecords[group].some((each) => each.id === id)).toBe(true);
    }
  });

  // Issue 59's own cases: each was quoted the price of the page the form was on.
  it.each(["/dubai-visa/1", "/services", "/about", "/"])(
    "a 30-day Dubai Tourist Visa sent from %s is quoted its own price and papers, never the 48-hour transit's",
    (page) => {
      const facts = serviceFacts({ page, visaType: "30 Days Dubai Visa", visaLabel: "Dubai Tourist Visa" }, site);
      expect(facts.price).toBe(pagePrice("tourist-visa", 2));
      expect(facts.price).not.toBe("AED 190.00");
      expect(facts.documents).toEqual(detailRecords["tourist-visa"].find((each) => each.id === 2)?.content3);
      expect(facts.pageAddress).toBe(`${site}/tourist-visa/2`);
      expect(facts.unknown).toBeNull();
    },
  );

  it.each([
    ["Visa Change Service", "60 Days Dubai Visa", "visa-changes", 1],
    ["Kabayan Package", "96 Hours Dubai Transit Visa", "visa-packages", 1],
    ["Holidays Package", "48 Hours Dubai Transit Visa", "visa-packages", 4],
    ["Dummy Ticket", "90 Days Dubai Leisure Visa", "visa-documents", 1],
  ] as const)("%s is quoted from its own page, from any page", (label, value, group, id) => {
    for (const page of ["/dubai-visa/1", "/dubai-visa/2", "/services", "/about"]) {
      const facts = serviceFacts({ page, visaType: value, visaLabel: label }, site);
      expect(facts.price).toBe(pagePrice(group, id));
      expect(facts.pageAddress).toBe(`${site}/${group}/${id}`);
    }
    expect(serviceFacts({ page: "/dubai-visa/1", visaType: value, visaLabel: label }, site).price).not.toBe(
      "AED 190.00",
    );
  });

  it('the transit visa (48 or 96 hours: the form does not say which) is "from" the lower, with their shared papers', () => {
    const facts = serviceFacts(
      { page: "/dubai-visa/2", visaType: "14 Days Dubai Visa", visaLabel: "Dubai Transist Visa" },
      site,
    );
    expect(facts.price).toBe("from AED 190.00");
    expect(facts.unknown).toBeNull();
  });

  it("an enquiry from before labels were kept is read by its value", () => {
    const facts = serviceFacts({ page: "/dubai-visa/1", visaType: "30 Days Dubai Visa", visaLabel: null }, site);
    expect(facts.price).toBe(pagePrice("tourist-visa", 2));
  });
});

describe("the kind of service picked on the other service pages", () => {
  // Every service page, with the form's own default (its kind) and with each other kind.
  const servicePages = detailGroups.flatMap((group) =>
    detailRecords[group].filter((record) => record.id > 0).map((record) => ({ group, id: record.id })),
  );

  it.each(servicePages)("on /$group/$id, the form's own kind is quoted the page's own price", ({ group, id }) => {
    // The value the page's form starts with: the kind of service the page is (on the Dubai pages, "Dubai Visa").
    const own = defaultVisaByVariant[group];
    const facts = serviceFacts({ page: `/${group}/${id}`, visaType: own, visaLabel: null }, site);
    expect(facts.price).toBe(pagePrice(group, id));
    expect(facts.pageAddress).toBe(`${site}/${group}/${id}`);
    const record = detailRecords[group].find((each) => each.id === id);
    if (record && showsChecklist(group, record)) expect(facts.documents).toEqual(record.content3);
  });

  it("another kind picked on a service page is not quoted that page's price", () => {
    const facts = serviceFacts({ page: "/tourist-visa/2", visaType: "Visa Change", visaLabel: "Visa Change" }, site);
    expect(facts.price).not.toBe(pagePrice("tourist-visa", 2));
    expect(facts.price).toMatch(/^from AED /);
    expect(facts.pageAddress).toBeNull();
  });

  it("a walk-in added by hand with a kind of service gets the site's price for it", () => {
    for (const option of generalVisaOptions) {
      const facts = serviceFacts({ page: null, visaType: option.value, visaLabel: option.label }, site);
      expect(facts.price, option.label).toMatch(/^(from )?AED /);
      expect(facts.unknown).toBeNull();
    }
  });
});

describe("the kind of service, for which ready texts are offered (issue 59, item 6)", () => {
  it.each([
    ["Dubai Tourist Visa", "30 Days Dubai Visa", "visas"],
    ["Visa Change Service", "60 Days Dubai Visa", "visas"],
    ["Dummy Ticket", "90 Days Dubai Leisure Visa", "other"],
    ["Holidays Package", "48 Hours Dubai Transit Visa", "other"],
    ["Kabayan Package", "96 Hours Dubai Transit Visa", "other"],
  ] as const)("%s is %s", (label, value, kind) => {
    expect(serviceFacts({ page: "/services", visaType: value, visaLabel: label }, site).kind).toBe(kind);
  });

  it("is not known without a service", () => {
    expect(serviceFacts({ page: "/contact", visaType: "", visaLabel: null }, site).kind).toBeNull();
  });
});

describe("where the service cannot be known", () => {
  it.each([
    { page: "/contact", visaType: "", visaLabel: null },
    { page: null, visaType: "", visaLabel: null },
    { page: "/dubai-visa/1", visaType: "Something else", visaLabel: null },
  ])("leaves the price and documents out and tells staff why: %j", (enquiry) => {
    const facts = serviceFacts(enquiry, site);
    expect(facts).toMatchObject({ price: "", documents: [], pageAddress: null });
    expect(facts.unknown).toMatch(/price/);
  });
});

/*
 * Issue 56: a case started from an enquiry asks for the papers of its kind of service (content/office/papers.yaml):
 * a visit visa's, a visa change's, or those of a booking, package or document. Every option of every form is here,
 * so that a new option fails this table until it is given its kind.
 */
