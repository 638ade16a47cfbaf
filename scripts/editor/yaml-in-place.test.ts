import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { contentDir, contentFileNames } from "../../app/content/load";
import { fromFile, sourceKey, toFile } from "./yaml-in-place";

type Data = Record<string, unknown>;

/** The lines of `before` and `after` that differ, in order, when both have as many lines. */
function changedLines(before: string, after: string): { before: string; after: string }[] {
  const a = before.split("\n");
  const b = after.split("\n");
  expect(b.length, "the number of lines").toBe(a.length);
  return a.flatMap((line, index) => (line === b[index] ? [] : [{ before: line, after: b[index] ?? "" }]));
}

/** Every place in `value` where a key "price" holds a price as the pages show it. */
function pricePaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => pricePaths(item, [...path, index]));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === "price" && typeof item === "string" && item.startsWith("AED ")
      ? [[...path, key]]
      : pricePaths(item, [...path, key]),
  );
}

function setAt(data: Data, path: (string | number)[], value: unknown): Data {
  const copy = structuredClone(data);
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1) ?? ""] = value;
  return copy;
}

const read = (name: string) => readFileSync(join(contentDir, `${name}.yaml`), "utf8");

describe("the editor's YAML format: a save changes the file where the form changed, and nowhere else", () => {
  it("reads a file as the site does, keeping the text as read beside the fields", () => {
    const text = read("visa-changes");
    const data = fromFile(text);
    const { [sourceKey]: source, ...fields } = data;
    expect(source).toBe(text);
    expect(fields).toEqual(parse(text));
  });

  it("writes an unchanged form back byte for byte, comments and order included", () => {
    for (const name of contentFileNames) expect(toFile(fromFile(read(name))), name).toBe(read(name));
  });

  it("changes one line for one price, in every content file, for every price", () => {
    let prices = 0;
    for (const name of contentFileNames) {
      const text = read(name);
      const data = fromFile(text);
      for (const path of pricePaths(data)) {
        prices += 1;
        const saved = toFile(setAt(data, path, "AED 12,345.00"));
        const changed = changedLines(text, saved);
        expect(changed, `${name}: ${path.join(".")}`).toHaveLength(1);
        expect(changed[0]?.after).toMatch(/^\s*(- )?price: AED 12,345\.00$/);
        expect(parse(saved)).toEqual(setAt(parse(text) as Data, path, "AED 12,345.00"));
      }
    }
    expect(prices, "the prices found in content/").toBeGreaterThan(40);
  });

  it("keeps the file's order of fields whatever order the form hands them in", () => {
    const text = read("visa-changes");
    const { pages, ...rest } = fromFile(text);
    const shuffled = { pages, ...rest, title: "Visa Changes" };
    const changed = changedLines(text, toFile(shuffled));
    expect(changed).toEqual([{ before: "title: Visa Change", after: "title: Visa Changes" }]);
  });

  it("keeps a comment on the line of a value it changes, and the value's quotes", () => {
    const text = 'title: "Old" # the heading\nlist:\n  - a # first\n  - b\n';
    const saved = toFile({ ...fromFile(text), title: "New", list: ["a", "c"] });
    expect(saved).toBe('title: "New" # the heading\nlist:\n  - a # first\n  - c\n');
  });

  it("adds, removes and replaces what the form added, removed and replaced, and the site reads the form's values", () => {
    const text = read("visa-changes");
    const data = fromFile(text) as Data & { pages: [Data, Data, Data, Data] };
    const [first, second, third, fourth] = structuredClone(data.pages);
    const rows = second["visaTypes"] as Data[];
    rows.push({ title: "New row", content: "", price: "AED 1.00" });
    rows.splice(0, 1);
    delete first["title7"];
    delete first["content7"];
    third["content"] = ["One paragraph only: it says: so, with a colon"];
    const form: Data = { ...data, pages: [first, second, third, fourth], extra: { a: [1, 2] } };
    const saved = toFile(form);
    const expected = Object.fromEntries(Object.entries(form).filter(([key]) => key !== sourceKey));
    expect(parse(saved)).toEqual(expected);
    expect(saved.startsWith(text.slice(0, text.indexOf("title: Visa Change")))).toBe(true);
  });

  it("writes a file it did not read (a new entry) as plain YAML", () => {
    expect(parse(toFile({ title: "New", rows: [{ price: "AED 1.00" }] }))).toEqual({
      title: "New",
      rows: [{ price: "AED 1.00" }],
    });
  });

  it("refuses a file that is not YAML, with the parser's message", () => {
    expect(() => fromFile("title: [unclosed")).toThrow(/YAML/);
  });
});
