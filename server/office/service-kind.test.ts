// @vitest-environment node
import { describe, expect, it } from "vitest";
import { defaultVisaByVariant, dubaiVisaOptions, generalVisaOptions } from "../../app/content/enquiry-options";
import { detailGroups } from "../../app/lib/paths";
import type { ServiceKind } from "../papers/papers-schema";
import { serviceKind } from "./service-kind";

/*
 * Issue 56: the traveller's page lists the papers the agency needs from them, per service, from
 * content/office/papers.yaml (edited in /admin). Which list an enquiry gets follows from the service it names and
 * the page it came from, read the way the ready texts read it (server/office/reply-facts.ts).
 */

/* The rule: an enquiry's service, as a kind --------------------------------------------------------------------- */

/** Every page a form may be sent from: each service page, the other pages with a form, and none. */
const everyPage: (string | null)[] = [
  ...detailGroups.flatMap((group) => [1, 2, 3, 4].map((id) => `/${group}/${id}`)),
  "/services",
  "/about",
  "/",
  "/contact",
  null,
];

/** The Dubai forms' options (Services, About, the Dubai visa pages): the same kind from every page. */
const dubaiKinds: Record<string, ServiceKind> = {
  "Dubai Transist Visa": "transit-visa",
  "Dubai Tourist Visa": "visit-visa",
  "Visa Change Service": "visa-change",
  "Holidays Package": "package",
  "Kabayan Package": "package",
  "Dummy Ticket": "other",
};

/** The other forms' kinds of service, away from a page of their own. */
const generalKinds: Record<string, ServiceKind> = {
  "Dubai Visa": "visit-visa",
  "Tourist Visa": "visit-visa",
  "Visa Change": "visa-change",
  "Visa Document": "other",
  "Visa package": "package",
};

describe("serviceKind: the kind of service an enquiry is about", () => {
  it("knows every option of the Dubai forms (a new option fails here until it has a kind)", () => {
    expect(dubaiVisaOptions.map((option) => option.label).sort()).toEqual(Object.keys(dubaiKinds).sort());
    expect(generalVisaOptions.map((option) => option.label).sort()).toEqual(Object.keys(generalKinds).sort());
  });

  const dubaiCases = dubaiVisaOptions.flatMap((option) =>
    everyPage.map((page) => [option.label, option.value, page] as const),
  );
  it.each(dubaiCases)("Dubai option %s (%s) sent from %s", (label, value, page) => {
    const kind = dubaiKinds[label];
    expect(serviceKind({ visaType: value, visaLabel: label, page })).toBe(kind);
    // An enquiry from before the labels were kept: the value alone says the option.
    expect(serviceKind({ visaType: value, visaLabel: null, page })).toBe(kind);
  });

  /** A kind of service sent from one of its own pages is that page's service: the visitor was reading it. */
  const onItsPage: Record<string, ServiceKind> = {
    "/dubai-visa/1": "transit-visa",
    "/dubai-visa/2": "transit-visa",
    "/dubai-visa/3": "visit-visa",
    "/dubai-visa/4": "visit-visa",
  };
  const generalCases = generalVisaOptions.flatMap((option) => everyPage.map((page) => [option.label, page] as const));
  it.each(generalCases)("kind of service %s sent from %s", (label, page) => {
    const own = label === "Dubai Visa" && page !== null ? onItsPage[page] : undefined;
    const kind = own ?? generalKinds[label];
    expect(serviceKind({ visaType: label, visaLabel: label, page })).toBe(kind);
    expect(serviceKind({ visaType: label, page })).toBe(kind);
  });

  it("reads each form's default value (nothing picked) as its page's kind", () => {
    const expected: Record<string, ServiceKind> = {
      "dubai-visa": "transit-visa",
      "tourist-visa": "visit-visa",
      "visa-changes": "visa-change",
      "visa-documents": "other",
      "visa-packages": "package",
      services: "visit-visa",
      about: "visit-visa",
    };
    for (const [variant, value] of Object.entries(defaultVisaByVariant)) {
      const page = variant === "services" || variant === "about" ? `/${variant}` : `/${variant}/1`;
      expect(serviceKind({ visaType: value, visaLabel: null, page }), variant).toBe(expected[variant]);
    }
  });

  it("gives a message from the Contact page, no service, or one the site does not offer the other papers", () => {
    expect(serviceKind({ kind: "contact", visaType: "", visaLabel: null, page: "/contact" })).toBe("other");
    expect(serviceKind({ kind: "contact", visaType: "Tourist Visa", page: "/tourist-visa/2" })).toBe("other");
    expect(serviceKind({ visaType: null, visaLabel: null, page: "/tourist-visa/2" })).toBe("other");
    expect(serviceKind({ visaType: "  ", page: null })).toBe("other");
    expect(serviceKind({ visaType: "Golden Visa", visaLabel: "Golden Visa", page: "/visa-changes/1" })).toBe("other");
  });
});

/* The delivered file -------------------------------------------------------------------------------------------- */
