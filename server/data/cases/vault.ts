/**
 * The travellers' papers at rest (issue 56): each file sealed with AES-256-GCM under a key of its own, that key
 * sealed (wrapped) by the documents key, which is kept outside the database: `DOCUMENTS_KEY`, or a key file made at
 * first start (`DOCUMENTS_KEY_FILE`). A stolen database or backup holds only sealed bytes; a restored backup opens
 * with the key it was sealed under, and a server without that key says which one it lacks (by its fingerprint).
 *
 * A sealed file is bound to its row (`context`, e.g. "paper:<id>") as additional authenticated data, so bytes moved
 * from one row to another do not open.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

const algorithm = "aes-256-gcm";
const ivBytes = 12;
const tagBytes = 16;
const wrapContext = Buffer.from("karama documents key v1");

/** The documents key, and its fingerprint: what a sealed file names, without giving the key away. */
export interface DocumentsKey {
  id: string;
  key: Buffer;
}

/** A file as stored: which documents key wrapped its own key, that key wrapped, and its bytes sealed. */
export interface Sealed {
  keyId: string;
  /** The file's own key, sealed by the documents key: IV, tag and 32 bytes (60 bytes). */
  wrappedKey: Buffer;
  /** IV (12 bytes), tag (16 bytes), then the sealed bytes. */
  data: Buffer;
}

/** A sealed file names a documents key this server does not have: restored from another server, or the key lost. */
export class MissingKeyError extends Error {
  override name = "MissingKeyError";
  constructor(readonly keyId: string) {
    super(
      `the papers were sealed under documents key ${keyId}, which this server does not have: set DOCUMENTS_KEY ` +
        `(or DOCUMENTS_KEY_FILE) to that key, from where it was kept apart from the backups`,
    );
  }
}

/** The documents key of 32 bytes, with its fingerprint (the first 12 hex digits of a hash under a fixed label). */
export function documentsKey(key: Buffer): DocumentsKey {
  if (key.length !== 32) throw new Error("a documents key is 32 bytes");
  const id = createHash("sha256").update(wrapContext).update(key).digest("hex").slice(0, 12);
  return { id, key: Buffer.from(key) };
}

/** The keys a server can open with: the first seals what is new. */
export class Keyring {
  private readonly byId: Map<string, DocumentsKey>;
  constructor(readonly keys: readonly [DocumentsKey, ...DocumentsKey[]] | DocumentsKey[]) {
    if (keys.length === 0) throw new Error("a keyring needs a key");
    this.byId = new Map(keys.map((key) => [key.id, key]));
  }
  get current(): DocumentsKey {
    return this.keys[0] as DocumentsKey;
  }
  find(id: string): DocumentsKey | undefined {
    return this.byId.get(id);
  }
}

function encrypt(key: Buffer, plain: Buffer, aad: Buffer): Buffer {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv(algorithm, key, iv, { authTagLength: tagBytes });
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function decrypt(key: Buffer, sealed: Buffer, aad: Buffer): Buffer {
  const iv = sealed.subarray(0, ivBytes);
  const tag = sealed.subarray(ivBytes, ivBytes + tagBytes);
  const decipher = createDecipheriv(algorithm, key, iv, { authTagLength: tagBytes });
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(sealed.subarray(ivBytes + tagBytes)), decipher.final()]);
  } catch {
    throw new Error("a sealed paper could not be opened: it was changed, or belongs to another row");
  }
}

/** A key of a file's own (or an upload's), and the same key wrapped by the documents key for keeping. */
export interface FileKey {
  keyId: string;
  wrappedKey: Buffer;
  key: Buffer;
}

const wrapAad = (context: string) => Buffer.concat([wrapContext, Buffer.from(context)]);

/** A fresh key for one file or upload, wrapped by `documents`; `context` binds the wrapped key to its row. */
export function newFileKey(documents: DocumentsKey, context: string): FileKey {
  const key = randomBytes(32);
  return { keyId: documents.id, wrappedKey: encrypt(documents.key, key, wrapAad(context)), key };
}

/** A kept file's (or upload's) key, unwrapped; a documents key the keyring lacks is a MissingKeyError. */
export function unwrapFileKey(keyId: string, wrappedKey: Buffer, keys: Keyring, context: string): Buffer {
  const documents = keys.find(keyId);
  if (!documents) throw new MissingKeyError(keyId);
  return decrypt(documents.key, wrappedKey, wrapAad(context));
}

/** Bytes sealed under a file's key: IV, tag, sealed bytes; `context` (its row, its place) authenticated with them. */
export function sealWith(key: Buffer, plain: Buffer, context: string): Buffer {
  return encrypt(key, plain, Buffer.from(context));
}

/** The bytes `sealWith` sealed, or an error when they were changed or belong elsewhere. */
export function openWith(key: Buffer, sealed: Buffer, context: string): Buffer {
  return decrypt(key, sealed, Buffer.from(context));
}

/** Seals a file under a fresh key of its own, wrapped by `documents`; `context` binds it to its row. */
export function seal(plain: Buffer, documents: DocumentsKey, context: string): Sealed {
  const fileKey = newFileKey(documents, context);
  const sealed = { keyId: fileKey.keyId, wrappedKey: fileKey.wrappedKey, data: sealWith(fileKey.key, plain, context) };
  fileKey.key.fill(0);
  return sealed;
}

/** Opens a sealed file with the keyring; a key it lacks is a MissingKeyError naming it. */
export function openSealed(sealed: Sealed, keys: Keyring, context: string): Buffer {
  const fileKey = unwrapFileKey(sealed.keyId, sealed.wrappedKey, keys, context);
  try {
    return openWith(fileKey, sealed.data, context);
  } finally {
    fileKey.fill(0);
  }
}

/** `DOCUMENTS_KEY` as written: 32 bytes in hex (64 digits), base64 or base64url. */
export function readKeyText(text: string): Buffer {
  const trimmed = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, "hex")
    : /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)
      ? Buffer.from(trimmed.replace(/-/g, "+").replace(/_/g, "/"), "base64")
      : Buffer.alloc(0);
  if (bytes.length !== 32) {
    throw new Error("must be 32 bytes, written as 64 hex digits or in base64 (make one: openssl rand -base64 32)");
  }
  return bytes;
}

/**
 * The key file: read, or made at first start (32 random bytes in base64, readable by the server's user alone).
 * Never in the database, and never in the backups' folder: it is backed up apart (README, docs/deploy.md).
 */
export function keyFile(path: string): { key: DocumentsKey; made: boolean } {
  if (existsSync(path)) {
    try {
      return { key: documentsKey(readKeyText(readFileSync(path, "utf8"))), made: false };
    } catch (error) {
      throw new Error(`${path}: the documents key file ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  mkdirSync(dirname(path), { recursive: true });
  const key = randomBytes(32);
  // "wx": never over a file another server process made meanwhile.
  writeFileSync(path, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(path, 0o600);
  return { key: documentsKey(key), made: true };
}
