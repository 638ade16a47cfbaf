import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isNode, LineCounter, parseDocument, type Document } from "yaml";
import { ContentError, contentDir, contentModules, readContent, type ContentFileName } from "./load";

// Each test copies the content folder, makes one mistake in it through the YAML document (so the test does not
// depend on what the agency has written there) and reads the message the build would stop with.

type Path = (string | number)[];

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function copyOfContent(): string {
  const folder = mkdtempSync(join(tmpdir(), "karama-content-"));
  folders.push(folder);
  cpSync(contentDir, folder, { recursive: true });
  return folder;
}

function fileOf(folder: string, file: ContentFileName): string {
  return join(folder, `${file}.yaml`);
}

/** Edits one file of the folder as a YAML document, keeping its comments. */
function change(folder: string, file: ContentFileName, edit: (doc: Document) => void): void {
  const doc = parseDocument(readFileSync(fileOf(folder, file), "utf8"));
  edit(doc);
  writeFileSync(fileOf(folder, file), doc.toString({ lineWidth: 0 }));
}

/** The line (from 1) where the value at `path` starts in the file. */
function lineAt(folder: string, file: ContentFileName, path: Path): number {
  const lines = new LineCounter();
  const node: unknown = parseDocument(readFileSync(fileOf(folder, file), "utf8"), { lineCounter: lines }).getIn(
    path,
    true,
  );
  if (!isNode(node) || !node.range) throw new Error(`${file}.yaml has nothing at ${path.join(".")}`);
  return lines.linePos(node.range[0]).line;
}

function valueAt(folder: string, file: ContentFileName, path: Path): unknown {
  return parseDocument(readFileSync(fileOf(folder, file), "utf8")).getIn(path);
}

function problemsOf(folder: string): readonly string[] {
  try {
    readContent(folder);
  } catch (error) {
    if (error instanceof ContentError) {
      // The message alone, without a stack trace that would only confuse whoever edits the files.
      expect(error.stack).toBe(`ContentError: ${error.message}`);
      return error.problems;
    }
    throw error;
  }
  throw new Error("the content was read without complaint");
}

describe("the content files", () => {
  it("read without a mistake, rows numbered and every price reference filled in", () => {
    const files = readContent();
    expect(files.home.cards.map((card) => card.id)).toEqual(files.home.cards.map((_, index) => index + 1));
    for (const page of files["visa-changes"].pages) {
      if (page.kind === "grid")
        expect(page.visaTypes.map((row) => row.id)).toEqual(page.visaTypes.map((_, i) => i + 1));
    }
    expect(JSON.stringify(files)).not.toContain('"same as /');
  });

  it("a price written as a reference is the price of the row it names", () => {
    const folder = copyOfContent();
    const rowTitle = String(valueAt(folder, "visa-changes", ["pages", 1, "visaTypes", 0, "title"]));
    change(folder, "visa-changes", (doc) => doc.setIn(["pages", 1, "visaTypes", 0, "price"], "AED 1,234.00"));
    change(folder, "home", (doc) => doc.setIn(["cards", 1, "price"], `same as /visa-changes/2, ${rowTitle}`));
    change(folder, "visa-changes", (doc) =>
      doc.setIn(["pages", 0, "priceRows", 0, "price"], `same as /visa-changes/2, ${rowTitle}`),
    );
    const files = readContent(folder);
    expect(files.home.cards[1]?.price).toBe("AED 1,234.00");
    const overview = files["visa-changes"].pages[0];
    expect(overview?.kind === "overview" && overview.priceRows[0]?.price).toBe("AED 1,234.00");
  });

  it("gives each page module its own part, and the menu the group and page titles", () => {
    const files = readContent();
    const modules = contentModules(files);
    expect(modules.site.groupTitles["visa-changes"]).toBe(files["visa-changes"].title);
    expect(modules.site.pageTitles["dubai-visa"]).toEqual(files["dubai-visa"].pages.map((page) => page.title));
    expect(modules.details.detailRecords["visa-packages"]).toBe(files["visa-packages"].pages);
    expect(modules.home).toBe(files.home);
  });
});

describe("a mistake names the file, the record, the field and what is expected, with its line", () => {
  it("a price not written as the pages show it", () => {
    const folder = copyOfContent();
    const path = ["pages", 2, "visaTypes", 0, "price"];
    change(folder, "visa-changes", (doc) => doc.setIn(path, "AED 590"));
    expect(problemsOf(folder)).toEqual([
      `visa-changes.yaml, record 3, visaTypes[1].price: expected a price such as AED 190.00, found "AED 590" (line ${lineAt(folder, "visa-changes", path)})`,
    ]);
  });

  it("a price written as a bare number, on a card", () => {
    const folder = copyOfContent();
    change(folder, "home", (doc) => doc.setIn(["cards", 1, "price"], 1150));
    expect(problemsOf(folder)).toEqual([
      `home.yaml, cards[2].price: expected a price such as AED 190.00, found 1150 (line ${lineAt(folder, "home", ["cards", 1, "price"])})`,
    ]);
  });

  it("a missing field: the line is the record's", () => {
    const folder = copyOfContent();
    change(folder, "dubai-visa", (doc) => doc.deleteIn(["pages", 1, "title2"]));
    expect(problemsOf(folder)).toEqual([
      `dubai-visa.yaml, record 2, title2: missing: expected text (line ${lineAt(folder, "dubai-visa", ["pages", 1])})`,
    ]);
  });

  it("a misspelt field", () => {
    const folder = copyOfContent();
    change(folder, "visa-documents", (doc) => {
      doc.setIn(["pages", 1, "subtitle"], doc.getIn(["pages", 1, "subTitle"]));
      doc.deleteIn(["pages", 1, "subTitle"]);
    });
    expect(problemsOf(folder)).toEqual([
      `visa-documents.yaml, record 2, subTitle: missing: expected text (line ${lineAt(folder, "visa-documents", ["pages", 1])})`,
      `visa-documents.yaml, record 2, subtitle: unknown field: check its spelling, or remove it (line ${lineAt(folder, "visa-documents", ["pages", 1, "subtitle"])})`,
    ]);
  });

  it("text where a list is expected", () => {
    const folder = copyOfContent();
    change(folder, "about", (doc) => doc.setIn(["paragraphs"], "We are a licensed agency."));
    expect(problemsOf(folder)).toEqual([
      `about.yaml, paragraphs: expected a list of paragraphs, found "We are a licensed agency." (line ${lineAt(folder, "about", ["paragraphs"])})`,
    ]);
  });

  it("an empty heading, and an empty list that needs an item", () => {
    const folder = copyOfContent();
    change(folder, "visa-packages", (doc) => doc.setIn(["pages", 1, "title2"], ""));
    change(folder, "contact", (doc) => doc.setIn(["cards"], doc.createNode([])));
    expect(problemsOf(folder)).toEqual([
      `contact.yaml, cards: expected at least one item, found 0 (line ${lineAt(folder, "contact", ["cards"])})`,
      `visa-packages.yaml, record 2, title2: expected a heading, found "" (line ${lineAt(folder, "visa-packages", ["pages", 1, "title2"])})`,
    ]);
  });

  it("a picture name that has no picture", () => {
    const folder = copyOfContent();
    change(folder, "services", (doc) => doc.setIn(["sections", 0, "picture", "image"], "themepark"));
    const [problem] = problemsOf(folder);
    expect(problem).toMatch(
      /^services\.yaml, sections\[1\]\.picture\.image: expected the name of a drawing \(dubai-skyline, .*, customer-support\) or a photo of content\/images such as images\/office-front\.jpg \(\.jpg, \.jpeg, \.png, \.webp, \.avif\), found "themepark" \(line \d+\)$/,
    );
  });

  it("a link to a page the site does not have", () => {
    const folder = copyOfContent();
    change(folder, "about", (doc) => doc.setIn(["categories", 1, "link"], "/visa-change/1"));
    expect(problemsOf(folder)).toEqual([
      `about.yaml, categories[2].link: expected the address of a page of the site, such as /about or /dubai-visa/1, found "/visa-change/1" (line ${lineAt(folder, "about", ["categories", 1, "link"])})`,
    ]);
  });

  it("a page kind that is neither overview nor grid", () => {
    const folder = copyOfContent();
    change(folder, "tourist-visa", (doc) => doc.setIn(["pages", 1, "kind"], "list"));
    expect(problemsOf(folder)).toEqual([
      `tourist-visa.yaml, record 2, kind: expected kind: overview (a list of prices) or kind: grid (a grid of rows), found "list" (line ${lineAt(folder, "tourist-visa", ["pages", 1, "kind"])})`,
    ]);
  });

  it("a grid row with neither content nor price", () => {
    const folder = copyOfContent();
    change(folder, "dubai-visa", (doc) => {
      doc.setIn(["pages", 0, "visaTypes", 1, "content"], "");
      doc.setIn(["pages", 0, "visaTypes", 1, "price"], "");
    });
    expect(problemsOf(folder)).toEqual([
      `dubai-visa.yaml, record 1, visaTypes[2]: expected content, a price or both (this row has neither) (line ${lineAt(folder, "dubai-visa", ["pages", 0, "visaTypes", 1])})`,
    ]);
  });

  it("an id written in a row that is numbered by its order", () => {
    const folder = copyOfContent();
    change(folder, "home", (doc) => doc.setIn(["cards", 1, "id"], 2));
    expect(problemsOf(folder)).toEqual([
      `home.yaml, cards[2].id: not needed here: the rows are numbered by their order (line ${lineAt(folder, "home", ["cards", 1, "id"])})`,
    ]);
  });

  it("pages missing or out of order", () => {
    const folder = copyOfContent();
    change(folder, "visa-documents", (doc) => doc.setIn(["pages", 3, "id"], 5));
    expect(problemsOf(folder)).toEqual([
      `visa-documents.yaml, pages: expected the pages 1, 2, 3, 4 in this order, found ids 1, 2, 3, 5 (line ${lineAt(folder, "visa-documents", ["pages"])})`,
    ]);
  });

  it("a price reference to a row or a page that does not exist, or not written as one", () => {
    const folder = copyOfContent();
    change(folder, "home", (doc) => {
      doc.setIn(["cards", 0, "price"], "same as /visa-changes/2, No Such Row");
      doc.setIn(["cards", 2, "price"], "same as /visa-packages/9, Kabayan Visa Ticket");
    });
    change(folder, "tourist-visa", (doc) => doc.setIn(["pages", 0, "priceRows", 0, "price"], "same as tourist visa 2"));
    const titles = (valueAt(folder, "visa-changes", ["pages", 1, "visaTypes"]) as { toJSON(): { title: string }[] })
      .toJSON()
      .map((row) => `"${row.title}"`)
      .join(", ");
    expect(problemsOf(folder)).toEqual([
      `home.yaml, cards[1].price: refers to a row "No Such Row" that /visa-changes/2 does not have (its rows: ${titles}) (line ${lineAt(folder, "home", ["cards", 0, "price"])})`,
      `home.yaml, cards[3].price: refers to /visa-packages/9, which is not a service page of the content files (line ${lineAt(folder, "home", ["cards", 2, "price"])})`,
      `tourist-visa.yaml, record 1, priceRows[1].price: expected a reference such as "same as /visa-changes/2, Airport to Airport" (line ${lineAt(folder, "tourist-visa", ["pages", 0, "priceRows", 0, "price"])})`,
    ]);
  });

  it("a price reference to a row without a price", () => {
    const folder = copyOfContent();
    change(folder, "dubai-visa", (doc) => {
      doc.setIn(["pages", 0, "visaTypes", 1, "title"], "Stay Here");
      doc.setIn(["pages", 0, "visaTypes", 1, "content"], "Up to 48 hours");
      doc.setIn(["pages", 0, "visaTypes", 1, "price"], "");
    });
    change(folder, "home", (doc) => doc.setIn(["cards", 3, "price"], "same as /dubai-visa/1, Stay Here"));
    expect(problemsOf(folder)).toEqual([
      `home.yaml, cards[4].price: refers to the row "Stay Here" of /dubai-visa/1, which has no price of its own (line ${lineAt(folder, "home", ["cards", 3, "price"])})`,
    ]);
  });

  it("a price reference to a row whose price is itself wrong: reported once, at the row", () => {
    const folder = copyOfContent();
    const rowTitle = String(valueAt(folder, "visa-packages", ["pages", 0, "visaTypes", 0, "title"]));
    change(folder, "visa-packages", (doc) => doc.setIn(["pages", 0, "visaTypes", 0, "price"], "AED 1490"));
    change(folder, "home", (doc) => doc.setIn(["cards", 0, "price"], `same as /visa-packages/1, ${rowTitle}`));
    expect(problemsOf(folder)).toEqual([
      `visa-packages.yaml, record 1, visaTypes[1].price: expected a price such as AED 190.00, found "AED 1490" (line ${lineAt(folder, "visa-packages", ["pages", 0, "visaTypes", 0, "price"])})`,
    ]);
  });

  it("text that is not YAML", () => {
    const folder = copyOfContent();
    writeFileSync(fileOf(folder, "site"), "menu:\n  home: Home\n contact: Contact\n");
    const [problem, ...others] = problemsOf(folder);
    expect(problem).toMatch(/^site\.yaml, line 3: not readable as YAML: .+/);
    expect(others).toEqual([]);
  });

  it("a field written twice", () => {
    const folder = copyOfContent();
    const text = readFileSync(fileOf(folder, "contact"), "utf8");
    writeFileSync(fileOf(folder, "contact"), `${text}page: again\n`);
    const lastLine = `${text}page: again\n`.split("\n").length - 1;
    expect(problemsOf(folder)).toEqual([
      expect.stringMatching(new RegExp(`^contact\\.yaml, line ${lastLine}: not readable as YAML: .*unique`, "i")),
    ]);
  });

  it("a file missing, and a file that is not one of the site's", () => {
    const folder = copyOfContent();
    rmSync(fileOf(folder, "services"));
    writeFileSync(join(folder, "prices.yaml"), "a: 1\n");
    const problems = problemsOf(folder);
    expect(problems[0]).toMatch(/^prices\.yaml: not a content file of this site \(they are: site\.yaml, .*\)$/);
    expect(problems[1]).toBe("services.yaml: missing from the content folder");
  });

  it("every mistake at once, not only the first", () => {
    const folder = copyOfContent();
    change(folder, "visa-changes", (doc) => doc.setIn(["pages", 2, "visaTypes", 0, "price"], "AED 590"));
    change(folder, "dubai-visa", (doc) => doc.setIn(["pages", 0, "image"], "airport"));
    expect(problemsOf(folder)).toHaveLength(2);
  });
});
