// @vitest-environment node
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { checklistFor, loadPapers, papersFile, serviceKinds, type ServiceKind } from "./checklist";

/*
 * Issue 56: the traveller's page lists the papers the agency needs from them, per service, from
 * content/office/papers.yaml (edited in /admin). Which list an enquiry gets follows from the service it names and
 * the page it came from, read the way the ready texts read it (server/office/reply-facts.ts).
 */

describe("content/office/papers.yaml as delivered", () => {
  const papers = loadPapers();

  it("loads, with a list for every kind of service, each paper of a list known and explained", () => {
    expect(papers.checklists.map((list) => list.service).sort()).toEqual([...serviceKinds].sort());
    const keys = new Set(papers.papers.map((paper) => paper.key));
    for (const list of papers.checklists) {
      for (const key of [...list.papers, ...list.optional]) expect(keys.has(key), `${list.service}: ${key}`).toBe(true);
    }
    for (const paper of papers.papers) {
      expect(paper.title.length, paper.key).toBeGreaterThan(3);
      expect(paper.why.length, paper.key).toBeGreaterThan(10);
      // "How to take a good photo of it": a few plain sentences.
      const sentences = paper.how.split(/[.!?](?:\s|$)/).filter((part) => part.trim() !== "");
      expect(sentences.length, paper.key).toBeGreaterThanOrEqual(2);
      expect(sentences.length, paper.key).toBeLessThanOrEqual(5);
    }
    // Every paper is asked for by some list.
    const used = new Set(papers.checklists.flatMap((list) => list.papers));
    expect(papers.papers.filter((paper) => !used.has(paper.key)).map((paper) => paper.key)).toEqual([]);
  });

  it("keeps the comments that guide the owner", () => {
    expect(readFileSync(papersFile, "utf8")).toMatch(/^# The papers the agency needs from a traveller/);
  });
});

/* checklistFor: the list a case shows ---------------------------------------------------------------------------- */

describe("checklistFor: the papers one kind of service needs", () => {
  const keys = (kind: ServiceKind) => checklistFor(kind).map((paper) => paper.key);
  const optional = (kind: ServiceKind) =>
    checklistFor(kind)
      .filter((paper) => paper.optional)
      .map((paper) => paper.key);

  it("a Dubai tourist visa: the passport's first page, its last where it has one, a photo", () => {
    expect(keys("visit-visa").slice(0, 3)).toEqual(["passport-first", "passport-last", "photo"]);
    expect(optional("visit-visa")).toContain("passport-last");
    expect(optional("visit-visa")).not.toContain("passport-first");
    expect(optional("visit-visa")).not.toContain("photo");
    const last = checklistFor("visit-visa").find((paper) => paper.key === "passport-last");
    expect(last?.when).toBe("if your passport has one");
  });

  it("a visa change: the same, and the current visa or entry stamp", () => {
    expect(keys("visa-change")).toEqual(["passport-first", "passport-last", "photo", "current-visa"]);
    expect(optional("visa-change")).toEqual(["passport-last"]);
  });

  it("a transit visa: the onward ticket too", () => {
    expect(keys("transit-visa")).toEqual(["passport-first", "passport-last", "photo", "onward-ticket"]);
  });

  it("a package: passport and photo; bookings and documents: the passport's first page", () => {
    expect(keys("package")).toEqual(["passport-first", "passport-last", "photo"]);
    expect(keys("other")).toEqual(["passport-first"]);
  });

  it("gives each paper its words, what it accepts, and whether it may be left out", () => {
    for (const kind of serviceKinds) {
      for (const paper of checklistFor(kind)) {
        expect(Object.keys(paper).sort()).toEqual(["accepts", "how", "key", "optional", "title", "when", "why"]);
        expect(paper.when === "").toBe(!paper.optional);
      }
    }
    const photo = checklistFor("visit-visa").find((paper) => paper.key === "photo");
    expect(photo).toMatchObject({ accepts: "photo", optional: false });
    expect(photo?.how).toMatch(/white/i);
  });

  it("falls back to the other services' list for a kind the file leaves out", () => {
    const file = fileWith(`${paperLines}\nchecklists:\n  - service: other\n    papers: [passport-first]\n`);
    expect(checklistFor("visa-change", loadPapers(file)).map((paper) => paper.key)).toEqual(["passport-first"]);
  });
});

/* The loader refuses a bad file, saying where ------------------------------------------------------------------- */

const folder = mkdtempSync(join(tmpdir(), "case-papers-"));
let written = 0;
function fileWith(yaml: string): string {
  const file = join(folder, `papers-${(written += 1)}.yaml`);
  writeFileSync(file, yaml);
  return file;
}

const paperLines = `papers:
  - key: passport-first
    title: Passport, first page
    why: The page with your photo.
    how: Lay it flat. Take it from above.
    accepts: photo-or-pdf
  - key: photo
    title: Your photo
    why: A photo of your face.
    how: Stand at a white wall. Look straight at the camera.
    accepts: photo`;

const good = `${paperLines}
checklists:
  - service: visit-visa
    papers: [passport-first, photo]
  - service: other
    papers: [passport-first]
`;

describe("loadPapers: a file with a mistake stops the server at start, naming the mistake and its line", () => {
  it("loads a good file", () => {
    const papers = loadPapers(fileWith(good));
    expect(papers.checklists).toHaveLength(2);
    expect(papers.checklists[0]?.optional).toEqual([]);
  });

  it.each([
    [
      "a checklist naming a paper that is not in the list",
      good.replace("papers: [passport-first, photo]", "papers: [passport-first, foto]"),
      /line 14, checklists\[1\] \(visit-visa\), papers: unknown paper "foto"; the papers are passport-first, photo/,
    ],
    [
      "an optional paper that is not in the checklist's papers",
      good.replace("papers: [passport-first, photo]", "papers: [passport-first, photo]\n    optional: [passport-last]"),
      /line 15, checklists\[1\] \(visit-visa\), optional: "passport-last" is not one of this list's papers/,
    ],
    [
      "a key used twice",
      good.replace("key: photo", "key: passport-first"),
      /line 7, papers\[2\] "passport-first", key: the key "passport-first" is used twice/,
    ],
    ["an empty title", good.replace("title: Your photo", 'title: ""'), /line 8, papers\[2\] "photo", title: /],
    [
      "a paper without its how",
      good.replace("    how: Stand at a white wall. Look straight at the camera.\n", ""),
      /papers\[2\] "photo", how: /,
    ],
    [
      "a key that is not lowercase words and dashes",
      good.replace("key: photo", "key: My Photo").replace(/\[passport-first, photo\]/, "[passport-first]"),
      /line 7, papers\[2\] "My Photo", key: .*lowercase/,
    ],
    [
      "a kind of service the office does not know",
      good.replace("service: visit-visa", "service: tourist"),
      /line 13, checklists\[1\], service: expected one of visit-visa, transit-visa, visa-change, package, other/,
    ],
    [
      "a kind of service listed twice",
      good.replace("service: visit-visa", "service: other"),
      /checklists\[2\] \(other\), service: "other" has two lists/,
    ],
    ["no list for the other services", good.replace("service: other", "service: package"), /checklists: .*"other"/],
    ["what a paper accepts, misspelt", good.replace("accepts: photo\n", "accepts: image\n"), /photo-or-pdf or photo/],
    ["a paper twice in one list", good.replace("[passport-first]", "[passport-first, passport-first]"), /twice/],
    ["not YAML at all", "papers: [\n", /papers-\d+\.yaml/],
  ])("%s", (_name, yaml, message) => {
    const file = fileWith(yaml);
    expect(() => loadPapers(file)).toThrow(message);
    expect(() => loadPapers(file)).toThrow(file);
  });

  it("the shipped file parses as plain YAML too (the editor reads it)", () => {
    expect(parse(readFileSync(papersFile, "utf8"))).toHaveProperty("papers");
  });
});
