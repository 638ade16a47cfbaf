import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ContentError, contentDir, contentModules, readContent, type ContentFileName } from "./load";

// Each test copies the real content folder, makes one mistake in it, and reads the message the build would stop with.

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

/** The line (from 1) on which `text` first appears in the file, after `after` if given. */
function lineOf(folder: string, file: ContentFileName, text: string, after = ""): number {
  const lines = readFileSync(join(folder, `${file}.yaml`), "utf8").split("\n");
  const start = after === "" ? 0 : lines.findIndex((line) => line.includes(after));
  const index = lines.findIndex((line, at) => at >= start && line.includes(text));
  if (start < 0 || index < 0) throw new Error(`"${text}" is not in ${file}.yaml`);
  return index + 1;
}

/** Replaces the first `from` (after the line containing `after`, if given) in one file of the folder. */
function edit(folder: string, file: ContentFileName, from: string, to: string, after = ""): void {
  const path = join(folder, `${file}.yaml`);
  const text = readFileSync(path, "utf8");
  const start = after === "" ? 0 : text.indexOf(after);
  const at = text.indexOf(from, start);
  if (start < 0 || at < 0) throw new Error(`"${from}" is not in ${file}.yaml`);
  writeFileSync(path, text.slice(0, at) + to + text.slice(at + from.length));
}

function problemsOf(folder: string): readonly string[] {
  try {
    readContent(folder);
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  throw new Error("the content was read without complaint");
}

describe("the content files as delivered", () => {
  it("read without a mistake, every price reference filled in", () => {
    const files = readContent();
    expect(files["visa-changes"].pages).toHaveLength(4);
    const cards = files.home.cards;
    expect(cards.map((card) => card.id)).toEqual([1, 2, 3, 4]);
    const byRoad = files["visa-changes"].pages[2];
    expect(byRoad?.kind === "grid" && byRoad.visaTypes.map((row) => row.id)).toEqual([1, 2, 3, 4]);
    const references = JSON.stringify(files).match(/"same as \//g);
    expect(references).toBeNull();
  });

  it("a price written as a reference is the price of the row it names", () => {
    const folder = copyOfContent();
    const home = readFileSync(join(folder, "home.yaml"), "utf8");
    expect(home).toContain("price: same as /visa-changes/2, Airport to Airport");
    edit(folder, "visa-changes", "price: AED 950.00", "price: AED 975.00", "title: Airport to Airport");
    const files = readContent(folder);
    expect(files.home.cards[0]?.price).toBe("AED 975.00");
    const overview = files["visa-changes"].pages[0];
    expect(overview?.kind === "overview" && overview.priceRows[0]?.price).toBe("AED 975.00");
  });

  it("gives each page module its own part, and the menu the group and page titles", () => {
    const modules = contentModules(readContent());
    expect(modules.site.groupTitles["visa-changes"]).toBe("Visa Change");
    expect(modules.site.pageTitles["dubai-visa"]).toEqual([
      "48 Hours Transit",
      "96 Hours Transit",
      "30 Days Multiple",
      "60 Days Multiple",
    ]);
    expect(Object.keys(modules.details)).toEqual([
      "dubai-visa",
      "tourist-visa",
      "visa-changes",
      "visa-documents",
      "visa-packages",
    ]);
  });
});

describe("a mistake names the file, the record, the field and what is expected, with its line", () => {
  it("a price not written as the pages show it", () => {
    const folder = copyOfContent();
    edit(folder, "visa-changes", "price: AED 590.00", "price: AED 590");
    expect(problemsOf(folder)).toEqual([
      `visa-changes.yaml, record 3, visaTypes[1].price: expected a price such as AED 190.00, found "AED 590" (line ${lineOf(folder, "visa-changes", "price: AED 590")})`,
    ]);
  });

  it("a price written as a bare number, on a card", () => {
    const folder = copyOfContent();
    edit(folder, "home", "price: AED 1,150.00", "price: 1150");
    expect(problemsOf(folder)).toEqual([
      `home.yaml, cards[2].price: expected a price such as AED 190.00, found 1150 (line ${lineOf(folder, "home", "price: 1150")})`,
    ]);
  });

  it("a missing field", () => {
    const folder = copyOfContent();
    edit(folder, "dubai-visa", "    title2: 96 Hours Transit Visa Price\n", "");
    const line = lineOf(folder, "dubai-visa", "- id: 2");
    expect(problemsOf(folder)).toEqual([`dubai-visa.yaml, record 2, title2: missing: expected text (line ${line})`]);
  });

  it("a misspelt field", () => {
    const folder = copyOfContent();
    edit(folder, "visa-documents", "subTitle: Proof of accommodation", "subtitle: Proof of accommodation");
    const line = lineOf(folder, "visa-documents", "subtitle:");
    expect(problemsOf(folder)).toEqual([
      `visa-documents.yaml, record 2, subTitle: missing: expected text (line ${lineOf(folder, "visa-documents", "- id: 2")})`,
      `visa-documents.yaml, record 2, subtitle: unknown field: check its spelling, or remove it (line ${line})`,
    ]);
  });

  it("text where a list is expected", () => {
    const folder = copyOfContent();
    edit(folder, "about", "paragraphs:\n  - We are", "paragraphs: We are");
    const problems = problemsOf(folder);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^about\.yaml, paragraphs: expected a list of paragraphs, found "We are .*"/);
    expect(problems[0]).toContain(`(line ${lineOf(folder, "about", "paragraphs: We are")})`);
  });

  it("an empty heading, and an empty list that needs an item", () => {
    const folder = copyOfContent();
    edit(folder, "visa-packages", "title2: Cross Country Package Prices", 'title2: ""');
    edit(folder, "contact", "cards:\n", "cards: []\n");
    const contactCards = lineOf(folder, "contact", "cards: []");
    const cut = readFileSync(join(folder, "contact.yaml"), "utf8").split("\n").slice(0, contactCards);
    writeFileSync(join(folder, "contact.yaml"), `${cut.join("\n")}\n`);
    expect(problemsOf(folder)).toEqual([
      `contact.yaml, cards: expected at least one item, found 0 (line ${contactCards})`,
      `visa-packages.yaml, record 2, title2: expected a heading, found "" (line ${lineOf(folder, "visa-packages", 'title2: ""')})`,
    ]);
  });

  it("a picture name that has no picture", () => {
    const folder = copyOfContent();
    edit(folder, "services", "image: theme-park", "image: themepark");
    const [problem] = problemsOf(folder);
    expect(problem).toMatch(
      /^services\.yaml, sections\[4\]\.picture\.image: expected the name of a picture: dubai-skyline, .*, customer-support, found "themepark" \(line \d+\)$/,
    );
  });

  it("a link to a page the site does not have", () => {
    const folder = copyOfContent();
    edit(folder, "about", "link: /visa-changes/1", "link: /visa-change/1");
    expect(problemsOf(folder)).toEqual([
      `about.yaml, categories[2].link: expected the address of a page of the site, such as /about or /dubai-visa/1, found "/visa-change/1" (line ${lineOf(folder, "about", "/visa-change/1")})`,
    ]);
  });

  it("a page kind that is neither overview nor grid", () => {
    const folder = copyOfContent();
    edit(folder, "tourist-visa", "kind: grid", "kind: list");
    const [problem] = problemsOf(folder);
    expect(problem).toMatch(
      /^tourist-visa\.yaml, record 2, kind: expected kind: overview \(a list of prices\) or kind: grid \(a grid of rows\), found "list" \(line \d+\)$/,
    );
  });

  it("a grid row with neither content nor price", () => {
    const folder = copyOfContent();
    edit(folder, "dubai-visa", "content: Up to 48 hours in the UAE", 'content: ""');
    expect(problemsOf(folder)).toEqual([
      `dubai-visa.yaml, record 1, visaTypes[2]: expected content, a price or both (this row has neither) (line ${lineOf(folder, "dubai-visa", "title: Stay")})`,
    ]);
  });

  it("an id written in a row that is numbered by its order", () => {
    const folder = copyOfContent();
    edit(folder, "home", "  - name: UAE Visa Extension", "  - id: 2\n    name: UAE Visa Extension");
    expect(problemsOf(folder)).toEqual([
      `home.yaml, cards[2].id: not needed here: the rows are numbered by their order (line ${lineOf(folder, "home", "- id: 2")})`,
    ]);
  });

  it("pages missing or out of order", () => {
    const folder = copyOfContent();
    edit(folder, "visa-documents", "  - id: 4\n", "  - id: 5\n");
    expect(problemsOf(folder)).toEqual([
      `visa-documents.yaml, pages: expected the pages 1, 2, 3, 4 in this order, found ids 1, 2, 3, 5 (line ${lineOf(folder, "visa-documents", "  - id: 1")})`,
    ]);
  });

  it("a price reference to a row, a page or in a form that does not exist", () => {
    const folder = copyOfContent();
    edit(
      folder,
      "home",
      "same as /visa-changes/2, Airport to Airport",
      "same as /visa-changes/2, Airport To Airport",
      "cards:",
    );
    edit(
      folder,
      "home",
      "same as /visa-packages/1, Kabayan Visa Ticket",
      "same as /visa-packages/9, Kabayan Visa Ticket",
    );
    edit(folder, "tourist-visa", "same as /tourist-visa/2, Entry", "same as tourist visa 2");
    expect(problemsOf(folder)).toEqual([
      `home.yaml, cards[1].price: refers to a row "Airport To Airport" that /visa-changes/2 does not have (its rows: "Airport to Airport", "By Flight with 30 Days Visa", "By Flight with 60 Days Visa", "By Flight with 60 Days Multiple Entry Visa") (line ${lineOf(folder, "home", "Airport To Airport")})`,
      `home.yaml, cards[3].price: refers to /visa-packages/9, which is not a service page of the content files (line ${lineOf(folder, "home", "/visa-packages/9")})`,
      `tourist-visa.yaml, record 1, priceRows[1].price: expected a reference such as "same as /visa-changes/2, Airport to Airport" (line ${lineOf(folder, "tourist-visa", "same as tourist visa 2")})`,
    ]);
  });

  it("a price reference to a row without a price", () => {
    const folder = copyOfContent();
    edit(folder, "home", "same as /visa-packages/4, 4 Nights", "same as /dubai-visa/1, Stay");
    expect(problemsOf(folder)).toEqual([
      `home.yaml, cards[4].price: refers to the row "Stay" of /dubai-visa/1, which has no price of its own (line ${lineOf(folder, "home", "/dubai-visa/1, Stay")})`,
    ]);
  });

  it("text that is not YAML", () => {
    const folder = copyOfContent();
    edit(folder, "site", "  home: Home\n", "  home: Home\n contact: Contact\n");
    const [problem] = problemsOf(folder);
    expect(problem).toMatch(/^site\.yaml, line \d+: not readable as YAML: .+/);
  });

  it("a twice-written field", () => {
    const folder = copyOfContent();
    edit(folder, "contact", "  title: Contact Us\n", "  title: Contact Us\n  title: Contact\n");
    expect(problemsOf(folder)).toEqual([
      expect.stringMatching(/^contact\.yaml, line \d+: not readable as YAML: .*unique/i),
    ]);
  });

  it("a file missing, and a file that is not one of the site's", () => {
    const folder = copyOfContent();
    rmSync(join(folder, "services.yaml"));
    writeFileSync(join(folder, "prices.yaml"), "a: 1\n");
    const problems = problemsOf(folder);
    expect(problems[0]).toMatch(/^prices\.yaml: not a content file of this site \(they are: site\.yaml, .*\)$/);
    expect(problems[1]).toBe("services.yaml: missing from the content folder");
  });

  it("every mistake at once, not only the first", () => {
    const folder = copyOfContent();
    edit(folder, "visa-changes", "price: AED 590.00", "price: AED 590");
    edit(folder, "dubai-visa", "image: airport-transit", "image: airport");
    expect(problemsOf(folder)).toHaveLength(2);
  });
});
