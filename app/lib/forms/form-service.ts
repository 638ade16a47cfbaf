import { site } from "../site-config";
import { isOwnInbox, parseJsonObject, postToFormService, type SubmitEnquiryResult } from "./form-post";
import { browserStorage, forgetKept, keepEnquiry, keptRetryMs } from "./kept-enquiry";
import { startKeptSender } from "./kept-start";
import { forgetSendKey, sendKeyFor } from "./send-key";

export * from "./form-post";

/*
 * Posting a form to the form service or the site's own inbox, and reading its answer: the enquiry forms'
 * (submit-enquiry.ts) and the Contact form's (submit-contact.ts). Apart from the enquiry's payload, so that the
 * Contact page does not load the enquiry's fields (enquiry-fields.ts).
 */

/** The spam guard's proof of work (server/inbox/spam.ts): never kept, a fresh one is solved for each send. */
const proofField = "altcha";

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
  /**
   * To the site's own inbox: the form it comes from, to keep the enquiry on this phone under when it cannot go for
   * want of a network (kept-enquiry.ts), and the draft to forget once it has gone.
   */
  keep?: { slot: string; draft?: string };
  /** Injected by tests: where an enquiry is kept (null: nowhere), and the clock. */
  storage?: Storage | null;
  now?: () => number;
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

export function defaultFormServiceConfig(): FormServiceConfig {
  return { endpoint: site.formEndpoint, accessKey: site.formAccessKey, toEmail: site.email };
}

/**
 * Posts one form to the form service (or the site's own inbox) and says how it went: the enquiry forms and the
 * Contact form alike. Never throws and never hangs: every way the exchange can fail (no network, no answer within
 * the timeout, an HTML error page, a body that is not JSON) becomes a result. `enquiry` is the form and its values
 * as text: to the site's own inbox, the same enquiry sent again goes with the same key (send-key.ts), so that a
 * retry after a lost answer never stores it twice. To the site's own inbox too, a send that failed for want of a
 * network is kept on this phone and sent again later (`keep`, kept-enquiry.ts): the result then says `kept`.
 */
export async function sendToFormService(
  endpoint: string,
  enquiry: string,
  request: () => { body: BodyInit; headers?: Record<string, string> },
  options: Pick<SubmitEnquiryOptions, "fetch" | "timeoutMs" | "keep" | "storage" | "now"> = {},
): Promise<SubmitEnquiryResult> {
  // Only to the own inbox: an external service was never asked for it (a header of its own would need its leave).
  const key = isOwnInbox(endpoint) ? sendKeyFor(enquiry) : null;
  let sent: BodyInit | undefined;
  const { result, offline } = await postToFormService(
    endpoint,
    () => {
      const built = request();
      sent = built.body;
      return built;
    },
    key,
    options,
  );
  const storage = () => (options.storage === undefined ? browserStorage() : options.storage);
  if (result.ok) {
    forgetSendKey();
    if (options.keep) forgetKept(storage(), options.keep.slot);
  }
  // An external service keeps today's behaviour: it gives no such promise as the key's, one enquiry per key.
  if (!result.ok && offline && key && sent !== undefined && options.keep) {
    const now = (options.now ?? Date.now)();
    const fields = keptFields(sent);
    const kept =
      fields !== null &&
      keepEnquiry(storage(), {
        key,
        ...options.keep,
        json: typeof sent === "string",
        fields,
        page: typeof location === "undefined" ? "/" : location.pathname,
        keptAt: now,
        tries: 0,
        nextAt: now + keptRetryMs(1),
      });
    if (kept) {
      if (options.storage === undefined) startKeptSender(false);
      return { ...result, kept: true };
    }
  }
  return result;
}

/** What was posted, as name and value pairs, without the spam guard's proof (solved again when it is sent). */
function keptFields(body: BodyInit): [string, string][] | null {
  let entries: [string, unknown][];
  if (typeof body === "string") {
    const parsed = parseJsonObject(body);
    if (!parsed) return null;
    entries = Object.entries(parsed);
  } else if (body instanceof FormData) {
    entries = [...body.entries()];
  } else {
    return null;
  }
  if (entries.some(([, value]) => typeof value !== "string")) return null;
  return (entries as [string, string][]).filter(([name]) => name !== proofField);
}
