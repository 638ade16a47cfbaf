import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DatabaseSettingError, describeDatabase, readDatabaseSetting, withoutPassword } from "./settings";

const fallback = "/srv/site/data/inbox.sqlite";

describe("DATABASE_URL", () => {
  it("is SQLite at the default file when unset, or at INBOX_DB as before", () => {
    expect(readDatabaseSetting({}, fallback)).toEqual({ engine: "sqlite", path: fallback });
    expect(readDatabaseSetting({ DATABASE_URL: "  " }, fallback)).toEqual({ engine: "sqlite", path: fallback });
    expect(readDatabaseSetting({ INBOX_DB: "tmp/x.sqlite" }, fallback)).toEqual({
      engine: "sqlite",
      path: resolve("tmp/x.sqlite"),
    });
  });

  it("takes sqlite: with a relative or an absolute file", () => {
    expect(readDatabaseSetting({ DATABASE_URL: "sqlite:data/a.sqlite" }, fallback)).toEqual({
      engine: "sqlite",
      path: resolve("data/a.sqlite"),
    });
    expect(readDatabaseSetting({ DATABASE_URL: "sqlite:/var/lib/a.sqlite" }, fallback)).toEqual({
      engine: "sqlite",
      path: "/var/lib/a.sqlite",
    });
    expect(readDatabaseSetting({ DATABASE_URL: "sqlite:///var/lib/a.sqlite" }, fallback)).toEqual({
      engine: "sqlite",
      path: "/var/lib/a.sqlite",
    });
  });

  it("takes postgres:// and postgresql://, and shows them without the password", () => {
    const setting = readDatabaseSetting({ DATABASE_URL: "postgres://site:s3cret@db.internal:5432/karama" }, fallback);
    expect(setting).toEqual({
      engine: "postgres",
      url: "postgres://site:s3cret@db.internal:5432/karama",
      safeUrl: "postgres://site:***@db.internal:5432/karama",
    });
    expect(describeDatabase(setting)).toBe("PostgreSQL postgres://site:***@db.internal:5432/karama");
    expect(readDatabaseSetting({ DATABASE_URL: "postgresql://db/karama" }, fallback).engine).toBe("postgres");
  });

  it.each([
    ["mysql://root:hunter2@db/karama", /must start with postgres:\/\/ or sqlite: \(got mysql:\)/],
    ["db.internal/karama", /must start with postgres:\/\/ or sqlite:/],
    ["sqlite:", /sqlite: needs a file/],
    ["postgres://site:hunter2@/karama", /not a valid address/],
    ["postgres:///karama", /names no host/],
    ["postgres://site:hunter2@db.internal:5432", /names no database/],
    ["postgres://site:hunter2@db.internal:99999/karama", /not a valid address|not a port/],
    ["postgres://site:hunter2@db internal/karama", /not a valid address/],
  ])("refuses %s with a message naming DATABASE_URL, never the password", (value, message) => {
    let thrown: unknown;
    try {
      readDatabaseSetting({ DATABASE_URL: value }, fallback);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DatabaseSettingError);
    const text = (thrown as Error).message;
    expect(text).toMatch(/DATABASE_URL/);
    expect(text).toMatch(message);
    expect(text).not.toContain("hunter2");
  });

  it("hides a password even in an address it cannot parse", () => {
    expect(withoutPassword("postgres://site:hunter2@db internal/karama")).not.toContain("hunter2");
    expect(withoutPassword("postgres://db/karama")).toBe("postgres://db/karama");
  });
});

describe("a server started with a bad DATABASE_URL", () => {
  it("stops at once, naming the variable and what is wrong, never the password", async () => {
    const script = join(import.meta.dirname, "..", "index.ts");
    const result = await new Promise<{ code: number | null; stderr: string; stdout: string }>((done) => {
      execFile(
        process.execPath,
        ["--import", "tsx", script],
        { env: { ...process.env, DATABASE_URL: "mysql://site:hunter2@db.internal/karama", PORT: "0", LOG: "off" } },
        (error, stdout, stderr) => done({ code: error ? (error.code as number) : 0, stdout, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "The server cannot start: DATABASE_URL must start with postgres:// or sqlite: (got mysql:); leave it unset " +
        "for data/inbox.sqlite\n",
    );
    expect(result.stdout + result.stderr).not.toContain("hunter2");
    // A whole server process's start-up, as spawnServer allows one (60 s): 30 s ran out at a load of 12 on two cores.
  }, 60_000);
});
