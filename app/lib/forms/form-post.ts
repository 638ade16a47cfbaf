import { challengeUrlOf } from "./spam-guard";

/*
 * One post to the form service or the site's own inbox, and how its answer is read: what the forms' sending
 * (form-service.ts) and the kept enquiries' sender (kept-sender.ts) share.
 */

/** What the form shows for each outcome; `reason` lets the page offer the right way out (e.g. WhatsApp). */
export type SubmitEnquiryResult =
  | { ok: true }
  | {
      ok: false;
      message: string;
      reason: "rejected" | "network" | "timeout" | "bad-reply";
      /** Failed for want of a network, and kept on this phone to be sent when the connection is back (issue 38). */
      kept?: true;
    };

/** Whether the forms post to the site's own inbox (/api/submit on this server) rather than an external service. */
export function isOwnInbox(endpoint: string): boolean {
  return challengeUrlOf(endpoint) !== null;
}

export const enquiryTimeoutMs = 20_000;

/** The spec's error messages, to the letter. */
export const formSubmissionFailedMessage = "Form submission failed";
export const requestFailedMessage = "Something went wrong. Please try again.";
/** Beyond the spec: the cases it does not name (no reply, a reply that is not the service's JSON). */
export const timeoutMessage =
  "The enquiry service did not answer in time. Your details are still here; please try again or contact us on WhatsApp.";
export const badReplyMessage =
  "The enquiry service sent an answer we could not read. Your details are still here; please try again or contact us on WhatsApp.";

/**
 * One exchange, and how it failed: `offline` for want of a network (no answer, a time-out, a dropped connection) or
 * of the inbox behind a proxy (fromGateway).
 */
export interface Exchange {
  result: SubmitEnquiryResult;
  offline: boolean;
  /** The answer's HTTP status; 0 without one. */
  status: number;
}

/**
 * One post of a built request, with its key (the own inbox's Idempotency-Key; null for none): what
 * `sendToFormService` and the kept enquiries' sender (kept-sender.ts) share. `referrer`: the page the enquiry was
 * written on, when it is sent from another.
 */
export async function postToFormService(
  endpoint: string,
  request: () => { body: BodyInit; headers?: Record<string, string> },
  key: string | null,
  options: { fetch?: typeof fetch; timeoutMs?: number; referrer?: string } = {},
): Promise<Exchange> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? enquiryTimeoutMs;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut: Exchange = {
    result: { ok: false, reason: "timeout", message: timeoutMessage },
    offline: true,
    status: 0,
  };

  // A race rather than the abort signal alone: a fetch (or a body stream) that ignores the signal must not
  // leave the button stuck on "Sending...".
  const deadline = new Promise<Exchange>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(timedOut);
    }, timeoutMs);
  });

  const exchange = async (): Promise<Exchange> => {
    let status = 0;
    try {
      const { body, headers } = request();
      const response = await fetchImpl(endpoint, {
        method: "POST",
        body,
        headers: { ...headers, ...(key === null ? {} : { "Idempotency-Key": key }), Accept: "application/json" },
        signal: controller.signal,
        ...(options.referrer === undefined ? {} : { referrer: options.referrer }),
      });
      status = response.status;
      const text = await response.text();
      const result = readReply(response, text);
      return { result, offline: fromGateway(result, status), status };
    } catch (error) {
      if (controller.signal.aborted) return timedOut;
      // fetch, and reading the answer's body, fail with a TypeError when the network does (offline, a dropped
      // connection, a refused one): anything else is this page's own error, not the network's.
      return {
        result: { ok: false, reason: "network", message: errorMessage(error) },
        offline: error instanceof TypeError,
        status,
      };
    }
  };

  try {
    return await Promise.race([exchange(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether the answer came from a proxy in front (Caddy, nginx) that could not reach the inbox, rather than from the
 * inbox: a 502, 503 or 504 that is not the inbox's JSON, as while the server restarts. The enquiry is then kept and
 * sent again like one that met no network; should the inbox have stored it after all, its key makes that one.
 */
function fromGateway(result: SubmitEnquiryResult, status: number): boolean {
  return !result.ok && result.reason === "bad-reply" && [502, 503, 504].includes(status);
}

/** The service answers JSON `{ success, message }`. Anything else is a reply we cannot trust either way. */
function readReply(response: Response, body: string): SubmitEnquiryResult {
  const reply = parseJsonObject(body);
  if (reply === null) return { ok: false, reason: "bad-reply", message: badReplyMessage };
  // A 4xx/5xx that claims success is a contradiction; reporting a failure lets the visitor try again or use
  // WhatsApp, where trusting it could lose the enquiry.
  if (reply.success === true && response.ok) return { ok: true };
  if (reply.success === true) return { ok: false, reason: "bad-reply", message: badReplyMessage };
  const message = typeof reply.message === "string" && reply.message.trim() !== "" ? reply.message : null;
  return { ok: false, reason: "rejected", message: message ?? formSubmissionFailedMessage };
}

export function parseJsonObject(body: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The spec's error messages: the exception's message, or the generic one when it has none. */
function errorMessage(error: unknown): string {
  return error instanceof Error && error.message.trim() !== "" ? error.message : requestFailedMessage;
}
