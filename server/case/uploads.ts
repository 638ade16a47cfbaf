/**
 * Papers sent from the traveller's phone, resumable (issue 56): the tus protocol (https://tus.io), served by
 * `@tus/server`, with a store of our own that keeps each piece sealed in the database as it arrives (CaseStore:
 * appendChunk), so a dropped connection or a closed tab loses nothing already sent, any server of several can take
 * the next piece, and nothing of a paper is ever kept in the clear. When the last byte is in, the paper is checked
 * from its bytes (server/papers/inspect.ts: its real type, re-encoded without metadata), kept sealed, and the
 * upload remembers the paper it became for a day (a traveller whose last answer was lost learns it arrived).
 *
 * Every request names its case with the link (the `Case-Link` header, never in the address), and an upload is only
 * ever reachable through the case it was made for.
 */
import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { randomBytes } from "node:crypto";
import { DataStore, ERRORS, MemoryLocker, Server, Upload } from "@tus/server";
import sharp from "sharp";
import type { CaseRecord, CaseStore } from "../data/cases/store";
import { fitsCase, inspectPaper, paperLimits, paperName } from "../papers/inspect";

export const uploadsPath = "/case/uploads";

/** Pieces of an upload are sealed and stored at this size: a dropped connection loses at most this much. */
export const pieceBytes = 256 * 1024;

/** What the tus server needs from the case room. */
export interface UploadsOptions {
  /** The cases, while the database is open. */
  cases: () => CaseStore | null;
  /** The case a request was let through for (the plugin resolved its link before handing it here). */
  caseOf: (request: IncomingMessage) => CaseRecord | undefined;
  /** The papers the case may be sent (its checklist's keys). */
  papersOf: (record: CaseRecord) => readonly string[];
  /** A paper was kept: staff are told (an alert). */
  onPaper?: (record: CaseRecord, paperId: string, paperKey: string) => void;
  /** At most this many papers are checked (decoded, re-encoded) at once on this server: memory stays bounded. */
  checksAtOnce?: number;
}

/** A refusal the traveller reads: tus answers it with this status and the message as the body. */
function refusal(status: number, message: string): { status_code: number; body: string } {
  return { status_code: status, body: `${message}\n` };
}

/** The tus store: the uploads' rows and sealed pieces in the database (CaseStore). */
export class SealedUploads extends DataStore {
  constructor(private readonly cases: () => CaseStore | null) {
    super();
    this.extensions = ["creation", "creation-with-upload"];
  }

  private store(): CaseStore {
    const store = this.cases();
    if (!store) throw refusal(503, "The server cannot take papers just now. Please try again in a minute.");
    return store;
  }

  override async create(upload: Upload): Promise<Upload> {
    const caseId = Number(upload.metadata?.case);
    const paperKey = upload.metadata?.paper ?? "";
    if (upload.size === undefined) throw ERRORS.INVALID_LENGTH;
    const id = await this.store().createUpload(
      { caseId, paperKey, name: upload.metadata?.filename ?? "", length: upload.size },
      new Date(),
      upload.id,
    );
    return new Upload({ ...upload, id, offset: 0 });
  }

  override async getUpload(id: string): Promise<Upload> {
    const found = await this.store().upload(id);
    if (!found) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: found.length,
      offset: found.paperId ? found.length : found.received,
      metadata: { case: String(found.caseId), paper: found.paperKey, filename: found.name },
      creation_date: found.createdAt,
    });
  }

  /** Stores what arrives, a piece at a time; what came before a dropped connection is kept. */
  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const store = this.store();
    let at = offset;
    let pending: Buffer[] = [];
    let size = 0;
    const flush = async () => {
      if (size === 0) return;
      const piece = Buffer.concat(pending, size);
      pending = [];
      size = 0;
      at = await store.appendChunk(id, at, piece, new Date());
    };
    try {
      for await (const chunk of stream) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        pending.push(bytes);
        size += bytes.length;
        if (size >= pieceBytes) await flush();
      }
      await flush();
      return at;
    } catch (error) {
      await flush().catch(() => {});
      throw error;
    }
  }

  override async remove(id: string): Promise<void> {
    await this.store().removeUpload(id);
  }
}

/** A small queue: at most `limit` checks at once (each decodes an image: tens of MB while it runs). */
function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/** The node request behind tus's request (srvx keeps it), to find the case the plugin let it through for. */
function nodeRequest(request: unknown): IncomingMessage | undefined {
  const runtime = (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime;
  return runtime?.node?.req;
}

/** The tus server for the case room's uploads. */
export function uploadsServer(options: UploadsOptions): Server {
  const check = limiter(options.checksAtOnce ?? 1);
  // libvips's cache of operations and files keeps decoded pixels for reuse: never useful here (each paper is new).
  sharp.cache(false);
  const caseOfRequest = (request: unknown): CaseRecord => {
    const node = nodeRequest(request);
    const record = node ? options.caseOf(node) : undefined;
    if (!record) throw refusal(404, "This link does not open a case.");
    return record;
  };
  return new Server({
    path: uploadsPath,
    datastore: new SealedUploads(options.cases),
    relativeLocation: true,
    maxSize: paperLimits.fileBytes,
    // Same-origin only: the plugin refuses a cross-site request before it gets here.
    allowedOrigins: () => false,
    // Per server; with several, CaseStore.appendChunk takes a piece only at the upload's offset, once.
    locker: new MemoryLocker(),
    namingFunction: () => randomBytes(16).toString("hex"),
    async onUploadCreate(request, upload) {
      const record = caseOfRequest(request);
      const paper = upload.metadata?.paper ?? "";
      if (!options.papersOf(record).includes(paper)) {
        throw refusal(400, "This paper is not one this case asks for. Reload the page and try again.");
      }
      const store = options.cases();
      if (!store) throw refusal(503, "The server cannot take papers just now. Please try again in a minute.");
      const [held, coming] = await Promise.all([store.held(record.id), store.uploading(record.id)]);
      const refused = fitsCase(
        { files: held.files + coming.files, bytes: held.bytes + coming.bytes },
        upload.size ?? 0,
      );
      if (refused) throw refusal(413, refused.message);
      return { metadata: { ...upload.metadata, paper, case: String(record.id) } };
    },
    async onUploadFinish(request, upload) {
      const record = caseOfRequest(request);
      const store = options.cases();
      if (!store) throw refusal(503, "The server cannot take papers just now. Please try again in a minute.");
      const paperKey = upload.metadata?.paper ?? "";
      const declared = upload.metadata?.filename ?? "";
      // The whole paper is in memory from here to its keeping (opened, decoded, written again, sealed): one or two
      // at a time, whatever the number of travellers sending at once, so the server's memory stays bounded.
      const paperId = await check(async () => {
        const inspected = await inspectPaper(await store.uploadBytes(upload.id), declared).catch(() => ({
          ok: false as const,
          message: "We could not read this file. Please take the photo again, or send it as a PDF.",
        }));
        if (!inspected.ok) {
          await store.removeUpload(upload.id);
          throw refusal(422, inspected.message);
        }
        return store.addPaper(
          record.id,
          {
            paperKey,
            name: paperName(declared, inspected.type),
            type: inspected.type,
            bytes: inspected.bytes,
            width: inspected.width,
            height: inspected.height,
          },
          null,
          new Date(),
        );
      });
      await store.finishUpload(upload.id, paperId, new Date());
      options.onPaper?.(record, paperId, paperKey);
      return { status_code: 204, headers: { "Paper-Id": paperId } };
    },
  });
}
