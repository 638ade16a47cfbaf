import type { FastifyRequest } from "fastify";
import { InboxError } from "./errors";
import { bodyLimit, maxFields } from "./limits";

export type Fields = Map<string, string>;

const tooLarge = () => new InboxError(413, `The submission is too large (at most ${bodyLimit / 1024} KiB)`);
const tooMany = () => new InboxError(400, `Too many fields (at most ${maxFields})`);

function addField(fields: Fields, name: string, value: string): void {
  if (fields.has(name)) throw new InboxError(400, `The field ${name} is sent more than once`);
  if (fields.size >= maxFields) throw tooMany();
  fields.set(name, value);
}

/**
 * The fields of a multipart form. Files are refused by the parser's limits (files: 0). Busboy reports a body that
 * ends early or is not multipart at all as a plain error; it is turned into a 400 here.
 */
export async function readMultipart(request: FastifyRequest): Promise<Fields> {
  const fields: Fields = new Map();
  let size = 0;
  try {
    const parts = request.parts();
    const ending = watchClosingBoundary(request);
    for await (const part of parts) {
      if (part.type === "file") throw new InboxError(400, "File uploads are not accepted");
      if (part.fieldnameTruncated || part.valueTruncated) throw tooLarge();
      const value = typeof part.value === "string" ? part.value : JSON.stringify(part.value);
      // Chunked bodies have no Content-Length to check up front, so the fields are counted as they arrive.
      size += Buffer.byteLength(part.fieldname) + Buffer.byteLength(value);
      if (size > bodyLimit) throw tooLarge();
      addField(fields, part.fieldname, value);
    }
    if (!ending.seen()) throw new Error("the body ends before the closing boundary");
  } catch (error) {
    if (error instanceof InboxError || hasStatus(error)) throw error;
    throw new InboxError(400, `Malformed multipart form: ${error instanceof Error ? error.message : "unreadable"}`);
  }
  return fields;
}

/**
 * The multipart plugin treats a body cut short as a normal end, which would store a form missing its last fields.
 * This watches the raw bytes (alongside the parser, not instead of it) for the closing delimiter "--boundary--".
 */
function watchClosingBoundary(request: FastifyRequest): { seen: () => boolean } {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers["content-type"] ?? "");
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return { seen: () => false };
  const closing = Buffer.from(`--${boundary}--`);
  let tail = Buffer.alloc(0);
  let seen = false;
  const onData = (chunk: Buffer) => {
    if (seen) return;
    const window = Buffer.concat([tail, chunk]);
    seen = window.includes(closing);
    tail = window.subarray(Math.max(0, window.length - closing.length + 1));
  };
  request.raw.on("data", onData);
  return {
    seen: () => {
      request.raw.off("data", onData);
      return seen;
    },
  };
}

function hasStatus(error: unknown): boolean {
  return typeof error === "object" && error !== null && "statusCode" in error;
}

/** The fields of a JSON object whose values are text (numbers are taken as their text). */
export function readJson(body: unknown): Fields {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new InboxError(400, "The JSON body must be an object of fields");
  }
  const fields: Fields = new Map();
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === "string") addField(fields, name, value);
    else if (typeof value === "number" && Number.isFinite(value)) addField(fields, name, String(value));
    else if (value !== null) throw new InboxError(400, `The field ${name} must be text`);
  }
  return fields;
}
