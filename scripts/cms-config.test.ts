import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { contentDir, contentFileNames } from "../app/content/load";
import { readCmsSettings } from "../server/admin";
import { serviceReference } from "../server/invoices/charges-schema";
import { cmsCollections, cmsConfig, fieldOf, type CmsField } from "./cms-config";
import { inPlaceFormat, pictureWidget } from "./editor/names";

/**
 * Walks a content file as written against the editor's fields and lists every disagreement: a key the form does
 * not have, a required field the file leaves out, a value outside a field's choices or pattern, a value of another
 * type than the field's (a number, a yes/no, a text).
 */
function disagreements(value: unknown, field: CmsField, path: string): string[] {
  if (field.widget === "hidden") return [];
  if (value === undefined)
    return field.required === false ? [] : [`${path}: required by the form, missing in the file`];
  if (field.widget === "object") return objectDisagreements(value, field.fields ?? [], path);
  if (field.widget === "list") {
    if (!Array.isArray(value)) return [`${path}: the form has a list`];
    return value.flatMap((item: unknown, index) => {
      const at = `${path}[${index + 1}]`;
      if (field.field) return disagreements(item, field.field, at);
      if (field.types) {
        const kind = (item as Record<string, unknown>)[field.typeKey ?? "type"];
        const type = field.types.find((candidate) => candidate.name === kind);
        if (type === undefined) return [`${at}: no form for ${String(kind)}`];
        const rest = Object.fromEntries(
          Object.entries(item as Record<string, unknown>).filter(([key]) => key !== field.typeKey),
        );
        return objectDisagreements(rest, type.fields, at);
      }
      return objectDisagreements(item, field.fields ?? [], at);
    });
  }
  if (field.widget === "select" && !field.options?.includes(String(value)))
    return [`${path}: "${String(value)}" not a choice`];
  if (field.pattern && !new RegExp(field.pattern[0]).test(String(value)))
    return [`${path}: "${String(value)}" fails the pattern`];
  if (field.widget === "number") return typeof value === "number" ? [] : [`${path}: the form has a number`];
  if (field.widget === "boolean") {
    return typeof value === "boolean" ? [] : [`${path}: the form has a yes/no, the file ${JSON.stringify(value)}`];
  }
  return typeof value === "string" ? [] : [`${path}: the form has text, the file ${typeof value}`];
}

function objectDisagreements(value: unknown, fields: readonly CmsField[], path: string): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [`${path}: the form has a group`];
  const record = value as Record<string, unknown>;
  const names = new Set(fields.map((field) => field.name));
  return [
    ...Object.keys(record)
      .filter((key) => !names.has(key))
      .map((key) => `${path}.${key}: in the file, not in the form`),
    ...fields.flatMap((field) => disagreements(record[field.name], field, `${path}.${field.name}`)),
  ];
}

/** Every label of a form, with where it is: fields, the layouts of a list, and what those hold. */
function labelsOf(fields: readonly CmsField[], path: string): { path: string; label: string; optional: boolean }[] {
  return fields.flatMap((field) => [
    { path: `${path}.${field.name}`, label: field.label, optional: field.required === false },
    ...labelsOf(field.fields ?? [], `${path}.${field.name}`),
    ...labelsOf(field.field ? [field.field] : [], `${path}.${field.name}`),
    ...(field.types ?? []).flatMap((type) => [
      { path: `${path}.${field.name}(${type.name})`, label: type.label, optional: false },
      ...labelsOf(type.fields, `${path}.${field.name}(${type.name})`),
    ]),
  ]);
}

/** The paths of every price in a file's values, with list positions as [] ("pages[].visaTypes[].price"). */
function pricePaths(value: unknown, path: string): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => pricePaths(item, `${path}[]`)))];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === "price" ? [`${path}.${key}`] : pricePaths(item, `${path}.${key}`),
  );
}

/** The same paths, as a form reaches them (a list with layouts reaches what any of its layouts has). */
function formPaths(fields: readonly CmsField[], path: string): string[] {
  return fields.flatMap((field) => {
    const here = `${path}.${field.name}`;
    if (field.widget !== "list") return [here];
    const inner = [...(field.fields ?? []), ...(field.types ?? []).flatMap((type) => type.fields)];
    return formPaths(inner, `${here}[]`);
  });
}

describe("the editor's configuration, generated from the content schemas", () => {
  const collections = cmsCollections();
  // Each content file once, whole (the Prices collection shows parts of some again; the office's replies and papers
  // are not a page's content file: their own tests below).
  const files = collections
    .filter((collection) => !["prices", "office", "papers", "charges"].includes(collection.name))
    .flatMap((collection) => collection.files);

  it("has a form for every content file, saving to that file", () => {
    expect(files.map((file) => file.name).sort()).toEqual([...contentFileNames].sort());
    for (const file of files) expect(file.file).toBe(`content/${file.name}.yaml`);
  });

  it("has a field for every field of every content file as delivered, and requires none the files leave out", () => {
    for (const file of files) {
      const data: unknown = parse(readFileSync(join(contentDir, `${file.name}.yaml`), "utf8"));
      expect(objectDisagreements(data, file.fields, file.name), file.name).toEqual([]);
    }
  });

  it("checks prices with the site's pattern, references where the loader fills them in", () => {
    const service = files.find((file) => file.name === "visa-changes");
    const pages = service?.fields.find((field) => field.name === "pages");
    const grid = pages?.types?.find((type) => type.name === "grid");
    const row = grid?.fields.find((field) => field.name === "visaTypes")?.fields;
    const price = row?.find((field) => field.name === "price");
    const pattern = new RegExp(price?.pattern?.[0] ?? "^$");
    for (const good of ["AED 190.00", "AED 1,490.00", ""]) expect(pattern.test(good), good).toBe(true);
    for (const bad of ["AED 590", "190", "AED 1490.00", "same as /visa-changes/2, Airport to Airport"]) {
      expect(pattern.test(bad), bad).toBe(false);
    }
    const home = files.find((file) => file.name === "home");
    const cardPrice = home?.fields
      .find((field) => field.name === "cards")
      ?.fields?.find((field) => field.name === "price");
    expect(new RegExp(cardPrice?.pattern?.[0] ?? "^$").test("same as /visa-changes/2, Airport to Airport")).toBe(true);
    expect(cardPrice?.required).not.toBe(false);
  });

  it("lets the owner edit the four pages of a group but not add or remove one", () => {
    const pages = files.find((file) => file.name === "dubai-visa")?.fields.find((field) => field.name === "pages");
    expect(pages).toMatchObject({ widget: "list", typeKey: "kind", allow_add: false, allow_remove: false });
    expect(pages?.types?.map((type) => type.name)).toEqual(["overview", "grid"]);
    for (const type of pages?.types ?? []) expect(type).toMatchObject({ allow_remove: false, allow_reorder: false });
  });

  it("opens on the prices: one entry per file with prices, every price of the file in it, in open lists", () => {
    const [prices] = collections;
    expect(prices).toMatchObject({ name: "prices", label: "Prices" });
    const priced = contentFileNames.filter(
      (name) => pricePaths(parse(readFileSync(join(contentDir, `${name}.yaml`), "utf8")), name).length > 0,
    );
    expect(prices?.files.map((file) => file.name).sort()).toEqual([...priced].sort());
    for (const file of prices?.files ?? []) {
      const data: unknown = parse(readFileSync(join(contentDir, `${file.name}.yaml`), "utf8"));
      const reached = formPaths(file.fields, file.name);
      for (const price of pricePaths(data, file.name)) expect(reached, file.name).toContain(price);
    }
    const visaChanges = prices?.files.find((file) => file.name === "visa-changes");
    expect(visaChanges?.label).toBe("Visa Change prices");
    const [pages] = visaChanges?.fields ?? [];
    expect(pages).toMatchObject({ name: "pages", collapsed: false, allow_add: false, allow_remove: false });
    const grid = pages?.types?.find((type) => type.name === "grid");
    expect(grid?.fields.map((field) => field.name)).toEqual(["title", "visaTypes"]);
    const rows = grid?.fields.find((field) => field.name === "visaTypes");
    expect(rows).toMatchObject({ collapsed: false, allow_add: false, allow_remove: false });
    expect(rows?.fields?.map((field) => field.name)).toEqual(["title", "price", "content"]);
    const overview = pages?.types?.find((type) => type.name === "overview");
    expect(overview?.fields.find((field) => field.name === "priceRows")?.fields?.map((f) => f.name)).toEqual([
      "type",
      "price",
    ]);
  });

  it("labels in the agency's words: no grid, and no label saying (optional), which Decap adds itself", () => {
    for (const collection of collections) {
      for (const file of collection.files) {
        for (const { path, label } of labelsOf(file.fields, `${collection.name}/${file.name}`)) {
          expect(label, path).not.toMatch(/\bgrid\b/i);
          expect(label, path).not.toMatch(/optional/i);
        }
        expect(file.label).not.toMatch(/\bgrid\b/i);
      }
    }
  });

  it("edits every file in place, and shows the drawings and photos with the picture field", () => {
    for (const collection of collections) expect(collection.format, collection.name).toBe(inPlaceFormat);
    const pictures = files.flatMap((file) => labelsOf(file.fields, file.name)).filter((f) => /\.image$/.test(f.path));
    expect(pictures.length).toBeGreaterThan(10);
    const home = files.find((file) => file.name === "home");
    const card = home?.fields.find((field) => field.name === "cards")?.fields?.find((field) => field.name === "image");
    expect(card).toMatchObject({ widget: pictureWidget, choose_url: false });
  });

  it("edits the office's replies (issue 37): the greetings and the ready texts, as the file has them", () => {
    const office = collections.at(-1);
    expect(office).toMatchObject({ name: "office", label: "Office: replies to visitors", format: inPlaceFormat });
    const [file] = office?.files ?? [];
    expect(file?.file).toBe("content/office/replies.yaml");
    const data: unknown = parse(readFileSync(join(contentDir, "office", "replies.yaml"), "utf8"));
    expect(objectDisagreements(data, file?.fields ?? [], "replies")).toEqual([]);
    const texts = file?.fields.find((field) => field.name === "texts");
    expect(texts).toMatchObject({ widget: "list", label: "Ready texts", required: false, summary: "{{fields.name}}" });
    const field = (name: string) => texts?.fields?.find((item) => item.name === name);
    expect(field("channel")).toMatchObject({ widget: "select", options: ["whatsapp", "email", "both"] });
    expect(field("subject")?.required).toBe(false);
    expect(field("text")).toMatchObject({ widget: "text" });
    expect(field("text")?.hint).toContain("{documents}");
    expect(field("text")?.hint).toContain("available on request");
    // A field spelt wrong is refused in the form, before the office would refuse the file.
    for (const name of ["subject", "text"]) {
      const pattern = new RegExp(field(name)?.pattern?.[0] ?? "^$");
      for (const good of ["", "Hello {name},\n{documents}\n{agency} {hours}", "{price} {service}", "a {} c {"]) {
        expect(pattern.test(good), good).toBe(true);
      }
      for (const bad of ["Hello {Name}", "The {prize}", "a { b } c", "{name} and\n{price list}"]) {
        expect(pattern.test(bad), bad).toBe(false);
      }
      expect(field(name)?.pattern?.[1]).toContain("{documents}");
    }
  });

  it("edits the papers each service needs (issue 56): the papers and each kind's list, as the file has them", () => {
    const papers = collections.find((collection) => collection.name === "papers");
    expect(papers).toMatchObject({ label: "Office: papers each service needs", format: inPlaceFormat });
    const [file] = papers?.files ?? [];
    expect(file?.file).toBe("content/office/papers.yaml");
    const data: unknown = parse(readFileSync(join(contentDir, "office", "papers.yaml"), "utf8"));
    expect(objectDisagreements(data, file?.fields ?? [], "papers")).toEqual([]);
    const list = (name: string) => file?.fields.find((field) => field.name === name);
    const paper = (name: string) => list("papers")?.fields?.find((field) => field.name === name);
    expect(list("papers")).toMatchObject({
      widget: "list",
      label: "Papers the agency may ask for",
      summary: "{{fields.title}}",
    });
    expect(paper("how")).toMatchObject({ widget: "text", label: "How to take a good photo of it" });
    expect(paper("accepts")).toMatchObject({ widget: "select", options: ["photo-or-pdf", "photo"] });
    expect(paper("when")?.required).toBe(false);
    const checklist = (name: string) => list("checklists")?.fields?.find((field) => field.name === name);
    expect(checklist("service")).toMatchObject({ widget: "select", label: "Kind of service" });
    expect(checklist("service")?.options).toEqual(["visit-visa", "transit-visa", "visa-change", "package", "other"]);
    expect(checklist("papers")?.label).toBe("Papers (their keys, in the order the page shows them)");
    expect(checklist("optional")?.required).toBe(false);
    // A key spelt wrong is refused in the form: a paper's own, and each of a list's.
    for (const pattern of [
      paper("key")?.pattern,
      checklist("papers")?.field?.pattern,
      checklist("optional")?.field?.pattern,
    ]) {
      const check = new RegExp(pattern?.[0] ?? "^$");
      for (const good of ["passport-first", "photo", "id-card-2"]) expect(check.test(good), good).toBe(true);
      for (const bad of ["Passport", "passport first", "passport--first", "-photo", ""])
        expect(check.test(bad), bad).toBe(false);
    }
    expect(checklist("papers")?.field?.widget).toBe("string");
    expect(checklist("papers")?.collapsed).toBe(false);
  });

  it("edits the charges on the invoices (issue 58): each price's lines, their amounts and the VAT switch", () => {
    const charges = collections.find((collection) => collection.name === "charges");
    expect(charges).toMatchObject({ label: "Office: charges on the invoices", format: inPlaceFormat });
    const [file] = charges?.files ?? [];
    expect(file?.file).toBe("content/office/charges.yaml");
    const data: unknown = parse(readFileSync(join(contentDir, "office", "charges.yaml"), "utf8"));
    expect(objectDisagreements(data, file?.fields ?? [], "charges")).toEqual([]);
    const services = file?.fields.find((field) => field.name === "services");
    expect(services).toMatchObject({ widget: "list", summary: "{{fields.service}}" });
    const field = (name: string) => services?.fields?.find((item) => item.name === name);
    const line = (name: string) => field("lines")?.fields?.find((item) => item.name === name);
    expect(field("lines")).toMatchObject({ widget: "list", summary: "{{fields.label}}: {{fields.amount}}" });
    // The VAT flag is a switch: on for the agency's fee (VAT included), off for a government fee; new lines off.
    expect(line("vat")).toMatchObject({ widget: "boolean", default: false });
    expect(line("vat")?.label).toMatch(/VAT/);
    expect(line("vat")?.hint).toMatch(/includes VAT/);
    expect(line("amount")?.hint).toMatch(/AED 190\.00/);
    const check = (name: string, good: string[], bad: string[]) => {
      const pattern = new RegExp(line(name)?.pattern?.[0] ?? field(name)?.pattern?.[0] ?? "^$");
      for (const each of good) expect(pattern.test(each), each).toBe(true);
      for (const each of bad) expect(pattern.test(each), each).toBe(false);
    };
    check("amount", ["AED 190.00", "AED 1,490.00", "AED 0.05"], ["190", "AED 1490.00", "AED 190", ""]);
    check(
      "service",
      ["/visa-changes/2, Airport to Airport", "/dubai-visa/1, Entry"],
      ["visa-changes/2, Airport", "/visa-changes/2 Airport", "/visa-changes/two, Airport", ""],
    );
    expect(field("service")?.pattern?.[0]).toBe(serviceReference.source);
    // A file with a yes/no written as a word: the form would not show it, and the walk says so.
    const wrong = {
      services: [{ service: "/dubai-visa/1, Entry", lines: [{ label: "Fee", amount: "AED 1.00", vat: "yes" }] }],
    };
    expect(objectDisagreements(wrong, file?.fields ?? [], "charges")).toEqual([
      'charges.services[1].lines[1].vat: the form has a yes/no, the file "yes"',
    ]);
  });

  it("gives a yes/no schema Decap's boolean widget, off unless the schema says otherwise", () => {
    expect(fieldOf("vat", z.boolean(), "x.yaml.vat")).toEqual({
      name: "vat",
      label: "Vat",
      widget: "boolean",
      default: false,
    });
    expect(fieldOf("shown", z.boolean().default(true), "x.yaml.shown")).toEqual({
      name: "shown",
      label: "Shown",
      widget: "boolean",
      default: true,
      required: false,
    });
    expect(fieldOf("shown", z.boolean().optional(), "x.yaml.shown")).toMatchObject({
      widget: "boolean",
      required: false,
    });
  });

  it("stops at a schema it has no field for, naming where it is", () => {
    expect(() =>
      fieldOf(
        "odd",
        z.custom<string>(() => true),
        "home.yaml.odd",
      ),
    ).toThrow('cms-config: home.yaml.odd: no editor field for a schema of type "custom"');
  });

  it("saves photos in content/images and names them images/<file>, as content/images/README.md says", () => {
    const config = cmsConfig(readCmsSettings({}), "https://www.example.ae");
    expect(config).toMatchObject({ media_folder: "content/images", public_folder: "images", load_config_file: false });
    expect(config).not.toHaveProperty("local_backend");
  });

  it("names the live site's repository and sign-in, and the local backend only when asked", () => {
    const gitlab = cmsConfig(
      readCmsSettings({ CMS_BACKEND: "gitlab", CMS_REPO: "agency/site", CMS_GITLAB_APP_ID: "abc" }),
      "https://www.example.ae",
    );
    expect(gitlab.backend).toMatchObject({ name: "gitlab", repo: "agency/site", auth_type: "pkce", app_id: "abc" });
    const local = cmsConfig(readCmsSettings({ CMS_LOCAL_BACKEND: "http://127.0.0.1:8081/api/v1" }), "http://x.test");
    expect(local).toMatchObject({ local_backend: { url: "http://127.0.0.1:8081/api/v1" } });
  });
});
