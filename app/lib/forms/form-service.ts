import { site } from "../site-config";
import { forgetSendKey, sendKeyFor } from "./send-key";
import { challengeUrlOf } from "./spam-guard";

/*
 * Posting a form to the form service or the site's own inbox, and reading its answer: the enquiry forms'
 * (submit-enquiry.ts) and the Contact form's (submit-contact.ts). Apart from the enquiry's payload, so that the
 * Contact page does not load the enquiry's fields (enquiry-fields.ts).
 */

/** What the form shows for each outcome; `reason` lets the page offer the right way out (e.g. WhatsApp). */
export type SubmitEnquiryResult =
  { ok: true } | { ok: false; message: string; reason: "rejected" | "network" | "timeout" | "bad-reply" };

export interface FormServiceConfig {
  endpoint: string;
  accessKey: string;
  /** The agency mailbox the service forwards the enquiry to. */
  toEmail: string;
}

export interface SubmitEnquiryOptions {
  config?: FormServiceConfig;
  /** Injected by tests; defaults to the global fetch, read at call time so a stub set later still applies. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Sent after the spec's fields to any endpoint: the spam guard's honeypot, and its proof (honeypot.ts). */
  extraFields?: Record<string, string>;
  /** Sent to the site's own inbox only (see `fieldsBeyondSpec`): the visit's source, the visa label picked. */
  inboxFields?: Record<string, string>;
}

/** Whether the forms post to the site's own inbox (/api/submit on this server) rather than an external service. */
export function isOwnInbox(endpoint: string): boolean {
  return challengeUrlOf(endpoint) !== null;
}

/**
 * What a form sends after the spec's payload, decided in this one place by where it posts (issue 35). The site's own
 * inbox also gets what only the agency's office reads: the visit's source (the statistics) and the label of the visa
 * picked. An external form service gets the spec's payload and the spam guard's honeypot, `botcheck`, which is the
 * name such services read themselves (there is no proof of work for it to carry).
 */
export function fieldsBeyondSpec(
  endpoint: string,
  options: Pick<SubmitEnquiryOptions, "extraFields" | "inboxFields">,
): Record<string, string> {
  const extra = options.extraFields ?? {};
  return isOwnInbox(endpoint) ? { ...extra, ...options.inboxFields } : extra;
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

export function defaultFormServiceConfig(): FormServiceConfig {
  return { endpoint: site.formEndpoint, accessKey: site.formAccessKey, toEmail: site.email };
}

/**
 * Posts one form to the form service (or the site's own inbox) and says how it went: the enquiry forms and the
 * Contact form alike. Never throws and never hangs: every way the exchange can fail (no network, no answer within
 * the timeout, an HTML error page, a body that is not JSON) becomes a result. `enquiry` is the form and its values
 * as text: to the site's own inbox, the same enquiry sent again goes with the same key (send-key.ts), so that a
 * retry after a lost answer never stores it twice.
 */
export async function sendToFormService(
  endpoint: string,
  enquiry: string,
  request: () => { body: BodyInit; headers?: Record<string, string> },
  options: Pick<SubmitEnquiryOptions, "fetch" | "timeoutMs"> = {},
): Promise<SubmitEnquiryResult> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? enquiryTimeoutMs;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;

  // A race rather than the abort signal alone: a fetch (or a body stream) that ignores the signal must not
  // leave the button stuck on "Sending...".
  const deadline = new Promise<SubmitEnquiryResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ ok: false, reason: "timeout", message: timeoutMessage });
    }, timeoutMs);
  });

  const exchange = async (): Promise<SubmitEnquiryResult> => {
    try {
      const { body, headers } = request();
      // Only to the own inbox: an external service was never asked for it (a header of its own would need its leave).
      const key: Record<string, string> = isOwnInbox(endpoint) ? { "Idempotency-Key": sendKeyFor(enquiry) } : {};
      const response = await fetchImpl(endpoint, {
        method: "POST",
        body,
        headers: { ...headers, ...key, Accept: "application/json" },
        signal: controller.signal,
      });
      const text = await response.text();
      const result = readReply(response, text);
      if (result.ok) forgetSendKey();
      return result;
    } catch (error) {
      if (controller.signal.aborted) return { ok: false, reason: "timeout", message: timeoutMessage };
      return { ok: false, reason: "network", message: errorMessage(error) };
    }
  };

  try {
    return await Promise.race([exchange(), deadline]);
  } finally {
    clearTimeout(timer);
  }
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

function parseJsonObject(body: string): Record<string, unknown> | null {
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
