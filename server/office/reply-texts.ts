import { z } from "zod";

/*
 * The agency's ready reply texts (issue 37, "Replies from ready texts"): the `texts:` list of
 * content/office/replies.yaml, its schema (read by ./replies.ts and by the editor's configuration,
 * scripts/cms-config.ts) and how a text is filled in for one enquiry. Plain data and zod only: no file, no
 * database.
 */

/** The fields a ready text may hold, in the order the guide lists them. */
export const textFields = ["name", "service", "price", "documents", "agency", "hours", "link", "amount"] as const;
export type TextField = (typeof textFields)[number];

/**
 * What a field says when the enquiry has nothing for it (content/office/replies.yaml's comments show the same).
 * `documents` has two: the page is known but lists none (the sentence points to it), or no page is known.
 */
export const fallbacks = {
  name: "there",
  service: "your visa",
  price: "available on request",
  documents: "We will tell you exactly which documents to send.",
  documentsOnPage: (address: string) => `You will find the list on our website: ${address}`,
  agency: "our agency",
  hours: "as shown on our website",
  /** A case's private link (issue 56): only on the case's page, right after it was issued; a text with it is not offered elsewhere. */
  link: "",
  /** A payment just asked for on a case (issue 58): only on the case's page, with its link; offered nowhere else. */
  amount: "",
} as const;

export const channels = ["whatsapp", "email", "both"] as const;

/**
 * Which enquiries a text is offered on (issue 59, item 6): every one, those about a visa (the Dubai, tourist and
 * visa change pages' services), or those about the other services (dummy tickets, hotel bookings, insurance,
 * packages). An enquiry whose service is not known is offered every text.
 */
export const textServices = ["all", "visas", "other"] as const;
export type TextServices = (typeof textServices)[number];
export type TextChannel = (typeof channels)[number];

/** `{name}`, `{Price}`, `{price list}`: anything in braces that looks meant as a field. */
const fieldPattern = /\{([^{}\n]{1,40})\}/g;

/** The fields a text names that are not fields, as written ("prize", "Name"). */
export function unknownFields(text: string): string[] {
  return [...text.matchAll(fieldPattern)]
    .map((match) => match[1] ?? "")
    .filter((field) => !(textFields as readonly string[]).includes(field));
}

const fieldList = textFields.map((field) => `{${field}}`).join(", ");

/** One ready text: a name for the button, its channel, for e-mail a subject, and the text. */
export const readyTextSchema = z
  .object({
    name: z.string().trim().min(1, { error: "expected a name for the text" }).max(60),
    channel: z.enum(channels, { error: "expected whatsapp, email or both" }),
    services: z.enum(textServices, { error: "expected all, visas or other" }).optional(),
    subject: z.string().trim().max(200).optional(),
    text: z.string().trim().min(1, { error: "expected the text" }).max(2000),
  })
  .superRefine((value, ctx) => {
    for (const key of ["subject", "text"] as const) {
      for (const field of unknownFields(value[key] ?? "")) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `unknown field {${field}}: the fields are ${fieldList}`,
        });
      }
    }
    if (value.channel !== "whatsapp" && !value.subject) {
      ctx.addIssue({ code: "custom", path: ["subject"], message: "expected a subject for the e-mail" });
    }
  });
export type ReadyText = z.infer<typeof readyTextSchema>;

/** The list: at most 30, each name once (the timeline names a text by it). */
export const readyTextsSchema = z
  .array(readyTextSchema)
  .max(30)
  .superRefine((texts, ctx) => {
    const seen = new Set<string>();
    texts.forEach((text, index) => {
      if (seen.has(text.name)) {
        ctx.addIssue({ code: "custom", path: [index, "name"], message: `the name "${text.name}" is used twice` });
      }
      seen.add(text.name);
    });
  });

/**
 * content/office/replies.yaml: the greeting of the WhatsApp button and the E-mail button's subject (an enquiry
 * about a service, and a message from the Contact page, which a file from before issue 35 may lack), and the
 * ready texts, which a file from before issue 37 lacks (none then: the page offers the greeting alone).
 */
export const repliesFileSchema = z.object({
  whatsappGreeting: z.string().trim().min(1).max(500),
  emailSubject: z.string().trim().min(1).max(200),
  contactGreeting: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .default("Hello {name}, this is {agency}. Thank you for your message. How can we help?"),
  contactSubject: z.string().trim().min(1).max(200).default("Re: {subject} - {agency}"),
  texts: readyTextsSchema.default([]),
});

/** What an enquiry's page knows for the fields; empty or null where it has nothing. */
export interface TextValues {
  name: string;
  /** The option the visitor picked (or the value the form sent); "" for a message from the Contact page. */
  service: string;
  /** The price the enquiry's page leads with ("AED 390.00", "from AED 190.00"); "" when none. */
  price: string;
  /** The page's required documents, one line each; empty when it lists none. */
  documents: readonly string[];
  /** The page's full address, when the enquiry was sent from a service page: the documents' fallback points to it. */
  pageAddress: string | null;
  agency: string;
  hours: string;
  /** A case's private link, just issued (issue 56); none anywhere else (only its hash is kept). */
  link?: string | null;
  /** What a payment just asked for comes to, with what it is for ("AED 190.00 (Agency service fee)"; issue 58). */
  amount?: string | null;
}

/** Titles a name may start with, which a greeting leaves out ("Mr. Rajesh Kumar": Rajesh). */
const honorifics = new Set(["mr", "mrs", "ms", "miss", "mx", "dr"]);
/** Words that make a first name with the word after them ("Abdul Rahman", "عبد الله"), never greeted alone. */
const nameStarts = new Set(["abdul", "abd", "abdel", "abu", "عبد", "أبو", "ابو"]);

/**
 * The name to greet a visitor by (issue 59, item 6): the first word of what they typed, as typed, after any title;
 * "Abdul Rahman" and "عبد الله" whole; an initial ("M. Ali") keeps the name whole. "" when nothing is left.
 */
export function firstName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  while (words.length > 0 && honorifics.has((words[0] ?? "").toLowerCase().replace(/\.$/, ""))) words.shift();
  const [first = "", second] = words;
  if (second === undefined) return first;
  if (nameStarts.has(first.toLowerCase())) return `${first} ${second}`;
  if (/^\p{L}\.?$/u.test(first)) return words.join(" ");
  return first;
}

/** Every field's words for this enquiry: its value, or its fallback. Documents are a list, one "• " line each. */
export function fieldWords(values: TextValues): Record<TextField, string> {
  const or = (value: string, fallback: string) => value.trim() || fallback;
  const documents = values.documents.map((line) => line.trim()).filter((line) => line !== "");
  return {
    name: or(firstName(values.name), fallbacks.name),
    service: or(values.service, fallbacks.service),
    price: or(values.price, fallbacks.price),
    documents:
      documents.length > 0
        ? documents.map((line) => `• ${line}`).join("\n")
        : values.pageAddress
          ? fallbacks.documentsOnPage(values.pageAddress)
          : fallbacks.documents,
    agency: or(values.agency, fallbacks.agency),
    hours: or(values.hours, fallbacks.hours),
    link: values.link?.trim() || fallbacks.link,
    amount: values.amount?.trim() || fallbacks.amount,
  };
}

/** Whether a text (its subject or words) sends a case's link: offered only where a link was just issued. */
export const sendsLink = (text: { text: string; subject?: string }) =>
  /\{link\}/.test(`${text.subject ?? ""}${text.text}`);

/** Whether a text tells the amount of a payment just asked for: offered only then (issue 58). */
export const asksPayment = (text: { text: string; subject?: string }) =>
  /\{amount\}/.test(`${text.subject ?? ""}${text.text}`);

/** A text with its fields filled in; an unknown field (refused when the file is read) stays as written. */
export function fillIn(text: string, words: Record<TextField, string>): string {
  return text.replace(fieldPattern, (whole, field: string) =>
    (textFields as readonly string[]).includes(field) ? words[field as TextField] : whole,
  );
}
