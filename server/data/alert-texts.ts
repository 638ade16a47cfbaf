import type { Alert } from "./push";

/* What the alerts on the agency's phones say (issue 37): read on a locked screen, so a name and a service at most. */

/**
 * What a new enquiry's alert says on a locked screen: who wrote and what they asked for (the service, or the
 * contact's subject). Never their phone number, e-mail address or message: a locked screen is seen by anyone near.
 */
export function enquiryAlert(
  id: number,
  enquiry: { kind: string; name: string; visaType: string; visaLabel?: string | null; subject: string },
): Alert {
  // The visa as the visitor picked it (its label), else the value sent; a contact's subject; else what it is.
  const asked =
    enquiry.visaLabel ||
    enquiry.visaType ||
    enquiry.subject ||
    (enquiry.kind === "contact" ? "Contact message" : "Enquiry");
  const name = enquiry.name.trim().replace(/\s+/g, " ") || "Someone";
  return { title: `New enquiry: ${name}`, body: asked, url: `/office/enquiries/${id}` };
}

/** The alert of a next step come due (issue 37): the visitor's name, never the step's note. */
export function dueStepAlert({ enquiryId, name }: { enquiryId: number; name: string }): Alert {
  const who = name.trim().replace(/\s+/g, " ") || "Someone";
  return { title: `Next step due: ${who}`, body: "Tap to open the enquiry.", url: `/office/enquiries/${enquiryId}` };
}

/** A traveller sent a paper from their page (issue 56): who, and which paper; never what it shows. */
export function papersAlert({ caseId, name, paper }: { caseId: number; name: string; paper: string }): Alert {
  const who = name.trim().replace(/\s+/g, " ") || "A traveller";
  return { title: `Papers from ${who}`, body: paper, url: `/office/cases/${caseId}` };
}
