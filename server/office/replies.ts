import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { readPhone } from "../data/enquiries/phone";

/**
 * The texts of the three replies, from content/office/replies.yaml, where the owner can change them: one pair for
 * an enquiry about a service, one for a message from the Contact page (issue 35, item 9), which a file from before
 * may lack.
 */
const repliesSchema = z.object({
  whatsappGreeting: z.string().trim().min(1).max(500),
  emailSubject: z.string().trim().min(1).max(200),
  contactGreeting: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .default("Hello {name}, this is {agency}. Thank you for your message. How can we help?"),
  contactSubject: z.string().trim().min(1).max(200).default("Re: {subject} - {agency}"),
});
export type ReplyTexts = z.infer<typeof repliesSchema>;

export const repliesFile = join(import.meta.dirname, "..", "..", "content", "office", "replies.yaml");

export function readReplyTexts(file = repliesFile): ReplyTexts {
  const parsed = repliesSchema.safeParse(parse(readFileSync(file, "utf8")));
  if (!parsed.success) {
    throw new Error(
      `${file}: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
    );
  }
  return parsed.data;
}

export interface ReplyTo {
  name: string;
  /** As the visitor typed it. */
  phone: string;
  /**
   * The number in international form as stored beside it (null: flagged, not to be dialled until corrected);
   * when not given, read from `phone` here (server/data/enquiries/phone.ts).
   */
  phoneInternational?: string | null;
  email: string;
  /** What the office calls the service (work.ts, serviceOf): the fallback when nothing below says more. */
  service: string;
  /** An enquiry about a service, or a message from the Contact page; an enquiry when not given. */
  kind?: "enquiry" | "contact";
  /** The contact message's subject, as the visitor wrote it. */
  subject?: string;
  /** The label of the option the visitor picked, and the value the form sent (issue 35, item 3). */
  visaLabel?: string | null;
  visaType?: string;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * A phone number as WhatsApp wants it: the country code and number, digits only. A number typed the local way
 * in the UAE (050 123 4567) gets the UAE's code; 00 before a country code counts as +. Null when it cannot be a
 * number WhatsApp knows (too short or too long).
 */
export function internationalDigits(phone: string): string | null {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/[^0-9]/g, "");
  if (trimmed.startsWith("+")) {
    // Already international.
  } else if (digits.startsWith("00")) {
    digits = digits.slice(2);
  } else if (digits.startsWith("0")) {
    digits = `971${digits.slice(1)}`;
  } else if (/^5[0-9]{8}$/.test(digits)) {
    // A UAE mobile without its leading 0.
    digits = `971${digits}`;
  }
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

/**
 * The three replies to a visitor: Call (tel:), WhatsApp (wa.me with a greeting) and E-mail (mailto: with a
 * subject). Written to the visitor, in their words: the service is the option they picked (never the office's
 * "sent as"), and a message from the Contact page is thanked as a message, its subject the mail's "Re:".
 */
export function replyLinks(to: ReplyTo, texts: ReplyTexts, agency: string) {
  const contact = to.kind === "contact";
  const service = to.visaLabel?.trim() || to.visaType?.trim() || to.service;
  const values = {
    name: to.name.trim() || "there",
    service,
    subject: (to.subject ?? "").trim() || "Your message",
    agency,
  };
  const greeting = fill(contact ? texts.contactGreeting : texts.whatsappGreeting, values);
  // Call and WhatsApp dial the international form, never a guess: a flagged number has none (issue 35).
  const international = to.phoneInternational === undefined ? readPhone(to.phone).international : to.phoneInternational;
  const digits = international?.replace(/[^0-9]/g, "") ?? null;
  const subject = fill(contact ? texts.contactSubject : texts.emailSubject, values);
  return {
    call: digits ? `tel:+${digits}` : null,
    whatsapp: digits ? `https://wa.me/${digits}?text=${encodeURIComponent(greeting)}` : null,
    email: to.email.includes("@")
      ? `mailto:${encodeURIComponent(to.email.trim()).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}`
      : null,
    greeting,
  };
}
