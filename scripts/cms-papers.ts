/**
 * The papers each service needs, in the editor (/admin; issue 56): content/office/papers.yaml, its form made from
 * its schema (server/papers/papers-schema.ts) by scripts/cms-config.ts like the office's replies (./cms-office.ts), with
 * the words here: labels the owner understands, and a key's spelling checked in the form (the office's own check,
 * loadPapers, also refuses a key no paper has, at start).
 */
import { optionalFallback, paperAccepts, serviceKinds } from "../server/papers/papers-schema.ts";

export const papersFile = "content/office/papers.yaml";
export const papersCollectionLabel = "Office: papers each service needs";
export const papersFileLabel = "Papers and the lists of each service";

/** A paper's key: lowercase words joined by dashes (checklist.ts, keySchema). */
const keyPattern: [string, string] = [
  "^[a-z0-9]+(-[a-z0-9]+)*$",
  "a key is lowercase words joined by dashes, such as passport-first",
];

/** How a field shows in the form; `item` is for a list of plain values, each of its lines. */
export interface FieldWords {
  label: string;
  hint?: string;
  multiline?: true;
  pattern?: [string, string];
  item?: { label: string; hint?: string; pattern?: [string, string] };
  /** A list's summary of each item, when not its first field (Decap's `{{fields.title}}`). */
  summary?: string;
  /** A list shown open: each item's field at once, not folded to its summary. */
  open?: true;
}

/** The fields of the file by name, or by their path where a name means two things ("checklists.papers"). */
export const papersFieldWords: Record<string, FieldWords> = {
  papers: {
    label: "Papers the agency may ask for",
    hint: "Each paper once; the lists below name them by their key",
    summary: "{{fields.title}}",
  },
  key: {
    label: "Key (the office's name for it)",
    hint: "Lowercase words joined by dashes, such as passport-first. A case keeps it: change it only before any case uses it, and in the lists below too",
    pattern: keyPattern,
  },
  title: { label: "Title (what the traveller's page calls it)" },
  why: { label: "Why (one line: what it is and why it is needed)" },
  how: {
    label: "How to take a good photo of it",
    hint: "2 to 4 short, plain sentences, for a customer on a small phone",
    multiline: true,
  },
  accepts: {
    label: "Sent as",
    hint: `${paperAccepts[0]}: a photo or a PDF file; ${paperAccepts[1]}: a picture only (the personal photo)`,
  },
  when: {
    label: "When it is needed (shown where a list lets the traveller leave it out)",
    hint: `Such as “if your passport has one”; empty: “${optionalFallback}”`,
  },
  checklists: {
    label: "Lists of papers, one per kind of service",
    hint: `The kinds: ${serviceKinds.join(", ")}. A kind without a list gets the list of “other”, so keep that one`,
  },
  service: {
    label: "Kind of service",
    hint:
      "visit-visa: tourist and Dubai visit visas; transit-visa: 48 and 96 hours transit; visa-change: visa change " +
      "and extension; package: the visa packages; other: tickets, hotel bookings, insurance, and a service not known",
  },
  "checklists.papers": {
    label: "Papers (their keys, in the order the page shows them)",
    open: true,
    item: { label: "Key of a paper", pattern: keyPattern },
  },
  optional: {
    label: "Papers the traveller may leave out (their keys)",
    hint: "Each also one of the papers above; the page says when it is needed",
    open: true,
    item: { label: "Key of a paper", pattern: keyPattern },
  },
};
