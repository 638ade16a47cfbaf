import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { EnquiryVariant } from "../../content/enquiry-options";
import { whatsappHref } from "../../lib/links";
import { clearDraft, defaultEnquiryValues, draftUnder, readDraft, saveDraft } from "../../lib/forms/enquiry-draft";
import { submitEnquiry } from "../../lib/forms/submit-enquiry";
import { validateEnquiry, type EnquiryField, type EnquiryValues } from "../../lib/forms/validate-enquiry";
import { site } from "../../lib/site-config";
import { WhatsAppIcon } from "../icons";
import { EnquiryFields } from "./EnquiryFields";
import { FormCard } from "./FormCard";
import { withVisitSource } from "../../lib/statistics/visits";
import { Honeypot, useSpamGuard } from "./spam-guard";
import styles from "./Forms.module.css";

export interface EnquiryFormProps {
  /** Decides the visa options, the default visa and the draft slot. */
  variant: EnquiryVariant;
  /** The visible heading: "Enquiry Now" on detail pages, "Inquiry Now" on Services. */
  title: string;
  /** What the page is about, carried into the WhatsApp fallback message (e.g. "48 Hours Transit"). */
  whatsappTopic?: string;
}

/** Spec §4: idle, sending, success, error. An error remembers whether it came from the checks or the sending. */
type FormStatus =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "success" }
  | { kind: "error"; message: string; cause: "validation"; field: EnquiryField }
  | { kind: "error"; message: string; cause: "sending" };

export const successMessage = "Your enquiry has been submitted successfully!";

/**
 * The enquiry form that sends (detail pages, Services). Keyed by variant so that moving between page groups,
 * which can reuse the mounted route component, starts from that group's defaults and draft.
 */
export function EnquiryForm(props: EnquiryFormProps) {
  return <EnquiryFormForVariant key={props.variant} {...props} />;
}

function EnquiryFormForVariant({ variant, title, whatsappTopic }: EnquiryFormProps) {
  const errorId = useId();
  const [values, setValues] = useState<EnquiryValues>(() => defaultEnquiryValues(variant));
  const [status, setStatus] = useState<FormStatus>({ kind: "idle" });
  // State updates are asynchronous; the ref stops a second submit in the same tick (double click, Enter twice).
  const sendingRef = useRef(false);
  const spamGuard = useSpamGuard();
  // Changes on every attempt so that a repeated, identical error is inserted afresh and announced again.
  const [attempt, setAttempt] = useState(0);

  // The outcome appears above the fields; on a phone the visitor has just tapped the button at the bottom,
  // so bring the message into view, below the sticky header (the page's scroll padding). A failed check has
  // already moved focus to the field at fault, which sits just below the message and stays in view.
  const messagesRef = useRef<HTMLDivElement>(null);
  const showsOutcome = status.kind === "success" || status.kind === "error";
  useEffect(() => {
    if (showsOutcome) messagesRef.current?.scrollIntoView?.({ block: "nearest" });
  }, [showsOutcome, attempt]);

  // The draft is read only after hydration: the pre-rendered HTML and the first client render both show the
  // defaults, so they match; the draft then appears in one update. It fills only the fields the visitor has not
  // touched on this page: what they typed while the page was loading reaches the state through the fields' own
  // events (app/lib/hydration-input.ts), before or after this, and the field they are in is not written under
  // their cursor.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const draft = readDraft(variant);
    if (!draft) return;
    const focused = formRef.current?.contains(document.activeElement) ? document.activeElement : null;
    const busy = focused && "name" in focused && typeof focused.name === "string" ? focused.name : null;
    setValues((current) => draftUnder(current, draft, defaultEnquiryValues(variant), busy));
  }, [variant]);

  // Every change is kept as the draft; not the first render's defaults, which would erase the saved one.
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current) saveDraft(variant, values);
    mounted.current = true;
  }, [variant, values]);

  function change(field: EnquiryField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingRef.current) return;
    const form = event.currentTarget;
    setAttempt((count) => count + 1);
    setStatus({ kind: "idle" });

    const failure = validateEnquiry(values);
    if (failure) {
      setStatus({ kind: "error", cause: "validation", ...failure });
      const control = form.elements.namedItem(failure.field);
      if (control instanceof HTMLElement) control.focus();
      return;
    }

    sendingRef.current = true;
    setStatus({ kind: "sending" });
    try {
      const result = await submitEnquiry(values, { extraFields: await withVisitSource(spamGuard.fields(form)) });
      if (result.ok) {
        setValues(defaultEnquiryValues(variant));
        clearDraft(variant);
        setStatus({ kind: "success" });
      } else {
        setStatus({ kind: "error", cause: "sending", message: result.message });
      }
    } finally {
      sendingRef.current = false;
    }
  }

  const sending = status.kind === "sending";
  const invalidField = status.kind === "error" && status.cause === "validation" ? status.field : null;

  return (
    <FormCard title={title} requiredNote>
      {(headingId) => (
        <form
          ref={formRef}
          aria-labelledby={headingId}
          aria-describedby={status.kind === "error" ? errorId : undefined}
          aria-busy={sending}
          onSubmit={handleSubmit}
        >
          <Honeypot guard={spamGuard} />
          {/* The live regions are always in the page (empty ones take no room) so that screen readers hear changes. */}
          <div ref={messagesRef} className={styles.messages}>
            <div role="alert">
              {status.kind === "error" && (
                <div key={attempt} className={styles.error}>
                  <p id={errorId}>
                    <ErrorMark />
                    {status.message}
                  </p>
                  {status.cause === "sending" && (
                    <a
                      className={styles.whatsappLink}
                      href={whatsappHref(site.whatsappDigits, enquiryWhatsappText(values, whatsappTopic))}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      <WhatsAppIcon size={18} />
                      Send your enquiry on WhatsApp
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  )}
                </div>
              )}
            </div>
            <div role="status">{status.kind === "success" && <p className={styles.success}>{successMessage}</p>}</div>
          </div>
          <div className={styles.form}>
            <EnquiryFields
              variant={variant}
              values={values}
              onChange={change}
              invalidField={invalidField}
              errorId={errorId}
            />
            <button type="submit" className={`button button-primary ${styles.submit}`} disabled={sending}>
              {sending ? "Sending..." : "Make Enquiry"}
            </button>
          </div>
        </form>
      )}
    </FormCard>
  );
}

function ErrorMark() {
  return (
    <svg className={styles.errorIcon} width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path d="M12 7v6M12 16.5v.5" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

/** The enquiry as a WhatsApp message, so a failed send costs the visitor one tap instead of their typing. */
function enquiryWhatsappText(values: EnquiryValues, topic: string | undefined): string {
  const lines = [
    "Hello! I tried to send this enquiry on your website, but it did not go through.",
    topic ? `Page: ${topic}` : "",
    values.name.trim() ? `Name: ${values.name.trim()}` : "",
    `Visa type: ${values.visa}`,
    values.date ? `Travel date: ${values.date}` : "",
    values.message.trim() ? `Message: ${values.message.trim()}` : "",
  ];
  return lines.filter((line) => line !== "").join("\n");
}
