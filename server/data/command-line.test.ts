// @vitest-environment node
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openCommandDatabase } from "./command-line";

describe("the database a command-line script opens (issue 36, item 3)", () => {
  const folder = mkdtempSync(join(tmpdir(), "karama-command-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("does not make a file that is not there, and says which", async () => {
    const path = join(folder, "none.sqlite");
    expect(await openCommandDatabase({ db: path })).toEqual({ database: null, missing: path });
    expect(existsSync(path)).toBe(false);
  });

  it("makes it when told to (an invitation before the first enquiry), migrated", async () => {
    const path = join(folder, "made.sqlite");
    const { database, missing } = await openCommandDatabase({ db: path, create: true });
    expect(missing).toBeNull();
    try {
      expect(await database?.db.selectFrom("enquiries").select("id").execute()).toEqual([]);
    } finally {
      await database?.close();
    }
    expect(existsSync(path)).toBe(true);
  });
});
