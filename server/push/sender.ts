import webpush from "web-push";
import type { VapidKeys } from "./keys";

/** A device to push to, as its browser subscribed it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the office's service worker reads from a push (server/office/client/worker.ts). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}

export type PushResult =
  | { kind: "sent" }
  /** The push service says the device is gone (404, 410): its subscription is deleted. */
  | { kind: "gone"; reason: string }
  /** Anything else (5xx, 429, a refusal, no answer in time): tried again later. */
  | { kind: "failed"; reason: string };

export interface SendOptions {
  keys: VapidKeys;
  /** PUSH_CONTACT: VAPID's `sub`. */
  contact: string;
  timeoutMs: number;
  /** How long the push service may keep it for a phone that is off (seconds). */
  ttlSeconds?: number;
}

/**
 * Sends one push: the `web-push` package builds the request (the payload encrypted for the device as RFC 8291
 * says, aes128gcm; the VAPID JWT of RFC 8292, signed ES256 with the server's key, its audience the push service's
 * origin), and this sends it with fetch and a timeout, so that a push service that does not answer holds nothing
 * for long, and the tests' push service may be plain http on 127.0.0.1.
 */
export async function sendPush(target: PushTarget, payload: PushPayload, options: SendOptions): Promise<PushResult> {
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: {
        subject: options.contact,
        publicKey: options.keys.publicKey,
        privateKey: options.keys.privateKey,
      },
      TTL: options.ttlSeconds ?? 4 * 60 * 60,
      urgency: "high",
      contentEncoding: "aes128gcm",
    },
  );
  let response: Response;
  try {
    response = await fetch(request.endpoint, {
      method: request.method,
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
      body: new Uint8Array(request.body),
      redirect: "error",
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? "no answer in time" : String(error);
    return { kind: "failed", reason: `push service not reached: ${reason}` };
  }
  // The answer's body is of no use beyond a line of it for the log.
  const text = (await response.text().catch(() => "")).slice(0, 200).replace(/\s+/g, " ");
  if (response.status >= 200 && response.status < 300) return { kind: "sent" };
  const reason = `push service answered ${response.status}${text ? `: ${text}` : ""}`;
  if (response.status === 404 || response.status === 410) return { kind: "gone", reason };
  return { kind: "failed", reason };
}
