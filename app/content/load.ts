/**
 * Reads the content files (content/*.yaml, where the agency keeps every text and price of the site):
 * parses them, numbers the rows that carry no id of their own, fills in the prices written as a reference
 * ("same as /visa-changes/2, Airport to Airport") and checks every file against its schema (./schema.ts).
 * A mistake throws a ContentError that names the file, the record, the field and what is expected, with
 * its line, e.g. `visa-changes.yaml, record 3, visaTypes[1].price: expected a price such as AED 190.00, found
 * "AED 590" (line 97)`. Counts start at 1: record 3 is the third page of the file, visaTypes[1] its first row.
 *
 * Node only. The pages never import this module: at build time scripts/vite-content.ts puts the checked
 * data into the modules of ./data as plain JavaScript, so neither the YAML parser nor zod reaches a browser.
 */
// Imports of this folder carry .ts here: vite.config.ts loads this module (scripts/vite-content.ts), and
// Vite's config loader asks for extensions.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isNode, LineCounter, parseDocument, type Document } from "yaml";
import type { z } from "zod";
import { detailGroups, type DetailGroup } from "../lib/paths.ts";
import { isPhotoName, type PhotoName } from "./images.ts";
import { priceFormat } from "./price.ts";
import {
  aboutContentSchema,
  privacyContentSchema,
  contactFileSchema,
  detailGroupFileSchema,
  enquiryFormFileSchema,
  homeFileSchema,
  servicesContentSchema,
  siteFileSchema,
  type DetailRecord,
} from "./schema.ts";

/** The content folder of this working copy. */
export const contentDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "content");

export const fileSchemas = {
  site: siteFileSchema,
  "enquiry-form": enquiryFormFileSchema,
  home: homeFileSchema,
  about: aboutContentSchema,
  services: servicesContentSchema,
  contact: contactFileSchema,
  privacy: privacyContentSchema,
  "dubai-visa": detailGroupFileSchema,
  "tourist-visa": detailGroupFileSchema,
  "visa-changes": detailGroupFileSchema,
  "visa-documents": detailGroupFileSchema,
  "visa-packages": detailGroupFileSchema,
} as const;

export type ContentFileName = keyof typeof fileSchemas;
export const contentFileNames = Object.keys(fileSchemas) as ContentFileName[];
export type ContentFiles = { [Name in ContentFileName]: z.infer<(typeof fileSchemas)[Name]> };

/** Every mistake found in the content files, one line each. */
export class ContentError extends Error {
  declare readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    const count = problems.length === 1 ? "a mistake" : `${problems.length} mistakes`;
    super(`The content files have ${count}:\n  ${problems.join("\n  ")}`);
    this.name = "ContentError";
    // Printed as the message alone: a stack trace, or the list printed again, would only confuse whoever edits
    // the files.
    Object.defineProperty(this, "problems", { value: problems, enumerable: false });
    this.stack = `${this.name}: ${this.message}`;
  }
}

type Path = readonly PropertyKey[];

interface ParsedFile {
  name: ContentFileName;
  fileName: string;
  doc: Document;
  lines: LineCounter;
  data: unknown;
}

/* Where a mistake is ----------------------------------------------------------------------------- */

/** `record 3, visaTypes[1].price` for a page of a service group's file; `cards[2].price` elsewhere. */
function fieldName(name: ContentFileName, path: Path): string {
  const parts: string[] = [];
  let rest = path;
  if (isDetailGroup(name) && rest[0] === "pages" && typeof rest[1] === "number") {
    parts.push(`record ${rest[1] + 1}`);
    rest = rest.slice(2);
  }
  const field = rest.reduce<string>((text, key) => {
    if (typeof key === "number") return `${text}[${key + 1}]`;
    return text === "" ? String(key) : `${text}.${String(key)}`;
  }, "");
  if (field !== "") parts.push(field);
  return parts.join(", ");
}

/** The line of the deepest part of `path` that the file has. */
function lineOf(file: ParsedFile, path: Path): number | undefined {
  for (let length = path.length; length >= 0; length -= 1) {
    const node: unknown = file.doc.getIn(path.slice(0, length), true);
    if (isNode(node) && node.range) return file.lines.linePos(node.range[0]).line;
  }
  return undefined;
}

/** Where a field is: the file, the record and the field, and its line. */
interface Place {
  /** e.g. `home.yaml, cards[2].image` or `visa-changes.yaml, record 3, image`. */
  field: string;
  line: number | undefined;
}

function placeOf(file: ParsedFile, path: Path): Place {
  return {
    field: [file.fileName, fieldName(file.name, path)].filter(Boolean).join(", "),
    line: lineOf(file, path),
  };
}

/** A mistake as the content errors show it: `home.yaml, cards[2].price: expected … (line 40)`. */
export function problemAt(place: Place, message: string): string {
  return `${place.field}: ${message}${place.line === undefined ? "" : ` (line ${place.line})`}`;
}

function problem(file: ParsedFile, path: Path, message: string): string {
  return problemAt(placeOf(file, path), message);
}

/**
 * The value a complaint is about, as the file wrote it: a text, a number, "nothing" (an empty field) or "a
 * list". A check on a whole row or page (its input is that row) shows no value; a check on a field the row
 * has (the page's kind) shows the field's.
 */
function foundValue(issue: z.core.$ZodIssue): string {
  let value = issue.input;
  const field = issue.path.at(-1);
  if (isRecord(value) && typeof field === "string" && field in value) value = value[field];
  if (value === undefined || isRecord(value)) return "";
  if (value === null) return ", found nothing";
  if (Array.isArray(value)) return ", found a list";
  return `, found ${JSON.stringify(value)}`;
}

const typeNames: Record<string, string> = {
  string: "text",
  number: "a number",
  array: "a list",
  object: "a group of fields (name: value lines)",
};

/** What a schema's complaint asks for, in the words of ./schema.ts where it has its own. */
function describeIssue(issue: z.core.$ZodIssue): string {
  // A schema's own words may already say what was found.
  const found = issue.message.includes("found") ? "" : foundValue(issue);
  const missing = issue.input === undefined && (issue.code === "invalid_type" || issue.code === "invalid_union");
  const own = issue.message.startsWith("expected") ? issue.message : undefined;
  let expected: string;
  switch (issue.code) {
    case "invalid_type":
      expected = own ?? `expected ${typeNames[issue.expected] ?? issue.expected}`;
      break;
    case "too_small":
    case "too_big": {
      const bound = issue.code === "too_small" ? issue.minimum : issue.maximum;
      const which = issue.exact ? "exactly" : issue.code === "too_small" ? "at least" : "at most";
      expected = own ?? `expected ${which} ${String(bound)} ${issue.origin === "array" ? "items" : "characters"}`;
      if (issue.origin === "array" && Array.isArray(issue.input)) expected += `, found ${issue.input.length}`;
      return expected;
    }
    case "invalid_value":
      expected = own ?? `expected one of: ${issue.values.map((value) => String(value)).join(", ")}`;
      break;
    default:
      expected = own ?? `expected something else (${issue.message})`;
  }
  if (missing) return `missing: ${expected}`;
  return `${expected}${found}`;
}

/* Reading ---------------------------------------------------------------------------------------- */

function isDetailGroup(name: ContentFileName): name is DetailGroup {
  return (detailGroups as readonly string[]).includes(name);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function parseFile(dir: string, name: ContentFileName, problems: string[]): ParsedFile | undefined {
  const fileName = `${name}.yaml`;
  let text: string;
  try {
    text = readFileSync(join(dir, fileName), "utf8");
  } catch {
    problems.push(`${fileName}: missing from the content folder`);
    return undefined;
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    for (const error of doc.errors) {
      const line = lines.linePos(error.pos[0]).line;
      const reason = error.message.split("\n")[0]?.replace(/ at line \d+, column \d+:?$/, "") ?? error.code;
      problems.push(`${fileName}, line ${line}: not readable as YAML: ${reason}`);
    }
    return undefined;
  }
  return { name, fileName, doc, lines, data: doc.toJS() };
}

/** The lists whose rows the loader numbers 1, 2, 3…: the files leave `id` out of them. */
function numberedLists(file: ParsedFile): { path: Path; rows: unknown[] }[] {
  const lists: { path: Path; rows: unknown[] }[] = [];
  const data = file.data;
  if (!isRecord(data)) return lists;
  if (file.name === "home") {
    for (const key of ["slides", "cards"]) {
      const rows = data[key];
      if (Array.isArray(rows)) lists.push({ path: [key], rows });
    }
  }
  const pages = data["pages"];
  if (isDetailGroup(file.name) && Array.isArray(pages)) {
    pages.forEach((page, index) => {
      const rows = isRecord(page) ? page["visaTypes"] : undefined;
      if (Array.isArray(rows)) lists.push({ path: ["pages", index, "visaTypes"], rows });
    });
  }
  return lists;
}

function numberRows(file: ParsedFile, problems: string[]): void {
  for (const { path, rows } of numberedLists(file)) {
    rows.forEach((row, index) => {
      if (!isRecord(row)) return;
      if ("id" in row) {
        problems.push(problem(file, [...path, index, "id"], "not needed here: the rows are numbered by their order"));
        return;
      }
      rows[index] = { id: index + 1, ...row };
    });
  }
}

/* Price references --------------------------------------------------------------------------------- */

const referencePattern = /^same as\s+\/([a-z-]+)\/(\d+)\s*,\s*(.+)$/;
const referenceExample = "same as /visa-changes/2, Airport to Airport";

/** The places where a price may be written as a reference to a price on a service page. */
function referencingFields(file: ParsedFile): { path: Path; holder: Record<string, unknown> }[] {
  const fields: { path: Path; holder: Record<string, unknown> }[] = [];
  const data = file.data;
  if (!isRecord(data)) return fields;
  const add = (path: Path, rows: unknown) => {
    if (!Array.isArray(rows)) return;
    rows.forEach((row, index) => {
      if (isRecord(row) && typeof row["price"] === "string") fields.push({ path: [...path, index], holder: row });
    });
  };
  if (file.name === "home") add(["cards"], data["cards"]);
  const pages = data["pages"];
  if (isDetailGroup(file.name) && Array.isArray(pages)) {
    pages.forEach((page, index) => {
      if (isRecord(page)) add(["pages", index, "priceRows"], page["priceRows"]);
    });
  }
  return fields;
}

/** The price a reference points at, or why there is none. */
function lookUp(
  parsed: ReadonlyMap<ContentFileName, ParsedFile>,
  group: string,
  id: number,
  rowName: string,
): { price: string } | { error: string } | { targetWrong: true } {
  const page = `/${group}/${id}`;
  const file = (detailGroups as readonly string[]).includes(group) ? parsed.get(group as DetailGroup) : undefined;
  const pages = file && isRecord(file.data) ? file.data["pages"] : undefined;
  const record = Array.isArray(pages) ? pages.find((candidate) => isRecord(candidate) && candidate["id"] === id) : null;
  if (!isRecord(record)) return { error: `refers to ${page}, which is not a service page of the content files` };
  const rows: unknown = record["visaTypes"] ?? record["priceRows"];
  const named = Array.isArray(rows) ? rows.filter(isRecord) : [];
  const nameOf = (row: Record<string, unknown>) => String(row["title"] ?? row["type"] ?? "");
  const row = named.find((candidate) => nameOf(candidate) === rowName);
  if (row === undefined) {
    const names = named.map((candidate) => `"${nameOf(candidate)}"`).join(", ");
    return { error: `refers to a row "${rowName}" that ${page} does not have (its rows: ${names})` };
  }
  const price = row["price"];
  if (typeof price === "string" && priceFormat.test(price)) return { price };
  // A price written wrong there is reported there.
  if (price !== "" && price !== undefined) return { targetWrong: true };
  return { error: `refers to the row "${rowName}" of ${page}, which has no price of its own` };
}

/** Fills in each price written as a reference; returns the fields whose reference is wrong, already reported. */
function resolvePriceReferences(parsed: ReadonlyMap<ContentFileName, ParsedFile>, problems: string[]): Set<string> {
  const reported = new Set<string>();
  for (const file of parsed.values()) {
    for (const { path, holder } of referencingFields(file)) {
      const written = String(holder["price"]);
      if (!written.startsWith("same as")) continue;
      const match = referencePattern.exec(written.trim());
      const pricePath = [...path, "price"];
      const found =
        match === null
          ? { error: `expected a reference such as "${referenceExample}"` }
          : lookUp(parsed, match[1] ?? "", Number(match[2]), (match[3] ?? "").trim());
      if ("price" in found) {
        holder["price"] = found.price;
        continue;
      }
      if ("error" in found) problems.push(problem(file, pricePath, found.error));
      reported.add(fieldKey(file.name, pricePath));
    }
  }
  return reported;
}

function fieldKey(name: ContentFileName, path: Path): string {
  return JSON.stringify([name, ...path]);
}

/* Photos ------------------------------------------------------------------------------------------ */

/** A record's `image` field that names a photo of content/images, and where it is. */
export interface PhotoReference extends Place {
  photo: PhotoName;
}

/** Every `image` field of the file that names a photo, in the file's order. */
function photoReferences(file: ParsedFile): PhotoReference[] {
  const found: PhotoReference[] = [];
  const walk = (value: unknown, path: Path) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, [...path, index]));
    } else if (isRecord(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (key === "image" && typeof item === "string" && isPhotoName(item)) {
          found.push({ photo: item, ...placeOf(file, [...path, key]) });
        } else {
          walk(item, [...path, key]);
        }
      }
    }
  };
  walk(file.data, []);
  return found;
}

/* The whole folder --------------------------------------------------------------------------------- */

/** Reads and checks every content file; throws a ContentError listing every mistake found. */
export function readContent(dir: string = contentDir): ContentFiles {
  return readContentAndPhotos(dir).files;
}

/** The checked files, and the photos their records name (checked when they are made: scripts/photos.ts). */
export function readContentAndPhotos(dir: string = contentDir): { files: ContentFiles; photos: PhotoReference[] } {
  const problems: string[] = [];
  const known = new Set(contentFileNames.map((name) => `${name}.yaml`));
  for (const entry of readdirSync(dir)) {
    if (/\.ya?ml$/i.test(entry) && !known.has(entry)) {
      problems.push(`${entry}: not a content file of this site (they are: ${[...known].join(", ")})`);
    }
  }
  const parsed = new Map<ContentFileName, ParsedFile>();
  for (const name of contentFileNames) {
    const file = parseFile(dir, name, problems);
    if (file === undefined) continue;
    numberRows(file, problems);
    parsed.set(name, file);
  }
  const reported = resolvePriceReferences(parsed, problems);

  const checked: Partial<Record<ContentFileName, unknown>> = {};
  for (const file of parsed.values()) {
    const result = fileSchemas[file.name].safeParse(file.data, { reportInput: true });
    if (result.success) {
      checked[file.name] = result.data;
      continue;
    }
    for (const issue of result.error.issues) {
      if (reported.has(fieldKey(file.name, issue.path))) continue;
      if (issue.code === "unrecognized_keys") {
        for (const key of issue.keys) {
          problems.push(problem(file, [...issue.path, key], "unknown field: check its spelling, or remove it"));
        }
      } else {
        problems.push(problem(file, issue.path, describeIssue(issue)));
      }
    }
  }
  if (problems.length > 0) throw new ContentError(problems);
  // Every file was parsed and checked against its own schema just above.
  return { files: checked as ContentFiles, photos: [...parsed.values()].flatMap(photoReferences) };
}

/* What the site's modules get ------------------------------------------------------------------------ */

/** content/enquiry-form.yaml but its offline messages (the module "offline-messages"). */
function visaChoices({ placeholder, dubaiVisaOptions, generalVisaOptions, defaults }: ContentFiles["enquiry-form"]) {
  return { placeholder, dubaiVisaOptions, generalVisaOptions, defaults };
}

/**
 * The data of each module in ./data, from the checked files: each key is one named export of the module (so a
 * bundle keeps only what a page uses). A page loads only the modules it shows: the layout's (site), the forms'
 * (enquiry-form), its own page's.
 */
export function contentModules(files: ContentFiles) {
  const groups = <T>(pick: (group: DetailGroup) => T) =>
    Object.fromEntries(detailGroups.map((group) => [group, pick(group)])) as Record<DetailGroup, T>;
  return {
    site: {
      ...files.site,
      groupTitles: groups((group) => files[group].title),
      // Four titles each: detailGroupFileSchema holds every group to its pages 1-4.
      pageTitles: groups((group) => {
        const [one = "", two = "", three = "", four = ""] = files[group].pages.map((page) => page.title);
        return [one, two, three, four] as const;
      }),
    },
    "enquiry-form": visaChoices(files["enquiry-form"]),
    // Apart: what a form says when the phone is offline is read by every form and by the kept enquiries' sender
    // (app/lib/forms/kept-sender.ts), which the Contact page and pages without a form load too: not the visa options.
    "offline-messages": { offline: files["enquiry-form"].offline },
    home: files.home,
    about: { about: files.about },
    services: { services: files.services },
    contact: files.contact,
    privacy: { privacy: files.privacy },
    details: { detailRecords: groups((group): DetailRecord[] => files[group].pages) },
  };
}

export type ContentModules = ReturnType<typeof contentModules>;
export type ContentModuleName = keyof ContentModules;
export const contentModuleNames: readonly ContentModuleName[] = [
  "site",
  "enquiry-form",
  "offline-messages",
  "home",
  "about",
  "services",
  "contact",
  "privacy",
  "details",
];

/** A fingerprint of the folder's YAML files (names, sizes, times): reading again only when it changes. */
function folderStamp(dir: string): string {
  return readdirSync(dir)
    .filter((entry) => /\.ya?ml$/i.test(entry))
    .sort()
    .map((entry) => {
      const stat = statSync(join(dir, entry));
      return `${entry}:${stat.size}:${stat.mtimeMs}`;
    })
    .join("|");
}

interface LoadedContent {
  modules: ContentModules;
  photos: PhotoReference[];
}

const cache = new Map<string, { stamp: string; content: LoadedContent }>();

/** The modules' data and the photos named, from the content files of `dir`, read again when a file changes. */
export function loadContent(dir: string = contentDir): LoadedContent {
  const stamp = folderStamp(dir);
  const cached = cache.get(dir);
  if (cached?.stamp === stamp) return cached.content;
  const { files, photos } = readContentAndPhotos(dir);
  const content = { modules: contentModules(files), photos };
  cache.set(dir, { stamp, content });
  return content;
}

/** The modules' data from the content files of `dir`, read again whenever a file there changes. */
export function loadContentModules(dir: string = contentDir): ContentModules {
  return loadContent(dir).modules;
}

/** One module's data: what ./data/<name>.ts exports when it runs in Node rather than in a Vite build. */
export function contentModule<Name extends ContentModuleName>(name: Name): ContentModules[Name] {
  return loadContentModules()[name];
}

/**
 * Each content file's SHA-256, by file name: app/content/delivered-content.json keeps them as the files were
 * delivered, so that spec-contract.test.ts knows which files the agency has changed since.
 */
export function contentFingerprints(dir: string = contentDir): Record<string, string> {
  return Object.fromEntries(
    contentFileNames.map((name) => {
      const file = `${name}.yaml`;
      return [
        file,
        createHash("sha256")
          .update(readFileSync(join(dir, file)))
          .digest("hex"),
      ];
    }),
  );
}
