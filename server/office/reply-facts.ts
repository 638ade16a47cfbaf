import { dubaiVisaOptions, generalVisaOptions } from "../../app/content/enquiry-options";
import { priceAmount } from "../../app/content/price";
import { detailGroups, parseDetailId, type DetailGroup } from "../../app/lib/paths";
import type * as detailsModule from "../../app/content/details/index";
import type * as helpersModule from "../../app/content/details/helpers";
import type { CaseKind } from "../data/schema";
import type { TextValues } from "./reply-texts";

/*
 * What the ready texts say of the service an enquiry is about (issue 37; issue 59, item 1): its price and its
 * required documents,
 * read from the content files by the loader the site itself uses (app/content), and the agency's opening hours
 * (content/site.yaml). Read on the first enquiry page that needs them, not at start, like the page titles
 * (server/page-titles.ts): their parse is most of a second of the server's start-up, and no public page needs it.
 */

type Details = typeof detailsModule;
type Helpers = typeof helpersModule;

let content: { details: Details; helpers: Helpers; hours: string } | null = null;
let loading: Promise<void> | null = null;

/** Reads the content once; a content file that does not load leaves every text with its fallbacks. */
export function loadReplyFacts(): Promise<void> {
  loading ??= Promise.all([
    import("../../app/content/details/index"),
    import("../../app/content/details/helpers"),
    import("../../app/content/agency"),
  ]).then(
    ([details, helpers, agency]) => {
      content = { details, helpers, hours: agency.openingHours };
    },
    () => {},
  );
  return loading;
}

/** A service page's group and id, from its address (/tourist-visa/2); null for any other page. */
function detailPage(path: string): { group: DetailGroup; id: number } | null {
  const [, group = "", id, ...rest] = path.split("/");
  const number = parseDetailId(id);
  if (rest.length > 0 || number === null || !(detailGroups as readonly string[]).includes(group)) return null;
  return { group: group as DetailGroup, id: number };
}

/** A service page: its group and number. */
export interface ServicePage {
  group: DetailGroup;
  id: number;
}

/**
 * The service pages each option of the Dubai forms stands for, by the label the visitor read (the spec's labels, which
 * do not describe their values: content/enquiry-form.yaml). Two transit visas share one option: the texts then say
 * "from" the lower price. A new option needs its line here (reply-facts.test.ts fails until it has one).
 */
const dubaiOptionPages: Readonly<Record<string, readonly ServicePage[]>> = {
  "Dubai Transist Visa": [
    { group: "dubai-visa", id: 1 },
    { group: "dubai-visa", id: 2 },
  ],
  "Dubai Tourist Visa": [{ group: "tourist-visa", id: 2 }],
  "Visa Change Service": [{ group: "visa-changes", id: 1 }],
  "Holidays Package": [{ group: "visa-packages", id: 4 }],
  "Kabayan Package": [{ group: "visa-packages", id: 1 }],
  "Dummy Ticket": [{ group: "visa-documents", id: 1 }],
};

/** The kinds of service of the other forms (and the Dubai forms' "Dubai Visa" before one is picked): a group each. */
const kindGroups: Readonly<Record<string, DetailGroup>> = {
  "Dubai Visa": "dubai-visa",
  "Tourist Visa": "tourist-visa",
  "Visa Change": "visa-changes",
  "Visa Document": "visa-documents",
  "Visa package": "visa-packages",
};

/**
 * The service pages an option stands for: a Dubai form's service, its own page(s); a kind of service, the page the
 * enquiry was sent from when it is one of that kind (the visitor was reading it), else every page of the kind (the
 * texts then say "from" the lowest price). None for a label the site does not offer.
 */
export function optionPages(label: string, page: string | null): readonly ServicePage[] {
  const pages = dubaiOptionPages[label];
  if (pages) return pages;
  const group = kindGroups[label];
  if (group === undefined) return [];
  const sentFrom = page === null ? null : detailPage(page);
  if (sentFrom?.group === group) return [sentFrom];
  return (content?.details.detailRecords[group] ?? [])
    .filter((record) => record.id > 0)
    .map((record) => ({ group, id: record.id }));
}

/** The option an enquiry's visitor picked: its label, or for an enquiry from before labels were kept, its value's. */
function pickedLabel(visaType: string, visaLabel: string | null | undefined): string {
  const label = visaLabel?.trim();
  if (label) return label;
  const value = visaType.trim();
  return dubaiVisaOptions.find((option) => option.value === value)?.label ?? value;
}

/**
 * The kind of case (issue 56: which papers it asks for, content/office/papers.yaml) each option of the forms
 * starts, by the label the visitor read: the visas to visit Dubai, the visa change, and the bookings, packages and
 * documents. A new option needs its line here (reply-facts.test.ts fails until it has one).
 */
const optionCaseKinds: Readonly<Record<string, CaseKind>> = {
  "Dubai Transist Visa": "visit-visa",
  "Dubai Tourist Visa": "visit-visa",
  "Visa Change Service": "visa-change",
  "Holidays Package": "other",
  "Kabayan Package": "other",
  "Dummy Ticket": "other",
  "Dubai Visa": "visit-visa",
  "Tourist Visa": "visit-visa",
  "Visa Change": "visa-change",
  "Visa Document": "other",
  "Visa package": "other",
};

/** The kind of case an enquiry starts, from the service the visitor picked; "other" when none or not the site's. */
export function caseKindOf(enquiry: { visaType: string; visaLabel?: string | null }): CaseKind {
  return optionCaseKinds[pickedLabel(enquiry.visaType, enquiry.visaLabel)] ?? "other";
}

/** The facts of the service an enquiry is about, and when it cannot be known, why (for staff, never the visitor). */
export type ServiceFacts = Omit<TextValues, "name" | "service" | "agency"> & {
  unknown: string | null;
  /** A visa, or one of the other services (./reply-texts.ts, textServices); null when not known or both. */
  kind: "visas" | "other" | null;
};

/** The groups of service pages that are visas; the others are documents and packages. */
const visaGroups: readonly DetailGroup[] = ["dubai-visa", "tourist-visa", "visa-changes"];

/**
 * The fields {price}, {documents} and {hours} for an enquiry (issue 59, item 1): the price and documents of the
 * service the visitor picked, whatever page the form was on. Several pages (the transit visas, a kind of service
 * picked away from its pages): "from" the lowest price, and their documents where they all ask for the same.
 * Nothing is guessed: no service picked, or one the site does not offer, leaves both out, and `unknown` says so.
 */
export function serviceFacts(
  enquiry: { page: string | null; visaType: string; visaLabel?: string | null },
  siteUrl: string,
): ServiceFacts {
  const none = { price: "", documents: [], pageAddress: null, hours: content?.hours ?? "" };
  const label = pickedLabel(enquiry.visaType, enquiry.visaLabel);
  const offered = [...dubaiVisaOptions, ...generalVisaOptions].some((option) => option.label === label);
  const pages = offered
    ? optionPages(label, enquiry.page).filter((each) => content?.details.hasDetailRecord(each.group, each.id))
    : [];
  if (content === null || pages.length === 0) {
    const why = label === "" ? "The enquiry names no service" : `"${label}" is not one of the site's services`;
    return {
      ...none,
      kind: null,
      unknown: `${why}, so these texts leave out the price and the documents: ask the visitor which service.`,
    };
  }
  const { details, helpers } = content;
  const records = pages.map((each) => ({ ...each, record: details.getDetailRecord(each.group, each.id) }));
  const leads = records.flatMap(({ record }) => {
    const lead = helpers.leadPrice(record);
    return lead === null ? [] : [lead];
  });
  const lowest = leads.reduce<(typeof leads)[number] | null>(
    (low, lead) => (low === null || priceAmount(lead.price) < priceAmount(low.price) ? lead : low),
    null,
  );
  const from = lowest !== null && (lowest.from || new Set(leads.map((lead) => lead.price)).size > 1);
  const lists = records.map(({ group, record }) => (helpers.showsChecklist(group, record) ? record.content3 : []));
  const [first = []] = lists;
  const shared = lists.every((list) => list.join("\n") === first.join("\n")) ? first : [];
  const [only] = pages;
  const visas = pages.filter((each) => visaGroups.includes(each.group)).length;
  return {
    kind: visas === pages.length ? "visas" : visas === 0 ? "other" : null,
    ...none,
    price: lowest === null ? "" : `${from ? "from " : ""}${lowest.price}`,
    documents: shared,
    pageAddress: pages.length === 1 && only ? new URL(`/${only.group}/${only.id}`, siteUrl).href : null,
    unknown: null,
  };
}
