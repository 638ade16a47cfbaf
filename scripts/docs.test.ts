// @vitest-environment node
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { readSettings } from "../app/lib/settings";
import { readCmsSettings } from "../server/admin";
import { parseEnvFile } from "../server/env-file";
import { readInboxConfig } from "../server/inbox/config";
import { readChoreSettings } from "../server/office/chores";
import { readOfficeSetting } from "../server/office/config";
import { readServerSettings, settingsTable } from "../server/settings";
import { readTrustProxy } from "../server/trust-proxy";

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
  it("are the README and the five in docs/", () => {
    expect(docs.sort()).toEqual([
      "README.md",
      "docs/architecture.md",
      "docs/benchmarks.md",
      "docs/deploy.md",
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
    expect(withHelp.sort()).toEqual([
      "backup",
      "bench",
      "bench:inbox",
      "bench:office",
      "bench:passport",
      "bench:server",
      "bench:upload",
      "doctor",
      "enquiries",
      "office",
      "restore",
      "stats",
    ]);
  });

  // Each loads its command's modules first (the Lighthouse bench's are many): seconds, not milliseconds. One at a
  // time: six at once beside the rest of the suite took more than 30 s on a busy two-core machine.
  it.each(withHelp)("npm run %s -- --help answers with its usage", { timeout: 60_000 }, async (name) => {
    const script = /^tsx (scripts\/[\w-]+\.ts)$/.exec(scripts[name] ?? "")?.[1] ?? "";
    const { stdout } = await run(process.execPath, ["--import", "tsx", join(root, script), "--help"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: "" },
      timeout: 60_000,
    });
    expect(stdout).toContain(`npm run ${name}`);
  });
});

/*
 * Issue 35: every setting is in README's table and in .env.example, with the same default. The example's lines
 * are commented out; with the # taken away it is a settings file the server reads as if nothing were set.
 */
describe("the settings", () => {
  const readme = text("README.md");
  const section = readme.slice(readme.indexOf("## Settings"), readme.indexOf("## Enquiries"));
  const rowsOf = (table: string) =>
    [...table.matchAll(/^\| (`[A-Z][^|]*?) +\| (.*?) +\|/gm)].map((match) => ({
      names: [...(match[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((name) => name[1] ?? ""),
      default: match[2] ?? "",
    }));
  const rows = rowsOf(section);
  // The section's first table is the server's settings (server/settings.ts); the next, the build's and the tools'.
  const [serverTable = "", toolsTable = ""] = section.split("\n\n").filter((block) => block.startsWith("| variable"));
  const example = text(".env.example");
  const uncommented = example
    .split("\n")
    .filter((line) => /^# [A-Z][A-Z0-9_]*=/.test(line))
    .map((line) => line.slice(2))
    .join("\n");
  const values = parseEnvFile(uncommented, ".env.example");

  it("README's table and .env.example name the same ones (ENV_FILE, which names the file, is not in it)", () => {
    const documented = rows.flatMap((row) => row.names).filter((name) => name !== "ENV_FILE");
    expect(Object.keys(values).sort()).toEqual([...documented].sort());
    expect(rows.flatMap((row) => row.names)).toContain("ENV_FILE");
  });

  it("give the same default where README's is one value", () => {
    const different = rows.flatMap((row) => {
      const literal = /^`([^`]*)`$/.exec(row.default)?.[1];
      if (literal === undefined) return [];
      // Another setting's value (`SITE_URL`, `$BUILD_DIR/client`): left empty in the example.
      const expected = /^\$?[A-Z][A-Z0-9_]*(\/|$)/.test(literal) ? "" : literal;
      return row.names.filter((name) => values[name] !== expected).map((name) => `${name}: ${values[name]}`);
    });
    expect(different).toEqual([]);
  });

  it("are read from .env.example, uncommented, as from no settings at all", () => {
    expect(readSettings(values)).toEqual(readSettings({}));
    const settings = readSettings({});
    expect(readOfficeSetting(values, settings)).toEqual(readOfficeSetting({}, settings));
    expect(readInboxConfig(values, settings.email)).toEqual(readInboxConfig({}, settings.email));
    expect(readChoreSettings(values)).toEqual(readChoreSettings({}));
    expect(readCmsSettings(values)).toEqual(readCmsSettings({}));
    expect(readTrustProxy(values.TRUST_PROXY)).toBe(false);
    // BUILD_DIR and INBOX_DB are written out there as the paths the server takes when they are unset.
    const { BUILD_DIR, INBOX_DB, ...rest } = readServerSettings(values);
    expect([BUILD_DIR, INBOX_DB]).toEqual(["build", resolve(root, "data/inbox.sqlite")]);
    expect(rest).toEqual(readServerSettings({}));
  });
  /*
   * Issue 36: the server reads its settings through one schema, which is the truth: README's first table names
   * exactly its variables, each with the default the schema gives (a value in backticks, "empty", "unset", or the
   * words the schema itself gives for a default that another setting decides).
   */
  it("README's first table names exactly the variables of the server's settings schema", () => {
    const documented = rowsOf(serverTable).flatMap((row) => row.names);
    expect([...documented].sort()).toEqual(
      settingsTable()
        .map((row) => row.name)
        .sort(),
    );
  });

  it("README's first table gives each the schema's default", () => {
    const schema = new Map(settingsTable().map((row) => [row.name, row.default]));
    const different = rowsOf(serverTable).flatMap((row) =>
      row.names
        .filter((name) => schema.get(name) !== row.default)
        .map((name) => `${name}: README says ${row.default}, the schema ${schema.get(name)}`),
    );
    expect(different).toEqual([]);
  });

  it("README's second table is the build's and the tools' alone: none the server reads", () => {
    const tools = rowsOf(toolsTable).flatMap((row) => row.names);
    expect(tools.sort()).toEqual(["ADMIN_BACKEND_PORT", "ADMIN_PORT", "CHROME_PATH", "CONTENT_DIR"]);
  });
});
