import type { DetailGroup } from "../../app/lib/paths";
import type { ServiceKind } from "../papers/papers-schema";
import { kindGroup, optionPages, pickedLabel, type ServicePage } from "./reply-facts";

/* From an enquiry's service to its kind --------------------------------------------------------------------------- */

/** The kind of the service a page describes (the spec's page numbers: /dubai-visa/1 and 2 are the transit visas). */
function pageKind({ group, id }: ServicePage): ServiceKind {
  if (group === "dubai-visa") return id === 1 || id === 2 ? "transit-visa" : "visit-visa";
  return groupKinds[group];
}

/** The kind of a whole group of pages: a Dubai visa not picked among them is, most often, a visit visa. */
const groupKinds: Record<DetailGroup, ServiceKind> = {
  "dubai-visa": "visit-visa",
  "tourist-visa": "visit-visa",
  "visa-changes": "visa-change",
  "visa-documents": "other",
  "visa-packages": "package",
};

/** What an enquiry row says of its service: its kind, the visa value and label the form sent, and its page. */
export interface EnquiryService {
  /** A message from the Contact page names no service. */
  kind?: "enquiry" | "contact";
  visaType: string | null;
  visaLabel?: string | null;
  page: string | null;
}

/**
 * The kind of service an enquiry is about, read as the ready texts read it (server/office/reply-facts.ts): a Dubai
 * form's option stands for its own page(s); a kind of service sent from one of its pages is that page's service,
 * and away from them, the kind of its group. No service, one the site does not offer, or a message from the Contact
 * page: "other" (the passport's first page; the office asks for more on the case when needed).
 */
export function serviceKind(enquiry: EnquiryService): ServiceKind {
  if (enquiry.kind === "contact") return "other";
  const label = pickedLabel(enquiry.visaType ?? "", enquiry.visaLabel);
  if (label === "") return "other";
  const kinds = new Set(optionPages(label, enquiry.page).map(pageKind));
  const [only] = kinds;
  if (kinds.size === 1 && only !== undefined) return only;
  const group = kindGroup(label);
  return group === null ? "other" : groupKinds[group];
}
