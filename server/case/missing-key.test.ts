import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { documentsKey, Keyring } from "../data/cases/vault";
import { newDbPath, start } from "../testing/inbox-server";
import { databaseWithPaper } from "../testing/papers";

/*
 * Issue 56: a server started on a database (a backup put back, another server's) whose papers were sealed under a
 * documents key it does not have says so at its start, naming the key by its fingerprint; it opens none of them.
 */
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

describe("a server without the documents key its papers were sealed under", () => {
  it("names the missing key in its log at start, and starts (the site and the office still work)", async () => {
    const dbPath = newDbPath();
    const sealedUnder = documentsKey(Buffer.alloc(32, 21));
    await databaseWithPaper(dbPath, sealedUnder);

    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const other = new Keyring([documentsKey(Buffer.alloc(32, 22))]);
    const server = await start({
      dbPath,
      server: { logger: { level: "info", stream }, documents: { keyring: other, keepDays: 30, from: "DOCUMENTS_KEY" } },
    });
    closing.push(() => server.app.close());
    const said = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(said).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: expect.stringContaining(`sealed under documents key ${sealedUnder.id}, which this server does not have`),
      }),
    );
    expect((await fetch(`${server.origin}/`)).status).toBe(200);
  });
});
