import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import webpush from "web-push";
import type { EndpointPolicy } from "./config";
import { acceptableEndpoint, guardedLookup, RefusedAddress, refusedEndpoint } from "./endpoint";
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
  /** The push services' contact (VAPID's `sub`): PUSH_CONTACT, or its default (config.ts, contactOf). */
  contact: string;
  timeoutMs: number;
  /** How long the push service may keep it for a phone that is off (seconds). */
  ttlSeconds?: number;
  /** Which push services may be posted to (endpoint.ts); the device's endpoint is checked again on each send. */
  policy: EndpointPolicy;
}

/** An answer's status, and a line of its body for the log. */
interface Answer {
  status: number;
  text: string;
}

/**
 * Posts the request to the push service, connecting only to the addresses its name resolved to just now, each
 * checked (guardedLookup): never a redirect, never a kept-alive connection made for another name.
 */
function post(
  details: { endpoint: string; method: string; headers: Record<string, unknown>; body: Buffer | null },
  policy: EndpointPolicy,
  timeoutMs: number,
): Promise<Answer> {
  const url = new URL(details.endpoint);
  const client = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = client(
      url,
      {
        method: details.method,
        headers: Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)])),
        lookup: guardedLookup(policy),
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < 200) text += chunk;
        });
        const done = () => resolve({ status: response.statusCode ?? 0, text });
        response.on("end", done);
        response.on("error", done);
      },
    );
    request.on("error", reject);
    request.end(details.body ?? undefined);
  });
}

/** Why a push service was not reached, in words that name no address: a code, or a refusal (endpoint.ts). */
function notReached(error: unknown): string {
  if (error instanceof RefusedAddress) return refusedEndpoint;
  const { name, code } = error as { name?: string; code?: string };
  if (name === "TimeoutError" || name === "AbortError") return "push service not reached: no answer in time";
  return `push service not reached (${typeof code === "string" && /^[A-Z_]+$/.test(code) ? code : "network error"})`;
}

/**
 * Sends one push: the `web-push` package builds the request (the payload encrypted for the device as RFC 8291
 * says, aes128gcm; the VAPID JWT of RFC 8292, signed ES256 with the server's key, its audience the push service's
 * origin), and this sends it with a timeout, so that a push service that does not answer holds nothing for long,
 * and only to a known push service on a public address (endpoint.ts), checked as the connection is made: a device
 * stored before a rule changed, or a name that now resolves inside the network, is refused unsent.
 */
export async function sendPush(target: PushTarget, payload: PushPayload, options: SendOptions): Promise<PushResult> {
  // A device this server's rules do not accept (another host, an address written in) is never posted to. It is
  // not deleted: another server, or this one after a setting is corrected (PUSH_HOSTS), may take it.
  if (!acceptableEndpoint(target.endpoint, options.policy)) return { kind: "failed", reason: refusedEndpoint };
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
  let response: Answer;
  try {
    response = await post(request, options.policy, options.timeoutMs);
  } catch (error) {
    const reason = notReached(error);
    return { kind: "failed", reason };
  }
  // The answer's body is of no use beyond a line of it for the log.
  const text = response.text.slice(0, 200).replace(/\s+/g, " ");
  if (response.status >= 200 && response.status < 300) return { kind: "sent" };
  const reason = `push service answered ${response.status}${text ? `: ${text}` : ""}`;
  if (response.status === 404 || response.status === 410) return { kind: "gone", reason };
  return { kind: "failed", reason };
}
