/**
 * The back office's replies in the editor (/admin; issue 37): content/office/replies.yaml, its form made from its
 * schema (server/office/reply-texts.ts) by scripts/cms-config.ts like every content file's, with the words and
 * checks here: labels the owner understands, the fields a ready text may hold with their fallbacks as the hint, a
 * text's field spelt wrong refused before it is saved (the office's own check, readReplyTexts, would refuse it at
 * start), and the texts as multi-line boxes.
 */
import { fallbacks, textFields } from "../server/office/reply-texts.ts";

export const repliesFile = "content/office/replies.yaml";
export const officeCollectionLabel = "Office: replies to visitors";
export const repliesFileLabel = "Greetings and ready texts";

const known = textFields.join("|");
/**
 * A subject or text whose every `{word}` is one of the fields: the office's own rule (reply-texts.ts, unknownFields,
 * braces around 1 to 40 characters on one line), as a pattern for the editor's check.
 */
export const readyTextPattern = `^(?![\\s\\S]*\\{(?!(?:${known})\\})[^{}\\n]{1,40}\\})[\\s\\S]*$`;
const patternMessage = `a word in braces that is not a field: the fields are ${textFields.map((f) => `{${f}}`).join(", ")}`;

const fieldsHint =
  "Filled in for each visitor: {name} (or “" +
  fallbacks.name +
  "”), {service}: the visa they picked (or “" +
  fallbacks.service +
  "”), {price}: the price of the service they picked (or “" +
  fallbacks.price +
  "”), {documents}: its documents list, one line each (or a sentence pointing to the page), {agency}, " +
  "{hours}: the opening hours, {link}: a traveller's case link (a text with it is offered only on a case, right " +
  "after its link is sent). Write it so that it reads well either way: “The price is {price}.”";

/** How each field of the file shows in the form: its label, and for a ready text's words, their hint and check. */
export const repliesFieldWords: Record<
  string,
  { label: string; hint?: string; multiline?: true; pattern?: [string, string] }
> = {
  whatsappGreeting: {
    label: "WhatsApp button: the greeting",
    hint: "An enquiry about a service: {name}, {service} and {agency} are filled in",
  },
  emailSubject: { label: "E-mail button: the subject", hint: "{name}, {service} and {agency} are filled in" },
  contactGreeting: {
    label: "WhatsApp button: the greeting for a message from the Contact page",
    hint: "{name}, {subject} (the visitor's subject) and {agency} are filled in",
  },
  contactSubject: { label: "E-mail button: the subject for a message from the Contact page" },
  texts: {
    label: "Ready texts",
    hint: "Under “Ready texts” on an enquiry: one tap opens WhatsApp or the mail app with the text filled in",
  },
  name: { label: "Name (on the list of texts and on the enquiry's timeline)" },
  channel: { label: "Sent by", hint: "whatsapp, email or both" },
  services: {
    label: "Offered on",
    hint: "all (empty: all), visas, or other (dummy tickets, hotel bookings, insurance, packages)",
  },
  subject: {
    label: "E-mail subject (for email and both)",
    hint: "The same fields as the text",
    pattern: [readyTextPattern, patternMessage],
  },
  text: { label: "Text", hint: fieldsHint, multiline: true, pattern: [readyTextPattern, patternMessage] },
};
