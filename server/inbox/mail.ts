import { enquiryFieldList, type FieldShown } from "../../app/lib/forms/enquiry-fields";
import { dubaiClock } from "../data/dubai-days";
import { serviceName } from "../../app/lib/forms/visa-service";
import { emailShape } from "./validate";
import { calendarDay } from "../words";
import { escapeHtml, forMail, noLinks, oneLine, truncate, visible } from "../text";
import type { StoredEnquiry } from "../data/enquiries/types";
import type { MailMessage } from "../mailer";

/**
 * How the mail writes each kind of field (app/lib/forms/enquiry-fields.ts), or null where it is not a line of its
 * own. Visitor text is never a link in the agency's mail program (issue 34, finding 8): its schemes and host names
 * are broken (server/text.ts, noLinks), the message whole, on its lines, the rest on one line and cut at 200
 * characters. The e-mail address, checked by the form's rule, stays as typed: the agency replies to it.
 */
const inMail = {
  line: (value) => forMail(value, 200),
  address: (value) => oneLine(value),
  text: (value) => noLinks(visible(value)),
  // "7 Dec 2026", as the office shows it (issue 35, item 8).
  day: (value) => forMail(calendarDay(value), 200),
  // The label the visitor picked, beside the value the form sent where they differ (issue 35).
  service: (value, enquiry) => forMail(serviceName(value, enquiry.visaLabel), 200),
  "with-service": () => null,
} satisfies Record<FieldShown, (value: string, enquiry: StoredEnquiry) => string | null>;

/** A field of the mail: its label, its value as the mail writes it, and whether it takes lines of its own. */
export interface MailField {
  label: string;
  value: string;
  onLines: boolean;
}

/** Each field the enquiry has, in the order the agency reads them, as the mail shows it; empty ones left out. */
export function mailFields(enquiry: StoredEnquiry): MailField[] {
  return enquiryFieldList.flatMap(({ name, label, shown }) => {
    const raw = enquiry[name];
    const value = raw ? inMail[shown](raw, enquiry) : null;
    return value === null ? [] : [{ label, value, onLines: shown === "text" }];
  });
}

/**
 * The Message-ID of an enquiry's mail, derived from what is stored (its id and the moment it was received, which
 * also tells apart two databases that reuse an id), at the sender's domain.
 */
export function messageIdOf(enquiry: StoredEnquiry, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<enquiry-${enquiry.id}.${Date.parse(enquiry.receivedAt)}@${domain}>`;
}

// Stricter than the form's rule: a Reply-To must be one plain address, never a list or a display name.
const plainAddress = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

/**
 * The mail for one stored enquiry. The recipient is always the agency mailbox given here: nothing in a
 * submission can add one. The visitor's address becomes the Reply-To when it is a single plain address.
 */
export function composeMail(
  enquiry: StoredEnquiry,
  to: string,
  from: string,
  office: string | null = null,
): MailMessage {
  const kindLabel = enquiry.kind === "enquiry" ? "Enquiry" : "Contact message";
  const who = forMail(enquiry.name.trim(), 80) || oneLine(enquiry.email.trim()) || "a visitor";
  const asked = enquiry.kind === "enquiry" ? serviceName(enquiry.visaType, enquiry.visaLabel) : enquiry.subject;
  const topic = forMail(asked.trim(), 80);
  const subject = truncate(`${kindLabel} #${enquiry.id} from ${who}${topic ? `: ${topic}` : ""}`, 150);
  const fields = mailFields(enquiry);
  const received = `Received ${dubaiClock(enquiry.receivedAt)} (Dubai time) via the website (${kindLabel.toLowerCase()} #${enquiry.id}).`;
  // The back office's page of this enquiry (sign-in needed), when the office is on.
  const officeLink = office ? `${office}/office/enquiries/${enquiry.id}` : null;

  const text = [
    ...fields.map(({ label, value, onLines }) => (onLines ? `${label}:\n${value}` : `${label}: ${value}`)),
    "",
    received,
    ...(officeLink ? [`Open it in the office: ${officeLink}`] : []),
  ].join("\n");

  const rows = fields
    .map(({ label, value }) => {
      const shown = escapeHtml(value);
      return `<tr><th align="left" valign="top">${label}</th><td style="white-space:pre-wrap">${shown}</td></tr>`;
    })
    .join("\n");
  const html = `<!doctype html><html><body>
<table cellpadding="4">
${rows}
</table>
<p>${escapeHtml(received)}</p>
${officeLink ? `<p><a href="${escapeHtml(officeLink)}">Open it in the office</a></p>\n` : ""}</body></html>`;

  const email = enquiry.email.trim();
  const replyTo = emailShape.test(email) && plainAddress.test(email) ? email : undefined;
  return { messageId: messageIdOf(enquiry, from), from, to, subject, text, html, ...(replyTo ? { replyTo } : {}) };
}
