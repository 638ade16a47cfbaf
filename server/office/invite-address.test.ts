// @vitest-environment node
import { execFile } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../env-file";
import { spawnServer } from "../testing/child-server";
import { makeFakeClientRoot, makeTempDir } from "../testing/fake-client";

/*
 * Issue 35, item 11: the invitation command prints the office's real address whatever shell it runs in. The
 * shell here holds nothing of the site's (no SITE_URL, no OFFICE_URL, no DATABASE_URL): only a settings file,
 * which the server reads too. The file is named by ENV_FILE rather than written as the project's own .env, which
 * a developer may have.
 */

const run = promisify(execFile);
const dir = makeTempDir("karama-invite-address-");
const clientRoot = makeFakeClientRoot();
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(clientRoot, { recursive: true, force: true });
});

const officeUrl = "https://office.karama-visa.example";
const envFile = join(dir, ".env");
writeFileSync(
  envFile,
  [
    "# as an agency's server would have it",
    "SITE_URL=https://www.karama-visa.example",
    `OFFICE_URL=${officeUrl}`,
    `DATABASE_URL=sqlite:${join(dir, "inbox.sqlite")}`,
    "",
  ].join("\n"),
);

/** A login shell's bare environment: the PATH to Node and npm, a home, and the settings file. */
const bareShell = { PATH: process.env.PATH ?? "", HOME: dir, ENV_FILE: envFile };

/** `npm run office -- …` from another folder than the project's, as from an SSH session's home. */
async function office(args: string[]) {
  try {
    const { stdout, stderr } = await run("npm", ["--prefix", repoRoot, "run", "--silent", "office", "--", ...args], {
      cwd: dir,
      env: bareShell,
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; code?: number };
    return { stdout: failed.stdout ?? "", stderr: failed.stderr ?? "", code: failed.code ?? -1 };
  }
}

describe("npm run office from a shell with only the settings file", () => {
  it("prints an invitation link at the office's address from the file, and says where it came from", async () => {
    const invited = await office(["invite", "--name", "Layla Haddad", "--role", "owner"]);
    expect(invited.stderr).toBe("");
    expect(invited.code).toBe(0);
    const lines = invited.stdout.trim().split("\n");
    expect(lines.at(-1)).toMatch(new RegExp(`^${officeUrl}/office/enrol/[A-Za-z0-9_-]{43}$`));
    expect(invited.stdout).toContain(`The office's address is OFFICE_URL, from ${envFile}.`);
    expect(invited.stdout).toContain(`SQLite ${join(dir, "inbox.sqlite")}`);
  });

  it("prints a new link (lost phone) at the same address", async () => {
    const link = await office(["link", "--name", "Layla Haddad"]);
    expect(link.code).toBe(0);
    expect(link.stdout.trim().split("\n").at(-1)).toMatch(new RegExp(`^${officeUrl}/office/enrol/`));
  });

  it("names the same office address as the server started from the same file", { timeout: 90_000 }, async () => {
    const server = await spawnServer({ CLIENT_ROOT: clientRoot }, 60_000, bareShell);
    try {
      expect(server.output()).toContain(`Back office: ${officeUrl}/office (OFFICE_URL)`);
      expect(server.output()).toContain("Public address: https://www.karama-visa.example (SITE_URL)");
      expect(server.output()).toContain(`Settings: the environment, then ${envFile}`);
    } finally {
      server.process.kill("SIGTERM");
      await server.exited;
    }
  });

  it("warns when neither address is set: the link would open on this computer only", async () => {
    const bare = join(dir, "bare.env");
    writeFileSync(bare, `DATABASE_URL=sqlite:${join(dir, "inbox.sqlite")}\n`);
    const { stdout, stderr } = await run(
      "npm",
      ["--prefix", repoRoot, "run", "--silent", "office", "--", "link", "--name", "Layla Haddad"],
      { cwd: dir, env: { ...bareShell, ENV_FILE: bare } },
    );
    expect(stdout.trim().split("\n").at(-1)).toMatch(/^http:\/\/localhost:3000\/office\/enrol\//);
    expect(stderr).toContain(
      "Neither OFFICE_URL nor SITE_URL is set, so this link opens only on this computer (http://localhost:3000)",
    );
  });

  it("stops with a clear message when the file has a mistake", async () => {
    const broken = join(dir, "broken.env");
    writeFileSync(broken, "SITE_URL https://www.karama-visa.example\n");
    const answer = await run(
      "npm",
      ["--prefix", repoRoot, "run", "--silent", "office", "--", "link", "--name", "Layla Haddad"],
      { cwd: dir, env: { ...bareShell, ENV_FILE: broken } },
    ).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain(`${broken}, line 1: not a setting. Write NAME=value`);
  });
});
