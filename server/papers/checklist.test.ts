import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { caseKinds, readChecklists } from "./checklist";

const folder = mkdtempSync(join(tmpdir(), "karama-papers-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function file(text: string): string {
  const path = join(folder, `papers-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(path, text);
  return path;
}

const paper = (key: string) =>
  `  - key: ${key}\n    title: T ${key}\n    why: W ${key}\n    how: H ${key}\n    accepts: photo-or-pdf\n`;
const lists = (papers: string, optional = "[]") =>
  caseKinds.map((kind) => `  - kind: ${kind}\n    papers: ${papers}\n    optional: ${optional}\n`).join("");

describe("the papers each service asks for (content/office/papers.yaml)", () => {
  it("the delivered file: a checklist for every kind, each paper with its title, why and how", () => {
    const checklists = readChecklists();
    for (const kind of caseKinds) {
      const asked = checklists.get(kind) ?? [];
      expect(asked.length).toBeGreaterThan(0);
      expect(asked[0]?.key).toBe("passport-first");
      for (const each of asked)
        for (const text of [each.title, each.why, each.how]) expect(text.length).toBeGreaterThan(5);
    }
    expect(checklists.get("visa-change")?.map((each) => each.key)).toContain("current-visa");
    expect(checklists.get("visit-visa")?.find((each) => each.key === "passport-last")?.optional).toBe(
      "if your passport has one",
    );
    expect(checklists.get("visit-visa")?.find((each) => each.key === "passport-first")?.optional).toBeNull();
  });

  it.each([
    ["a checklist naming no such paper", `papers:\n${paper("a")}checklists:\n${lists("[a, b]")}`, /no paper "b"/],
    ["a paper twice", `papers:\n${paper("a")}${paper("a")}checklists:\n${lists("[a]")}`, /"a" twice/],
    [
      "a kind without its checklist",
      `papers:\n${paper("a")}checklists:\n  - kind: other\n    papers: [a]\n`,
      /no checklist for "visit-visa"/,
    ],
    [
      "an optional paper not in its list",
      `papers:\n${paper("a")}${paper("b")}checklists:\n${lists("[a]", "[b]")}`,
      /"b" is not in its papers/,
    ],
    ["the office's own key", `papers:\n${paper("visa")}checklists:\n${lists("[visa]")}`, /"visa" is the office's own/],
    [
      "an empty title",
      `papers:\n  - key: a\n    title: ""\n    why: w\n    how: h\n    accepts: photo\nchecklists:\n${lists("[a]")}`,
      /papers\.0\.title: must not be empty/,
    ],
  ])("refuses %s, naming the file and the place", (_what, text, message) => {
    const path = file(text);
    expect(() => readChecklists(path)).toThrow(message);
    expect(() => readChecklists(path)).toThrow(path);
  });
});
