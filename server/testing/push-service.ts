import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";

/*
 * A push service on loopback for the tests (issue 37): it stands where a browser's push service (Google's, Mozilla's,
 * Apple's) would, takes what the server sends to a device, and reads it as the device would. Each device is made
 * here with its own P-256 key pair and auth secret, as a browser makes them on subscribe(); a push to it is
 * decrypted with that private key (RFC 8291, aes128gcm, by http_ece, the encryption library web-push itself
 * uses), and its VAPID token (RFC 8292) is checked: an ES256 signature by the key in the header, for this push
 * service's origin.
 */

// http_ece has no types of its own: only its decrypt is used.
const ece = createRequire(import.meta.url)("http_ece") as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: unknown; authSecret: string }): Buffer;
};

/** A device as a browser subscribes it: where its pushes go, and the keys they are encrypted to. */
export interface TestDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A push the service received, read as the device reads it. */
export interface ReceivedPush {
  device: string;
  /** When it arrived (ms since the epoch). */
  at: number;
  status: number;
  /** The decrypted payload, or null when it could not be decrypted. */
  text: string | null;
  /** VAPID: the claims of the token, its signature checked against `publicKey` (null when it did not verify). */
  claims: { aud?: string; sub?: string; exp?: number } | null;
  /** The public key the token names (k=), base64url. */
  publicKey: string;
  headers: IncomingHttpHeaders;
}

export interface TestPushService {
  origin: string;
  /** A new device subscribed at this service (an endpoint of its own, fresh keys). */
  device(name?: string): TestDevice;
  /** The statuses the device's next pushes are answered with, in order; 201 once they are used up. */
  answer(device: TestDevice, ...statuses: number[]): void;
  received: ReceivedPush[];
  /** The pushes that reached a device and were accepted (2xx), decrypted. */
  delivered(device?: TestDevice): ReceivedPush[];
  close(): Promise<void>;
}

/** Checks a VAPID Authorization header (`vapid t=<jwt>, k=<key>`): the claims when its ES256 signature holds. */
export function readVapid(authorization: string | undefined): Pick<ReceivedPush, "claims" | "publicKey"> {
  const token = /t=([^,\s]+)/.exec(authorization ?? "")?.[1] ?? "";
  const publicKey = /k=([^,\s]+)/.exec(authorization ?? "")?.[1] ?? "";
  const [header = "", payload = "", signature = ""] = token.split(".");
  try {
    const point = Buffer.from(publicKey, "base64url");
    if (point.length !== 65 || point[0] !== 4) return { claims: null, publicKey };
    const key = createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33).toString("base64url"),
      },
      format: "jwk",
    });
    const signed = verify(
      "sha256",
      Buffer.from(`${header}.${payload}`),
      { key, dsaEncoding: "ieee-p1363" },
      Buffer.from(signature, "base64url"),
    );
    const alg = (JSON.parse(Buffer.from(header, "base64url").toString()) as { alg?: string }).alg;
    if (!signed || alg !== "ES256") return { claims: null, publicKey };
    return { claims: JSON.parse(Buffer.from(payload, "base64url").toString()) as ReceivedPush["claims"], publicKey };
  } catch {
    return { claims: null, publicKey };
  }
}

export async function startPushService(): Promise<TestPushService> {
  const devices = new Map<string, { keys: ReturnType<typeof createECDH>; auth: string; answers: number[] }>();
  const received: ReceivedPush[] = [];
  let made = 0;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const name = decodeURIComponent((request.url ?? "").replace(/^\/push\//, ""));
      const device = devices.get(name);
      const status = request.method !== "POST" || !device ? 404 : (device.answers.shift() ?? 201);
      let text: string | null = null;
      if (device) {
        try {
          text = ece
            .decrypt(Buffer.concat(chunks), { version: "aes128gcm", privateKey: device.keys, authSecret: device.auth })
            .toString("utf8");
        } catch {
          text = null;
        }
      }
      received.push({
        device: name,
        at: Date.now(),
        status,
        text,
        ...readVapid(request.headers.authorization),
        headers: request.headers,
      });
      response.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "" : `answered ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const endpointOf = (name: string) => `${origin}/push/${encodeURIComponent(name)}`;
  const nameOf = (device: TestDevice) => decodeURIComponent(device.endpoint.slice(`${origin}/push/`.length));

  return {
    origin,
    received,
    device(name = `device-${++made}`) {
      const keys = createECDH("prime256v1");
      keys.generateKeys();
      const auth = randomBytes(16).toString("base64url");
      devices.set(name, { keys, auth, answers: [] });
      return { endpoint: endpointOf(name), p256dh: keys.getPublicKey().toString("base64url"), auth };
    },
    answer(device, ...statuses) {
      devices.get(nameOf(device))?.answers.push(...statuses);
    },
    delivered(device) {
      return received.filter((push) => push.status < 300 && (device === undefined || push.device === nameOf(device)));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
