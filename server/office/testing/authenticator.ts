import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";

/* A passkey authenticator in software, for the office's integration tests: it answers the server's WebAuthn
 * options the way a phone does (ES256, "none" attestation, user present and verified), so the server's real
 * checks run on real signatures. The end-to-end tests use Chromium's own virtual authenticator instead. */

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** The few CBOR shapes WebAuthn needs: unsigned and negative integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const two = Buffer.alloc(3);
    two[0] = (major << 5) | 25;
    two.writeUInt16BE(length, 1);
    return two;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    const entries = [...value.entries()].flatMap(([key, item]) => [cbor(key), cbor(item)]);
    return Buffer.concat([head(5, value.size), ...entries]);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
  authenticatorSelection?: { userVerification?: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

/** User present and verified; attested credential data included (registration only). */
const flags = { present: 0x01, verified: 0x04, attested: 0x40 };

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  private counter = 0;
  private userHandle = "";

  constructor(
    /** The page's origin as the browser would report it. */
    readonly origin: string,
    /** What the person does at the prompt: verify (fingerprint, PIN) or merely touch. */
    readonly verifies = true,
  ) {}

  get id(): string {
    return b64url(this.credentialId);
  }

  private authData(rpId: string, extra: Buffer | null): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(++this.counter);
    const flagByte = flags.present | (this.verifies ? flags.verified : 0) | (extra ? flags.attested : 0);
    return Buffer.concat([sha256(rpId), Buffer.from([flagByte]), counter, ...(extra ? [extra] : [])]);
  }

  /** What the browser says it asked for: the ceremony, the challenge, and the page's origin. */
  private clientData(type: string, challenge: string, overrides: { origin?: string; challenge?: string }): Buffer {
    const data = { type, challenge: overrides.challenge ?? challenge, origin: overrides.origin ?? this.origin };
    return Buffer.from(JSON.stringify({ ...data, crossOrigin: false }));
  }

  /** A PublicKeyCredential as the browser's toJSON() gives it. */
  private credential<T>(response: T) {
    return { id: this.id, rawId: this.id, type: "public-key", clientExtensionResults: {}, response };
  }

  /** navigator.credentials.create(), answered. */
  register(options: CreationOptions, overrides: { origin?: string; challenge?: string } = {}) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    this.userHandle = options.user.id;
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    const coseKey = new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? "", "base64url")],
      [-3, Buffer.from(jwk.y ?? "", "base64url")],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, cbor(coseKey)]);
    const authData = this.authData(rpId, attested);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    const clientData = this.clientData("webauthn.create", options.challenge, overrides);
    return this.credential({
      clientDataJSON: b64url(clientData),
      attestationObject: b64url(attestationObject),
      transports: ["internal"],
    });
  }

  /** navigator.credentials.get(), answered. */
  authenticate(options: RequestOptions, overrides: { origin?: string; challenge?: string } = {}) {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const authData = this.authData(rpId, null);
    const clientData = this.clientData("webauthn.get", options.challenge, overrides);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), this.keys.privateKey);
    return this.credential({
      clientDataJSON: b64url(clientData),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: this.userHandle,
    });
  }
}
