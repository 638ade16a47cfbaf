// @vitest-environment node
import Database from "better-sqlite3";
import { isUtf8 } from "node:buffer";
import { connect } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../data/testing/engines";
import { removeTestDirs, type Running, startOn, validEnquiry } from "../testing/inbox-server";
import { defaultSpamConfig } from "./spam";

/*
 * Property-based tests: random multipart and JSON bodies, headers and Unicode (lone surrogates and invalid UTF-8
 * bytes included), sent as raw bytes to the running server on loopback. Whatever comes, the server answers (no
 * crash, no 5xx) and everything it stores is valid UTF-8. The runs are few enough to take a few seconds.
 */

const numRuns = 120;
let server: Running;
let port: number;

afterAll(removeTestDirs);

/** One request on its own connection, written byte for byte; resolves with the status line's code (0: none). */
function rawRequest(head: Buffer, body: Buffer): Promise<{ status: number; reply: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // The server may close the connection on a bad request before all of it is written.
      if (error.code === "ECONNRESET" || error.code === "EPIPE") socket.destroy();
      else reject(error);
    });
    socket.on("close", () => {
      const reply = Buffer.concat(chunks).toString("latin1");
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(reply)?.[1] ?? 0), reply });
    });
    socket.setTimeout(5_000, () => socket.destroy());
    // A whole request is written, not ended: a client that half-closes its side (FIN) before the answer makes
    // Node's HTTP server drop the answer (its default for a half-closed socket), which browsers never see, and an
    // answer that waits on PostgreSQL always comes after the FIN. Connection: close ends it. A request whose body
    // is shorter than it says is ended, or the server would wait for the rest.
    const declared = /\r\nContent-Length: (\d+)\r\n/i.exec(head.toString("latin1"))?.[1];
    if (declared !== undefined && Number(declared) === body.length) socket.write(Buffer.concat([head, body]));
    else socket.end(Buffer.concat([head, body]));
  });
}

/** A header block: the request line, the given headers in order, Connection: close and Content-Length. */
function headOf(headers: [string, Buffer | string][], bodyLength: number | null): Buffer {
  const lines: Buffer[] = [Buffer.from("POST /api/submit HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n")];
  for (const [name, value] of headers) lines.push(Buffer.from(`${name}: `), Buffer.from(value), Buffer.from("\r\n"));
  if (bodyLength !== null) lines.push(Buffer.from(`Content-Length: ${bodyLength}\r\n`));
  lines.push(Buffer.from("\r\n"));
  return Buffer.concat(lines);
}

/**
 * Text as a careless or hostile client encodes it: each UTF-16 code unit on its own, so a lone surrogate becomes
 * the three bytes UTF-8 forbids (ED A0 80 and the like) instead of a replacement character.
 */
function wtf8(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i) ?? 0;
    if (code > 0xffff) i++;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return Buffer.from(bytes);
}

/** JSON text with the lone surrogates JSON.stringify escapes (\\udXXX) put back as they are. */
function unescapeSurrogates(json: string): string {
  return json.replace(/\\u(d[89a-f][0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
/** Any code point, lone surrogates, controls and the odd bidirectional override, in short strings. */
const unicode = fc.string({
  unit: fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
    { weight: 2, arbitrary: loneSurrogate },
    { weight: 1, arbitrary: fc.constantFrom("\u0000", "\r\n", "\u202e", "\ufeff", "\uffff", "'", '"', "--") },
  ),
  maxLength: 40,
});
const fieldName = fc.oneof(
  fc.constantFrom(
    "name",
    "email",
    "phone",
    "phoneNo",
    "visa_type",
    "date",
    "message",
    "subject",
    "adult",
    "child",
    "access_key",
    "to_email",
    "botcheck",
    "altcha",
    "__proto__",
    "constructor",
  ),
  unicode,
);
/** Bytes that may be text in any encoding, or none. */
const bytes = fc.oneof(
  unicode.map(wtf8),
  fc.uint8Array({ maxLength: 60 }).map((array) => Buffer.from(array)),
);
/** An `altcha` field: empty, base64 of random or half-right JSON, or garbage. */
const altcha = fc.oneof(
  fc.constant(""),
  unicode,
  fc
    .record({ challenge: fc.anything(), solution: fc.anything() }, { requiredKeys: [] })
    .map((value) => Buffer.from(JSON.stringify(value) ?? "").toString("base64")),
);
const plausible = fc.record({
  name: unicode.filter((text) => text.trim() !== ""),
  email: fc.constantFrom("aisha@example.com", "", "not-an-email"),
  message: unicode,
  subject: unicode,
  altcha,
});

/**
 * Every text column of every table, as stored bytes: each must be valid UTF-8. SQLite stores whatever bytes it is
 * given, so they are read raw; PostgreSQL refuses text that is not valid UTF-8 itself, so there the rows are
 * counted (each read back through the data layer).
 */
async function storedTextIsUtf8(): Promise<{ rows: number; invalid: string[] }> {
  if (server.database.engine === "postgres") return { rows: (await server.stored()).length, invalid: [] };
  const db = new Database(server.dbPath, { readonly: true });
  try {
    const invalid: string[] = [];
    let rows = 0;
    for (const table of ["enquiries", "outbox"]) {
      const columns = db.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`).all();
      for (const { name } of columns) {
        const values = db
          .prepare<[], { value: Buffer | null }>(`SELECT CAST("${name}" AS BLOB) AS value FROM ${table}`)
          .all();
        if (table === "enquiries" && name === "id") rows = values.length;
        for (const { value } of values)
          if (value && !isUtf8(value)) invalid.push(`${table}.${name}: ${value.toString("hex")}`);
      }
    }
    return { rows, invalid };
  } finally {
    db.close();
  }
}

const answered = (status: number) => status >= 200 && status < 500;

describe.each(engines)(
  "fuzzed on %s: random bodies, headers and Unicode never crash the server, get a 5xx or store bad UTF-8",
  (engine) => {
    beforeAll(async () => {
      server = await startOn(engine, { inbox: { spam: { ...defaultSpamConfig, powMaxNumber: 1_000, minFillMs: 0 } } });
      port = Number(new URL(server.origin).port);
    });
    afterAll(async () => {
      await server.app.close();
    });

    it("multipart bodies: random parts, names, bytes, charsets, files, cut short or never closed", async () => {
      const part = fc.record({
        name: fc.oneof(fieldName.map(wtf8), bytes),
        value: fc.oneof(
          unicode.map(wtf8),
          bytes,
          altcha.map((text) => Buffer.from(text)),
        ),
        type: fc.constantFrom("", "text/plain; charset=utf-8", "text/plain; charset=latin1", "text/plain; charset=x"),
        filename: fc.option(fc.constantFrom("a.txt", "../../etc/passwd", ""), { nil: undefined }),
      });
      const boundary = fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,70}$/);
      await fc.assert(
        fc.asyncProperty(
          boundary,
          fc.array(part, { maxLength: 12 }),
          fc.constantFrom("whole", "unclosed", "cut"),
          fc.nat(),
          async (boundary, parts, ending, cutAt) => {
            const chunks: Buffer[] = [];
            for (const { name, value, type, filename } of parts) {
              chunks.push(
                Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="`),
                name,
                Buffer.from(`"${filename === undefined ? "" : `; filename="${filename}"`}\r\n`),
                Buffer.from(type ? `Content-Type: ${type}\r\n\r\n` : "\r\n"),
                value,
                Buffer.from("\r\n"),
              );
            }
            if (ending !== "unclosed") chunks.push(Buffer.from(`--${boundary}--\r\n`));
            let body = Buffer.concat(chunks);
            if (ending === "cut") body = body.subarray(0, cutAt % (body.length + 1));
            const head = headOf([["Content-Type", `multipart/form-data; boundary=${boundary}`]], body.length);
            const { status, reply } = await rawRequest(head, body);
            expect(answered(status), reply).toBe(true);
          },
        ),
        { numRuns },
      );
    });

    it("JSON bodies: random objects and values, lone surrogates escaped or raw, broken JSON", async () => {
      const value = fc.oneof(
        { weight: 4, arbitrary: unicode },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
      );
      const object = fc.oneof(
        plausible.map((fields): Record<string, unknown> => fields),
        fc.dictionary(fieldName, value, { maxKeys: 12 }),
        fc.jsonValue({ maxDepth: 2 }),
      );
      await fc.assert(
        fc.asyncProperty(object, fc.constantFrom("escaped", "raw", "broken"), fc.nat(), async (object, how, cutAt) => {
          const text = JSON.stringify(object) ?? "null";
          // Raw: lone surrogates written as bytes, not as the \\u escapes JSON.stringify gives them.
          const raw = how === "escaped" ? Buffer.from(text) : wtf8(unescapeSurrogates(text));
          const body = how === "broken" ? raw.subarray(0, cutAt % (raw.length + 1)) : raw;
          const { status, reply } = await rawRequest(headOf([["Content-Type", "application/json"]], body.length), body);
          expect(answered(status), reply).toBe(true);
        }),
        { numRuns },
      );
    });

    it("headers: random Content-Type, Origin, Sec-Fetch-Site, lengths and extra headers with any bytes", async () => {
      const headerValue = fc.oneof(
        unicode.map(wtf8),
        fc
          .uint8Array({ maxLength: 40 })
          .map((array) => Buffer.from(array.filter((byte) => byte !== 10 && byte !== 13))),
      );
      const contentType = fc.oneof(
        fc.constantFrom(
          "application/json",
          "application/json; charset=utf-16",
          "APPLICATION/JSON",
          "application/x-www-form-urlencoded",
          "multipart/form-data",
          "multipart/form-data; boundary=",
          'multipart/form-data; boundary="a b"',
          "text/plain",
        ),
        headerValue,
      );
      const extra = fc.array(fc.tuple(fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,20}$/), headerValue), {
        maxLength: 6,
      });
      await fc.assert(
        fc.asyncProperty(
          contentType,
          fc.option(headerValue, { nil: undefined }),
          fc.option(fc.constantFrom("same-origin", "cross-site", "none", "same-site", ""), { nil: undefined }),
          extra,
          fc.option(fc.integer({ min: -1, max: 100_000 }), { nil: undefined }),
          plausible,
          async (type, origin, fetchSite, extras, length, fields) => {
            const body = Buffer.from(JSON.stringify(fields));
            const headers: [string, Buffer | string][] = [["Content-Type", type], ...extras];
            if (origin !== undefined) headers.push(["Origin", origin]);
            if (fetchSite !== undefined) headers.push(["Sec-Fetch-Site", fetchSite]);
            // A Content-Length that lies (or none, with the connection's close ending the body).
            const head = headOf(headers, length === undefined ? body.length : length);
            const { status, reply } = await rawRequest(head, body);
            expect(answered(status), reply).toBe(true);
          },
        ),
        { numRuns },
      );
    });

    it("stores what it takes as valid UTF-8: names and messages with lone surrogates, escaped or raw", async () => {
      const text = unicode.filter((value) => !value.includes("\u0000"));
      let taken = 0;
      await fc.assert(
        fc.asyncProperty(
          text,
          text,
          fc.constantFrom("json escaped", "json raw", "multipart"),
          async (name, message, how) => {
            let head: Buffer;
            let body: Buffer;
            if (how === "multipart") {
              const fields = { ...validEnquiry, name: `Fuzz ${name}`, message };
              body = Buffer.concat(
                Object.entries(fields).flatMap(([field, value]) => [
                  Buffer.from(`--XyZ\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n`),
                  wtf8(value),
                  Buffer.from("\r\n"),
                ]),
              );
              body = Buffer.concat([body, Buffer.from("--XyZ--\r\n")]);
              head = headOf([["Content-Type", "multipart/form-data; boundary=XyZ"]], body.length);
            } else {
              const json = JSON.stringify({ name: `Fuzz ${name}`, message });
              body = how === "json raw" ? wtf8(unescapeSurrogates(json)) : Buffer.from(json);
              head = headOf([["Content-Type", "application/json"]], body.length);
            }
            const { status, reply } = await rawRequest(head, body);
            expect(status, reply).toBe(200);
            taken++;
          },
        ),
        { numRuns },
      );
      const { rows, invalid } = await storedTextIsUtf8();
      expect(rows).toBeGreaterThanOrEqual(taken);
      expect(invalid).toEqual([]);
    });
  },
);
