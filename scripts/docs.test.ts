// @vitest-environment node
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/*
 * The guides stay true: every relative link points at a file (and at a heading of it, when it names one), every
 * `npm run` command they name is one of package.json's scripts, and each script that has a --help answers it.
 */

const run = promisify(execFile);
const root = join(import.meta.dirname, "..");
const docs = [
  "README.md",
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];
const text = (file: string) => readFileSync(join(root, file), "utf8");
const scripts = (JSON.parse(text("package.json")) as { scripts: Record<string, string> }).scripts;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

const anchorsOf = (file: string) =>
  new Set([...text(file).matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug((match[1] ?? "").replace(/`/g, ""))));

describe("the guides", () => {
  it("are the README and the four in docs/", () => {
    expect(docs.sort()).toEqual([
      "README.md",
      "docs/architecture.md",
      "docs/benchmarks.md",
      "docs/owner.md",
      "docs/testing.md",
    ]);
    expect(text("README.md").split("\n").length).toBeLessThanOrEqual(250);
  });

  it.each(docs)("%s: every relative link points at a file, and at one of its headings when it names one", (file) => {
    const broken: string[] = [];
    for (const [, target = ""] of text(file).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const [path = "", anchor] = target.split("#");
      const linked = path === "" ? file : join(dirname(file), path);
      if (!existsSync(resolve(root, linked))) broken.push(`${target}: no file ${linked}`);
      else if (anchor && linked.endsWith(".md") && !anchorsOf(linked).has(anchor))
        broken.push(`${target}: no heading #${anchor}`);
    }
    expect(broken).toEqual([]);
  });

  const named = [
    ...new Set(
      docs.flatMap((file) =>
        [...text(file).matchAll(/npm run (?:-s )?([a-z][a-z0-9:-]*)/g)].map((match) => match[1] ?? ""),
      ),
    ),
  ];

  it("name only npm scripts that exist", () => {
    expect(named.filter((name) => !(name in scripts))).toEqual([]);
  });

  // The commands that take options say how with --help: each answers it, and does nothing else.
  const withHelp = named.filter((name) => {
    const script = /^tsx (scripts\/[\w-]+\.ts)$/.exec(scripts[name] ?? "")?.[1];
    return script !== undefined && /--help|\bhelp: \{/.test(text(script));
  });

  it("include the commands with options", () => {
    expect(withHelp.sort()).toEqual(["bench", "bench:inbox", "bench:office", "enquiries", "office", "stats"]);
  });

  // Each loads its command's modules first (the Lighthouse bench's are many): seconds, not milliseconds.
  it.concurrent.each(withHelp)("npm run %s -- --help answers with its usage", { timeout: 30_000 }, async (name) => {
    const script = /^tsx (scripts\/[\w-]+\.ts)$/.exec(scripts[name] ?? "")?.[1] ?? "";
    const { stdout } = await run(process.execPath, ["--import", "tsx", join(root, script), "--help"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: "" },
      timeout: 30_000,
    });
    expect(stdout).toContain(`npm run ${name}`);
  });
});
