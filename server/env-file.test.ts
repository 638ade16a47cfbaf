// @vitest-environment node
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  buildStampName,
  EnvFileError,
  envFilePath,
  loadEnvFile,
  parseEnvFile,
  repoRoot,
  testBuildProblem,
} from "./env-file";

const dir = join(tmpdir(), `karama-env-file-${process.pid}`);
mkdirSync(dir, { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** A settings file of the test's own; ENV_FILE points at it. */
function file(text: string): string {
  const path = join(dir, `settings-${++files}.env`);
  writeFileSync(path, text);
  return path;
}

describe("the settings file (.env)", () => {
  it("is the .env file beside the project, whatever the working folder", () => {
    expect(envFilePath({})).toBe(join(repoRoot, ".env"));
    expect(envFilePath({ ENV_FILE: "" })).toBe(join(repoRoot, ".env"));
    expect(repoRoot).toBe(join(import.meta.dirname, ".."));
  });

  it("is read with Node's own parser: comments, quotes, export, values over several lines", () => {
    expect(
      parseEnvFile(
        [
          "# the agency's settings",
          "",
          "SITE_URL=https://www.example.ae",
          "  AGENCY_NAME = 'Karama Visa & Travel'  ",
          'export MAIL_FROM="office@example.ae" # the sender',
          'SMTP_PASS="two',
          'lines"',
          "EMPTY=",
        ].join("\n"),
        "/x/.env",
      ),
    ).toEqual({
      SITE_URL: "https://www.example.ae",
      AGENCY_NAME: "Karama Visa & Travel",
      MAIL_FROM: "office@example.ae",
      SMTP_PASS: "two\nlines",
      EMPTY: "",
    });
  });

  it("fills only what the real environment does not set: the environment wins, even when it sets it empty", () => {
    const env: Record<string, string | undefined> = {
      ENV_FILE: file("SITE_URL=https://from-file.example\nOFFICE_URL=https://office.from-file.example\nPORT=4000\n"),
      SITE_URL: "https://from-shell.example",
      PORT: "",
    };
    const loaded = loadEnvFile(env);
    expect(env.SITE_URL).toBe("https://from-shell.example");
    expect(env.PORT).toBe("");
    expect(env.OFFICE_URL).toBe("https://office.from-file.example");
    expect(loaded).toEqual({ file: env.ENV_FILE, applied: ["OFFICE_URL"], overridden: ["PORT", "SITE_URL"] });
  });

  it("is not needed: without one, the environment alone is read", () => {
    const env: Record<string, string | undefined> = { ENV_FILE: join(dir, "absent", ".env") };
    expect(() => loadEnvFile(env)).toThrow(EnvFileError);
    // The default file may be missing; one named in ENV_FILE must exist (a typo there would go unnoticed).
    const missingDefault = loadEnvFile({}, join(dir, "no-project-here"));
    expect(missingDefault).toEqual({ file: null, applied: [], overridden: [] });
  });

  it("names the missing file ENV_FILE gave", () => {
    const path = join(dir, "typo.env");
    expect(() => loadEnvFile({ ENV_FILE: path })).toThrow(`ENV_FILE names ${path}, which does not exist`);
  });

  it("is never read with ENV_FILE=off (the tests)", () => {
    const env: Record<string, string | undefined> = { ENV_FILE: "off" };
    mkdirSync(join(dir, "project"), { recursive: true });
    writeFileSync(join(dir, "project", ".env"), "SITE_URL=https://leak.example\n");
    expect(loadEnvFile(env, join(dir, "project"))).toEqual({ file: null, applied: [], overridden: [] });
    expect(env.SITE_URL).toBeUndefined();
    // The same folder without the switch: the file is read.
    const read: Record<string, string | undefined> = {};
    loadEnvFile(read, join(dir, "project"));
    expect(read.SITE_URL).toBe("https://leak.example");
  });

  it("refuses a line that is not NAME=value, naming the file and the line but never its text", () => {
    const path = file("SITE_URL=https://www.example.ae\n\nSMTP_PASS hunter2\n");
    const env: Record<string, string | undefined> = { ENV_FILE: path };
    let message = "";
    try {
      loadEnvFile(env);
    } catch (error) {
      expect(error).toBeInstanceOf(EnvFileError);
      message = (error as Error).message;
    }
    expect(message).toBe(
      `${path}, line 3: not a setting. Write NAME=value (such as SITE_URL=https://www.example.ae); a line ` +
        "starting with # is a comment",
    );
    expect(message).not.toContain("hunter2");
    // Nothing is applied from a file with a mistake in it.
    expect(env.SITE_URL).toBeUndefined();
  });

  it("refuses a quote that is never closed, and a name that is not one", () => {
    expect(() => parseEnvFile('SITE_URL=https://a.example\nAGENCY_NAME="Karama\nPORT=3000\n', "/x/.env")).toThrow(
      "/x/.env, line 2: the value's opening \" is never closed",
    );
    expect(() => parseEnvFile("SITE-URL=https://a.example\n", "/x/.env")).toThrow("/x/.env, line 1: not a setting");
  });

  it("says so when the file cannot be read", () => {
    const folder = join(dir, "a-folder.env");
    mkdirSync(folder, { recursive: true });
    expect(() => loadEnvFile({ ENV_FILE: folder })).toThrow(`${folder} cannot be read`);
  });
});

describe("the tests and a developer's .env", () => {
  it("is never read by the unit tests, nor by the servers and commands they start (vitest.config.ts)", () => {
    expect(process.env.ENV_FILE).toBe("off");
  });

  it("stops the end-to-end tests on a build that took settings from a .env, and only then", () => {
    const build = join(dir, "build");
    mkdirSync(build, { recursive: true });
    expect(testBuildProblem(build)).toBeNull();
    writeFileSync(join(build, buildStampName), JSON.stringify({ file: null, applied: [], overridden: [] }));
    expect(testBuildProblem(build)).toBeNull();
    writeFileSync(
      join(build, buildStampName),
      JSON.stringify({ file: "/home/dev/karama/.env", applied: ["AGENCY_PHONE", "SITE_URL"], overridden: [] }),
    );
    expect(testBuildProblem(build)).toBe(
      `The build in ${build} took AGENCY_PHONE, SITE_URL from /home/dev/karama/.env; the end-to-end tests need a ` +
        'build from the environment alone: run "ENV_FILE=off npm run build" first (npm test does this itself).',
    );
  });
});
