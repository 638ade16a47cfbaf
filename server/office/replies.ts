import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import type { z } from "zod";
import { readPhone } from "../data/enquiries/phone";
import {
  fieldWords,
  fillIn,
  firstName,
  repliesFileSchema,
  sendsLink,
  asksPayment,
  type TextChannel,
  type TextValues,
} from "./reply-texts";

/**
 * The replies' texts, from content/office/replies.yaml, where the owner changes them (in the editor at /admin, or
 * the file): the greeting and subject of the WhatsApp and E-mail buttons, for an enquiry about a service and for a
 * message from the Contact page (issue 35, item 9), and the ready texts (issue 37; ./reply-texts.ts).
 */
export type ReplyTexts = z.infer<typeof repliesFileSchema>;

export const repliesFile = join(import.meta.dirname, "..", "..", "content", "office", "replies.yaml");

/**
 * The file's texts, checked. A mistake throws an error naming the file, the field and, for a ready text, which
 * one: `replies.yaml, texts[3] "Documents needed", text: unknown field {prize}: the fields are {name}, …`.
 */
export function readReplyTexts(file = repliesFile): ReplyTexts {
  const data: unknown = parse(readFileSync(file, "utf8"));
  const parsed = repliesFileSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const texts = (data as { texts?: unknown } | null)?.texts;
  const where = (path: readonly PropertyKey[]) => {
    const [key, index, ...rest] = path;
    if (key !== "texts" || typeof index !== "number") return path.map(String).join(".");
    const name = Array.isArray(texts) ? (texts[index] as { name?: unknown } | undefined)?.name : undefined;
    const named = typeof name === "string" && name.trim() !== "" ? ` "${name.trim()}"` : "";
    return `texts[${index + 1}]${named}${rest.length > 0 ? `, ${rest.map(String).join(".")}` : ""}`;
  };
  throw new Error(
    `${file}: ${parsed.error.issues.map((issue) => `${where(issue.path)}: ${issue.message}`).join("; ")}`,
  );
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
    name: firstName(to.name) || "there",
    service,
    subject: (to.subject ?? "").trim() || "Your message",
    agency,
  };
  const greeting = fill(contact ? texts.contactGreeting : texts.whatsappGreeting, values);
  const digits = dialled(to);
  const subject = fill(contact ? texts.contactSubject : texts.emailSubject, values);
  return {
    call: digits ? `tel:+${digits}` : null,
    whatsapp: digits ? whatsappLink(digits, greeting) : null,
    email: mailLink(to.email, subject),
    greeting,
  };
}

/** Call and WhatsApp dial the international form, never a guess: a flagged number has none (issue 35). */
function dialled(to: ReplyTo): string | null {
  const international = to.phoneInternational === undefined ? readPhone(to.phone).international : to.phoneInternational;
  return international?.replace(/[^0-9]/g, "") || null;
}

const whatsappLink = (digits: string, text: string) => `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;

/**
 * A mailto: link to the visitor's address, with a subject and, when given, a body (its lines ended with CRLF, as
 * RFC 6068 asks). Every part is percent-encoded: a line break, `?` or `&` in what a visitor typed stays text, never
 * another header. Null when the address cannot be one.
 */
function mailLink(address: string, subject: string, body?: string): string | null {
  const to = address.trim();
  if (!to.includes("@")) return null;
  const query = `subject=${encodeURIComponent(subject)}${
    body === undefined ? "" : `&body=${encodeURIComponent(body.replace(/\r?\n/g, "\r\n"))}`
  }`;
  return `mailto:${encodeURIComponent(to).replace(/%40/g, "@")}?${query}`;
}

/** A ready text filled in for one enquiry, with its links: null where the channel is not the text's or is missing. */
export interface ReadyReply {
  name: string;
  channel: TextChannel;
  text: string;
  subject: string;
  whatsapp: string | null;
  email: string | null;
}

/**
 * The agency's ready texts filled in for one visitor (issue 37): their name and the option they picked (nothing
 * for a message from the Contact page: the field's fallback then), the price and documents of the page they sent
 * it from, the agency and its hours (./reply-texts.ts, fieldWords).
 */
export function readyReplies(
  to: ReplyTo,
  texts: ReplyTexts,
  page: Omit<TextValues, "name" | "service"> & { kind?: "visas" | "other" | null },
  /** A case's page (issue 56), its link just issued: only the texts that send the link. */
  options: { onlyLink?: boolean } = {},
): ReadyReply[] {
  const words = fieldWords({ ...page, name: to.name, service: to.visaLabel?.trim() || to.visaType?.trim() || "" });
  const digits = dialled(to);
  const kind = page.kind ?? null;
  // A text with {link} needs a link just issued (issue 56): only a case's page has one, right after "Send the link".
  const hasLink = Boolean(page.link?.trim());
  // A text with {amount} needs a payment just asked for (issue 58), and then only those texts are offered.
  const hasAmount = Boolean(page.amount?.trim());
  const offered = texts.texts.filter(
    (ready) =>
      (kind === null || ready.services === undefined || ready.services === "all" || ready.services === kind) &&
      (options.onlyLink
        ? hasLink && sendsLink(ready) && asksPayment(ready) === hasAmount
        : hasLink || !sendsLink(ready)) &&
      (hasAmount || !asksPayment(ready)),
  );
  return offered.map((ready) => {
    const text = fillIn(ready.text, words);
    const subject = fillIn(ready.subject ?? "", words);
    return {
      name: ready.name,
      channel: ready.channel,
      text,
      subject,
      whatsapp: ready.channel !== "email" && digits ? whatsappLink(digits, text) : null,
      email: ready.channel !== "whatsapp" ? mailLink(to.email, subject, text) : null,
    };
  });
}
