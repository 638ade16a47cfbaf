import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { documentsKey, Keyring, MissingKeyError, readKeyText, keyFile, openSealed, seal } from "./vault";

const folder = mkdtempSync(join(tmpdir(), "karama-vault-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const secret = Buffer.alloc(32, 7);

describe("the documents' vault", () => {
  it("seals a file with a key of its own, wrapped by the documents key, and opens it again", () => {
    const key = documentsKey(secret);
    const plain = Buffer.from("a passport's first page, as bytes");
    const sealed = seal(plain, key, "paper:abc");
    expect(sealed.keyId).toBe(key.id);
    expect(sealed.data.includes(plain)).toBe(false);
    expect(sealed.wrappedKey).toHaveLength(60);
    expect(openSealed(sealed, new Keyring([key]), "paper:abc").equals(plain)).toBe(true);
  });

  it("never seals two files alike, even the same bytes", () => {
    const key = documentsKey(secret);
    const plain = Buffer.alloc(1000, 1);
    const one = seal(plain, key, "paper:1");
    const two = seal(plain, key, "paper:1");
    expect(one.data.equals(two.data)).toBe(false);
    expect(one.wrappedKey.equals(two.wrappedKey)).toBe(false);
  });

  it("refuses a sealed file moved to another row, or changed by one bit", () => {
    const key = documentsKey(secret);
    const sealed = seal(Buffer.from("photo"), key, "paper:1");
    const keys = new Keyring([key]);
    expect(() => openSealed(sealed, keys, "paper:2")).toThrow(/could not be opened/);
    const changed = Buffer.from(sealed.data);
    changed.writeUInt8(changed.readUInt8(changed.length - 1) ^ 1, changed.length - 1);
    expect(() => openSealed({ ...sealed, data: changed }, keys, "paper:1")).toThrow(/could not be opened/);
  });

  it("says which key is missing when the file was sealed under another", () => {
    const sealed = seal(Buffer.from("photo"), documentsKey(secret), "paper:1");
    const other = new Keyring([documentsKey(Buffer.alloc(32, 9))]);
    let error: unknown;
    try {
      openSealed(sealed, other, "paper:1");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(MissingKeyError);
    expect((error as MissingKeyError).keyId).toBe(documentsKey(secret).id);
    expect(String(error)).toContain(documentsKey(secret).id);
  });

  it("names a key by a short fingerprint that does not give the key away", () => {
    const { id } = documentsKey(secret);
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(secret.toString("hex")).not.toContain(id);
  });

  it("reads DOCUMENTS_KEY as 32 bytes in base64, base64url or hex, and refuses anything else", () => {
    expect(readKeyText(secret.toString("base64")).equals(secret)).toBe(true);
    expect(readKeyText(secret.toString("base64url")).equals(secret)).toBe(true);
    expect(readKeyText(secret.toString("hex")).equals(secret)).toBe(true);
    expect(() => readKeyText("short")).toThrow(/32 bytes/);
    expect(() => readKeyText(Buffer.alloc(16).toString("base64"))).toThrow(/32 bytes/);
  });

  it("makes the key file at first start, readable by the server alone, and reads the same key after", () => {
    const path = join(folder, "documents.key");
    const made = keyFile(path);
    expect(made.made).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const again = keyFile(path);
    expect(again.made).toBe(false);
    expect(again.key.id).toBe(made.key.id);
  });

  it("refuses a key file that is not a key, saying which file", () => {
    const path = join(folder, "bad.key");
    writeFileSync(path, "not a key\n");
    expect(() => keyFile(path)).toThrow(new RegExp(`${path}.*32 bytes`));
    expect(readFileSync(path, "utf8")).toBe("not a key\n");
  });
});
