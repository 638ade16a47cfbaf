import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { whatsappHref } from "../../lib/links";
import type { SubmitEnquiryResult } from "../../lib/forms/submit-enquiry";
import { site } from "../../lib/site-config";
import { offline } from "../../content/data/offline-messages";
import { keptSentEvent } from "../../lib/forms/kept-enquiry";
import { PhoneIcon, WhatsAppIcon } from "../icons";
import styles from "./Forms.module.css";

/*
 * What every form that sends shows (the states the spec gives the enquiry form: idle, sending, success, error), for the enquiry forms
 * and, since issue 35, the Contact form too: one state machine and one place for its messages.
 */

/** The spec's states: idle, sending, success, error. An error remembers whether it came from the checks or the sending. */
export type SendStatus<Field extends string = string> =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "success" }
  | { kind: "error"; message: string; cause: "validation"; field: Field }
  | { kind: "error"; message: string; cause: "sending"; kept?: true };

/** The success text of the spec's messages. */
export const successMessage = "Your enquiry has been submitted successfully!";

export interface SendSteps<Field extends string> {
  /** The script's checks (the spec's validation rules): the first failure, with the field at fault; none for the Contact form. */
  validate?: () => { field: Field; message: string } | null;
  send: () => Promise<SubmitEnquiryResult>;
  /** After a success: reset the fields (and forget the draft). */
  onSuccess: () => void;
}

export interface SendState<Field extends string = string> {
  status: SendStatus<Field>;
  /** Changes on every attempt so that a repeated, identical error is inserted afresh and announced again. */
  attempt: number;
  errorId: string;
  messagesRef: RefObject<HTMLDivElement | null>;
  /** One submit of `form`: clears the last outcome, checks, sends once at a time, and shows how it went. */
  submit: (form: HTMLFormElement, steps: SendSteps<Field>) => Promise<void>;
}

/**
 * `slot`: the form's name among the enquiries kept on this phone (kept-enquiry.ts). When the one it kept has gone
 * while the form still says it is kept, the form shows the spec's success and starts afresh, as if it had gone at once.
 */
export function useSendState<Field extends string = string>(slot: string): SendState<Field> {
  const errorId = useId();
  const [status, setStatus] = useState<SendStatus<Field>>({ kind: "idle" });
  const keptRef = useRef<(() => void) | null>(null);
  useEffect(() => {
    const sent = (event: Event) => {
      const { outcome, slot: from } = (event as CustomEvent<{ outcome: string; slot: string }>).detail;
      if (outcome !== "sent" || from !== slot || !keptRef.current) return;
      event.preventDefault();
      keptRef.current();
    };
    addEventListener(keptSentEvent, sent);
    return () => removeEventListener(keptSentEvent, sent);
  }, [slot]);
  // State updates are asynchronous; the ref stops a second submit in the same tick (double click, Enter twice).
  const sendingRef = useRef(false);
  const [attempt, setAttempt] = useState(0);

  // The outcome appears above the fields; on a phone the visitor has just tapped the button at the bottom,
  // so bring the message into view, below the sticky header (the page's scroll padding). A failed check has
  // already moved focus to the field at fault, which sits just below the message and stays in view.
  const messagesRef = useRef<HTMLDivElement>(null);
  const showsOutcome = status.kind === "success" || status.kind === "error";
  useEffect(() => {
    if (showsOutcome) messagesRef.current?.scrollIntoView?.({ block: "nearest" });
  }, [showsOutcome, attempt]);

  async function submit(form: HTMLFormElement, { validate, send, onSuccess }: SendSteps<Field>) {
    if (sendingRef.current) return;
    setAttempt((count) => count + 1);
    setStatus({ kind: "idle" });
    keptRef.current = null;

    const failure = validate?.() ?? null;
    if (failure) {
      setStatus({ kind: "error", cause: "validation", ...failure });
      const control = form.elements.namedItem(failure.field);
      if (control instanceof HTMLElement) control.focus();
      return;
    }

    sendingRef.current = true;
    setStatus({ kind: "sending" });
    try {
      const result = await send();
      if (result.ok) {
        onSuccess();
        setStatus({ kind: "success" });
      } else {
        setStatus({ kind: "error", cause: "sending", message: result.message, ...(result.kept ? { kept: true } : {}) });
        if (result.kept) {
          keptRef.current = () => {
            keptRef.current = null;
            onSuccess();
            setAttempt((count) => count + 1);
            setStatus({ kind: "success" });
          };
        }
      }
    } finally {
      sendingRef.current = false;
    }
  }

  return { status, attempt, errorId, messagesRef, submit };
}

interface FormMessagesProps<Field extends string> {
  state: SendState<Field>;
  /** A failed sending offers the visitor's text on WhatsApp: the link's words and the message it starts. */
  whatsapp: { label: string; text: () => string };
}

/**
 * The form's outcome, above its fields: the error in red (with the WhatsApp way out when the sending failed) or the
 * success. The live regions are always in the page (empty ones take no room) so that screen readers hear changes.
 */
export function FormMessages<Field extends string>({ state, whatsapp }: FormMessagesProps<Field>) {
  const { status, attempt, errorId, messagesRef } = state;
  return (
    <div ref={messagesRef} className={styles.messages}>
      <div role="alert">
        {status.kind === "error" && (
          <div key={attempt} className={styles.error}>
            <p id={errorId}>
              <ErrorMark />
              {status.message}
            </p>
            {status.cause === "sending" && status.kept && <p className={styles.kept}>{offline.kept}</p>}
            {status.cause === "sending" && (
              <div className={styles.ways}>
                <a
                  className={styles.whatsappLink}
                  href={whatsappHref(site.whatsappDigits, whatsapp.text())}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <WhatsAppIcon size={18} />
                  {whatsapp.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
                {status.kept && (
                  <a className={styles.callLink} href={site.phone.href}>
                    <PhoneIcon size={18} />
                    {offline.call.replace("{phone}", site.phone.display)}
                  </a>
                )}
              </div>
            )}
          </div>
        )}
      </div>
      <div role="status">{status.kind === "success" && <p className={styles.success}>{successMessage}</p>}</div>
    </div>
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

/** A WhatsApp message from the lines that are filled, so a failed send costs the visitor one tap, not their typing. */
export function whatsappMessage(opening: string, lines: [label: string, value: string][]): string {
  return [
    opening,
    ...lines.filter(([, value]) => value.trim() !== "").map(([label, value]) => `${label}: ${value.trim()}`),
  ].join("\n");
}
