/**
 * The editor's (/admin, Decap CMS) configuration, generated from the content schemas (app/content/schema.ts)
 * at build time, so the editor's forms and the checks of the build cannot drift apart: every field of every
 * content file becomes a form field of the same name, required where the schema wants a value, a choice where
 * the schema allows a fixed list, a list where it wants a list, with the price pattern on every price. A schema
 * construct this module does not know stops the build (and its unit test) with the field's path, rather than
 * giving the owner a form that writes something the build then refuses.
 *
 * The editor opens on a "Prices" collection: one entry per file with prices, showing only the prices (and what
 * names them) in open lists, so a price is two clicks from the start. Every collection saves with the format of
 * scripts/editor/yaml-in-place.ts, which changes a file only where the form changed it.
 */
import type { z } from "zod";
import { detailGroups, pagePaths } from "../app/lib/paths.ts";
import { illustrationNames } from "../app/content/illustrations.ts";
import { contentFileNames, fileSchemas, type ContentFileName } from "../app/content/load.ts";
import { priceFormat } from "../app/content/price.ts";
import type { CmsSettings } from "../server/admin.ts";
import { inPlaceFormat, pictureWidget } from "./editor/names.ts";
import { officeCollectionLabel, repliesFieldWords, repliesFile, repliesFileLabel } from "./cms-office.ts";
import { repliesFileSchema } from "../server/office/reply-texts.ts";
import { papersCollectionLabel, papersFieldWords, papersFile, papersFileLabel, type FieldWords } from "./cms-papers.ts";
import { papersFileSchema } from "../server/papers/papers-schema.ts";
import { chargesCollectionLabel, chargesFieldWords, chargesFile, chargesFileLabel } from "./cms-charges.ts";
import { chargesFileSchema } from "../server/invoices/charges-schema.ts";
import { appPathSchema, imageSchema, optionalPriceSchema, priceSchema } from "../app/content/schema.ts";

/** Where the owner's photos go (agreed with content/images/README.md): uploads land here… */
export const mediaFolder = "content/images";
/** …and a record names one as `images/<file name>`, relative to the content files. */
export const publicFolder = "images";

/** The fields of Decap's configuration that this site uses. */
export interface CmsField {
  name: string;
  label: string;
  widget: "string" | "text" | "number" | "boolean" | "select" | typeof pictureWidget | "list" | "object" | "hidden";
  required?: boolean;
  /** A yes/no's value in a new item (Decap's boolean widget writes nothing until it is switched, otherwise). */
  default?: boolean;
  hint?: string;
  pattern?: [string, string];
  options?: string[];
  fields?: CmsField[];
  field?: CmsField;
  types?: CmsListType[];
  typeKey?: string;
  min?: number;
  max?: number;
  allow_add?: boolean;
  allow_remove?: boolean;
  allow_reorder?: boolean;
  value_type?: "int";
  choose_url?: boolean;
  summary?: string;
  /** A list: false shows its items open (Decap folds them by default). */
  collapsed?: boolean;
}

export interface CmsListType {
  name: string;
  label: string;
  widget: "object";
  fields: CmsField[];
  summary?: string;
  /** Decap reads these of an item's layout, not of its list, for the item's remove (×) and move handles. */
  allow_remove?: boolean;
  allow_reorder?: boolean;
}

/** A list whose items the owner edits, never adds, removes or moves; for a list with layouts, each layout too. */
function fixedItems(field: CmsField): CmsField {
  const fixed = { allow_add: false, allow_remove: false, allow_reorder: false } as const;
  const types = field.types?.map((type) => ({ ...type, allow_remove: false, allow_reorder: false }));
  return { ...field, ...fixed, ...(types ? { types } : {}) };
}

export interface CmsFile {
  /**
   * A content file's name, the back office's replies (./cms-office.ts), the papers it asks for (./cms-papers.ts) or
   * the charges on its invoices (./cms-charges.ts).
   */
  name: ContentFileName | "replies" | "papers" | "charges";
  label: string;
  file: string;
  fields: CmsField[];
}

export interface CmsCollection {
  name: string;
  label: string;
  extension: "yaml";
  format: typeof inPlaceFormat;
  editor: { preview: false };
  files: CmsFile[];
}

/* Words the owner sees --------------------------------------------------------------------------------------- */

/**
 * Form labels for the schemas' field names; any other name is shown spelled out ("whatsappGreeting" → "Whatsapp
 * greeting"). Decap shows labels in capitals and adds "(optional)" to a field that may stay empty: a label
 * never says it itself.
 */
const labels: Record<string, string> = {
  title: "Title",
  title2: "Heading of the prices",
  title3: "Heading of the documents checklist",
  content3: "Documents required (one line each)",
  title4: "Section 4: heading",
  content4: "Section 4: paragraphs",
  title5: "Section 5: heading",
  content5: "Section 5: paragraphs",
  title6: "Section 6: heading",
  content6: "Section 6: paragraphs",
  title7: "Section 7: heading",
  content7: "Section 7: paragraphs",
  content: "Paragraphs",
  subTitle: "One-line summary",
  priceRows: "Prices (each with a View Details button)",
  visaTypes: "Prices and details (one row each)",
  pages: "Pages",
  price: "Price",
  image: "Picture",
  imageAlt: "Picture description (for blind visitors; empty when decorative)",
  alt: "Picture description (for blind visitors; empty when decorative)",
  link: "Page it opens",
  type: "Service",
  // The two layouts of a service page (`kind`), shown above each page of a group.
  overview: "Page with a price list (View Details buttons)",
  grid: "Page with a price table",
};

/** Labels that depend on the list a field is in: the rows of a price table. */
const rowLabels: Record<string, Record<string, string>> = {
  visaTypes: { title: "Row name", content: "Row text" },
};

function labelOf(name: string): string {
  const known = labels[name];
  if (known !== undefined) return known;
  const words = name.replace(/([a-z])([A-Z0-9])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const fileLabels: Record<ContentFileName, string> = {
  site: "Opening hours, address, menu and footer",
  "enquiry-form": "Enquiry form: visa type choices and offline messages",
  home: "Home page",
  about: "About page",
  services: "Services page",
  contact: "Contact page",
  privacy: "Privacy page",
  "dubai-visa": "Dubai Visa pages",
  "tourist-visa": "Tourist Visa pages",
  "visa-changes": "Visa Change pages",
  "visa-documents": "Visa Documents pages",
  "visa-packages": "Visa Packages pages",
};

/* Prices --------------------------------------------------------------------------------------------------- */

const priceSource = priceFormat.source.replace(/^\^/, "").replace(/\$$/, "");
/** A price, or (where app/content/load.ts fills one in: home cards, overview price rows) a reference to one. */
export const priceOrReferencePattern = `^(${priceSource}|same as /[a-z-]+/[0-9]+ *, *.+)$`;
export const optionalPricePattern = `^(${priceSource})?$`;
const priceHint =
  "As the page shows it: AED 190.00, AED 1,490.00. Or the same as a price on a service page: " +
  "same as /visa-changes/2, Airport to Airport";

/* From schema to field ---------------------------------------------------------------------------------------- */

type Schema = z.core.$ZodType;
type Shape = Record<string, Schema>;

/** Where in the schemas the generator is, for its error messages. */
type Where = string;

function accepts(schema: Schema, value: unknown): boolean {
  return (schema as unknown as z.ZodType).safeParse(value).success;
}

/** The schemas that stand for a kind of field of their own, by identity. */
function knownLeaf(schema: Schema, name: string): Omit<CmsField, "name" | "label"> | undefined {
  if (schema === priceSchema) {
    return {
      widget: "string",
      pattern: [priceOrReferencePattern, "expected a price such as AED 190.00"],
      hint: priceHint,
    };
  }
  if (schema === optionalPriceSchema) {
    return {
      widget: "string",
      required: false,
      pattern: [optionalPricePattern, "expected a price such as AED 190.00, or nothing"],
      hint: "As the page shows it: AED 190.00, AED 1,490.00; empty when the row shows text instead",
    };
  }
  if (schema === appPathSchema) return { widget: "select", options: [...pagePaths] };
  if (schema === imageSchema) {
    return {
      widget: pictureWidget,
      choose_url: false,
      hint:
        `One of the site's ${illustrationNames.length} drawings, shown here as the page shows it, or a photo ` +
        `(choose "A photo", then upload it or pick one; it is saved in ${mediaFolder})`,
    };
  }
  // Numbered by the loader (page ids are part of the page's address): shown to nobody, kept as it is.
  if (name === "id" && (schema._zod.def.type === "number" || schema._zod.def.type === "int")) {
    return { widget: "hidden" };
  }
  return undefined;
}

function innerOf(schema: Schema): Schema {
  const def = schema._zod.def as { innerType?: Schema };
  if (def.innerType === undefined) throw new Error("cms-config: a wrapper schema without an inner type");
  return def.innerType;
}

/** A Decap field for the schema of field `name`. */
export function fieldOf(name: string, schema: Schema, where: Where): CmsField {
  const base = { name, label: labelOf(name) };
  const leaf = knownLeaf(schema, name);
  if (leaf !== undefined) return { ...base, ...leaf };
  const def = schema._zod.def;
  switch (def.type) {
    case "optional":
      return { ...fieldOf(name, innerOf(schema), where), required: false };
    case "default": {
      const inner = fieldOf(name, innerOf(schema), where);
      const value = (def as unknown as { defaultValue: unknown }).defaultValue;
      return {
        ...inner,
        ...(inner.widget === "boolean" && typeof value === "boolean" ? { default: value } : {}),
        required: false,
      };
    }
    case "boolean":
      // A switch; a new item's starts off, so that the file always gets true or false.
      return { ...base, widget: "boolean", default: false };
    case "string":
      return accepts(schema, "") ? { ...base, widget: "string", required: false } : { ...base, widget: "string" };
    case "number":
      return { ...base, widget: "number", value_type: "int" };
    case "enum":
      return {
        ...base,
        widget: "select",
        options: Object.values((def as unknown as { entries: Record<string, string> }).entries),
      };
    case "object":
      return { ...base, widget: "object", fields: fieldsOf((def as unknown as { shape: Shape }).shape, where) };
    case "record": {
      const { keyType, valueType } = def as unknown as { keyType: Schema; valueType: Schema };
      if (keyType._zod.def.type !== "enum") throw new Error(`cms-config: ${where}: a record needs an enum of keys`);
      const keys = Object.values((keyType._zod.def as unknown as { entries: Record<string, string> }).entries);
      return {
        ...base,
        widget: "object",
        fields: keys.map((key) => fieldOf(key, valueType, `${where}.${key}`)),
      };
    }
    case "tuple": {
      const items = (def as unknown as { items: Schema[] }).items;
      const [first] = items;
      if (first === undefined || items.some((item) => item !== first)) {
        throw new Error(`cms-config: ${where}: a tuple's items must share one schema`);
      }
      const list = listOf(base, first, where);
      return { ...list, min: items.length, max: items.length, allow_add: false, allow_remove: false };
    }
    case "array": {
      const element = (def as unknown as { element: Schema }).element;
      const list = listOf(base, element, where);
      if (!accepts(schema, [])) list.min = 1;
      return list;
    }
    default:
      throw new Error(`cms-config: ${where}: no editor field for a schema of type "${def.type}"`);
  }
}

function listOf(base: { name: string; label: string }, element: Schema, where: Where): CmsField {
  const def = element._zod.def;
  const item = `${where}[]`;
  if (def.type === "union" && "discriminator" in def) {
    const key = String(def.discriminator);
    const options = (def as unknown as { options: Schema[] }).options;
    return {
      ...base,
      widget: "list",
      typeKey: key,
      types: options.map((option) => {
        const shape = (option._zod.def as unknown as { shape: Shape }).shape;
        const kind = shape[key]?._zod.def as { type: string; values?: unknown[] } | undefined;
        const value = kind?.type === "literal" ? kind.values?.[0] : undefined;
        if (typeof value !== "string") throw new Error(`cms-config: ${item}: ${key} must be a literal text`);
        const rest = Object.fromEntries(Object.entries(shape).filter(([name]) => name !== key));
        const fields = fieldsOf(rest, `${item}(${value})`);
        return { name: value, label: labelOf(value), widget: "object", fields, ...summaryOf(fields) };
      }),
    };
  }
  if (def.type === "object") {
    const own = rowLabels[base.name] ?? {};
    const fields = (fieldOf("item", element, item).fields ?? []).map((field) => ({
      ...field,
      label: own[field.name] ?? field.label,
    }));
    return { ...base, widget: "list", fields, ...summaryOf(fields) };
  }
  // A list of plain values: each on its own line of the form. Texts in a list are paragraphs or lines.
  const field = fieldOf(base.name, element, item);
  return { ...base, widget: "list", field: field.widget === "string" ? { ...field, widget: "text" } : field };
}

function summaryOf(fields: readonly CmsField[]): { summary?: string } {
  const first = fields.find((field) => field.widget === "string" || field.widget === "select");
  const price = fields.find((field) => field.name === "price");
  if (first === undefined) return {};
  return {
    summary:
      price && price !== first ? `{{fields.${first.name}}}: {{fields.${price.name}}}` : `{{fields.${first.name}}}`,
  };
}

export function fieldsOf(shape: Shape, where: Where): CmsField[] {
  return Object.entries(shape).map(([name, schema]) => fieldOf(name, schema, where ? `${where}.${name}` : name));
}

/** The fields of a content file's form: the fields of its schema, in the schema's order. */
export function fileFields(name: ContentFileName): CmsField[] {
  const def = fileSchemas[name]._zod.def as unknown as { type: string; shape?: Shape };
  if (def.type !== "object" || def.shape === undefined) throw new Error(`cms-config: ${name}: not an object schema`);
  const fields = fieldsOf(def.shape, `${name}.yaml`);
  if ((detailGroups as readonly string[]).includes(name)) {
    // Pages 1-4 are the pages of the group's addresses: the owner edits them, never adds or removes one.
    return fields.map((field) => (field.name === "pages" ? fixedItems(field) : field));
  }
  return fields;
}

/* The prices, two clicks away ---------------------------------------------------------------------------------- */

/** A list shown open, whose rows the owner changes but does not add, remove or move (the full form does that). */
const openList = (field: CmsField): CmsField => ({ ...fixedItems(field), collapsed: false });

function hasPrice(field: CmsField): boolean {
  return field.widget === "list" && (field.fields ?? []).some((row) => row.name === "price");
}

/**
 * The fields of a content file that hold prices, and just enough around them to tell which price is which: each
 * page's heading, each row's name (and a table row's text). Lists are open, so the price fields show at once.
 * The fields left out stay in the file as they are (Decap saves the values it read, form or no form).
 */
export function priceFields(fields: readonly CmsField[]): CmsField[] {
  return fields.flatMap((field): CmsField[] => {
    if (hasPrice(field)) {
      const rows = (field.fields ?? []).filter((row) => ["string", "text"].includes(row.widget));
      const price = rows.filter((row) => row.name === "price");
      const [name, ...rest] = rows.filter((row) => row.name !== "price");
      return [openList({ ...field, fields: [...(name ? [name] : []), ...price, ...rest] })];
    }
    if (field.widget === "list" && field.types !== undefined) {
      const types = field.types.flatMap((type) => {
        const prices = priceFields(type.fields);
        const heading = type.fields.find((page) => page.name === "title");
        if (prices.length === 0) return [];
        return [{ ...type, fields: [...(heading ? [{ ...heading, label: "Page heading" }] : []), ...prices] }];
      });
      return types.length === 0 ? [] : [openList({ ...field, types })];
    }
    return [];
  });
}

/** The content files with prices, in the order of the Prices collection. */
const priceFiles: readonly ContentFileName[] = [...detailGroups, "home"];

const priceLabels: Partial<Record<ContentFileName, string>> = { home: "Home page: prices on the cards" };

function pricesCollection(): CmsCollection {
  return {
    name: "prices",
    label: "Prices",
    extension: "yaml",
    format: inPlaceFormat,
    editor: { preview: false },
    files: priceFiles.map((name) => ({
      name,
      label: priceLabels[name] ?? fileLabels[name].replace(/ pages$/, " prices"),
      file: `content/${name}.yaml`,
      fields: priceFields(fileFields(name)),
    })),
  };
}

/* Every content file, whole --------------------------------------------------------------------------------------- */

const collectionsOf: { name: string; label: string; files: readonly ContentFileName[] }[] = [
  { name: "services", label: "Service pages (all texts, pictures and prices)", files: detailGroups },
  {
    name: "pages",
    label: "Home, About, Services, Contact, Privacy",
    files: ["home", "about", "services", "contact", "privacy"],
  },
  { name: "site", label: "Whole site", files: ["site", "enquiry-form"] },
];

/* The back office's replies (issue 37) ---------------------------------------------------------------------------- */

/**
 * A field of an office file in the owner's words (./cms-office.ts, ./cms-papers.ts), and the fields it holds: the
 * words of its path ("checklists.papers") where given, else of its name.
 */
function officeField(words: Record<string, FieldWords>, field: CmsField, parent = ""): CmsField {
  const path = parent === "" ? field.name : `${parent}.${field.name}`;
  const own = words[path] ?? words[field.name];
  const fields = field.fields?.map((inner) => officeField(words, inner, path));
  if (own === undefined) return { ...field, ...(fields ? { fields } : {}) };
  const { label, hint, multiline, pattern, item, summary, open } = own;
  return {
    ...field,
    label,
    ...(hint ? { hint } : {}),
    ...(pattern ? { pattern } : {}),
    ...(multiline ? { widget: "text" as const } : {}),
    ...(fields ? { fields } : {}),
    ...(item && field.field ? { field: { ...field.field, widget: "string" as const, ...item } } : {}),
    ...(summary ? { summary } : {}),
    ...(open ? { collapsed: false } : {}),
  };
}

function officeCollection(): CmsCollection {
  const fields = fieldsOf(repliesFileSchema.shape, "office/replies.yaml").map((field) =>
    officeField(repliesFieldWords, field),
  );
  return {
    name: "office",
    label: officeCollectionLabel,
    extension: "yaml",
    format: inPlaceFormat,
    editor: { preview: false },
    files: [{ name: "replies", label: repliesFileLabel, file: repliesFile, fields }],
  };
}

/* The papers each service needs (issue 56) ------------------------------------------------------------------------ */

function papersCollection(): CmsCollection {
  const def = papersFileSchema._zod.def as unknown as { type: string; shape?: Shape };
  if (def.shape === undefined) throw new Error("cms-config: office/papers.yaml: not an object schema");
  const fields = fieldsOf(def.shape, "office/papers.yaml").map((field) => officeField(papersFieldWords, field));
  return {
    name: "papers",
    label: papersCollectionLabel,
    extension: "yaml",
    format: inPlaceFormat,
    editor: { preview: false },
    files: [{ name: "papers", label: papersFileLabel, file: papersFile, fields }],
  };
}

/* The charges on the invoices (issue 58) ------------------------------------------------------------------------- */

function chargesCollection(): CmsCollection {
  const def = chargesFileSchema._zod.def as unknown as { type: string; shape?: Shape };
  if (def.shape === undefined) throw new Error("cms-config: office/charges.yaml: not an object schema");
  const fields = fieldsOf(def.shape, "office/charges.yaml").map((field) => officeField(chargesFieldWords, field));
  return {
    name: "charges",
    label: chargesCollectionLabel,
    extension: "yaml",
    format: inPlaceFormat,
    editor: { preview: false },
    files: [{ name: "charges", label: chargesFileLabel, file: chargesFile, fields }],
  };
}

/**
 * The editor's collections: the prices first (where the editor opens), then every content file whole, then the
 * back office's: the papers each service needs, the charges on the invoices, and the replies.
 */
export function cmsCollections(): CmsCollection[] {
  const listed = collectionsOf.flatMap((collection) => collection.files);
  const missing = contentFileNames.filter((name) => !listed.includes(name));
  if (missing.length > 0) throw new Error(`cms-config: content files not in the editor: ${missing.join(", ")}`);
  const whole = collectionsOf.map((collection): CmsCollection => ({
    name: collection.name,
    label: collection.label,
    extension: "yaml",
    format: inPlaceFormat,
    editor: { preview: false },
    files: collection.files.map((name) => ({
      name,
      label: fileLabels[name],
      file: `content/${name}.yaml`,
      fields: fileFields(name),
    })),
  }));
  return [pricesCollection(), ...whole, papersCollection(), chargesCollection(), officeCollection()];
}

/* Where the editor saves ------------------------------------------------------------------------------------- */

/** Decap's configuration object for CMS.init({ config }). */
export function cmsConfig(settings: CmsSettings, siteUrl: string) {
  const backend: Record<string, unknown> = { name: settings.backend, branch: settings.branch };
  if (settings.repo !== "") backend["repo"] = settings.repo;
  if (settings.backend === "github" && settings.authUrl !== undefined) backend["base_url"] = settings.authUrl;
  if (settings.backend === "gitlab") {
    if (settings.authUrl !== undefined) {
      backend["base_url"] = settings.authUrl;
      backend["api_root"] = `${settings.authUrl}/api/v4`;
    }
    if (settings.gitlabAppId !== undefined) {
      backend["auth_type"] = "pkce";
      backend["app_id"] = settings.gitlabAppId;
    }
  }
  backend["commit_messages"] = {
    update: "Content: {{path}} changed in the editor",
    uploadMedia: "Photo: {{path}} uploaded in the editor",
    deleteMedia: "Photo: {{path}} deleted in the editor",
  };
  return {
    load_config_file: false,
    backend,
    ...(settings.localBackend === undefined ? {} : { local_backend: { url: settings.localBackend } }),
    site_url: siteUrl,
    display_url: siteUrl,
    media_folder: mediaFolder,
    public_folder: publicFolder,
    collections: cmsCollections(),
  };
}
