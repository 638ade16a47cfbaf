import { useState, type FormEvent } from "react";
import { messageBoxRows } from "../../content/constants";
import { submitContact, type ContactValues } from "../../lib/forms/submit-contact";
import { Field } from "./Field";
import { FormCard } from "./FormCard";
import { FormMessages, useSendState, whatsappMessage } from "./FormOutcome";
import { withVisitSource } from "../../lib/statistics/visits";
import { Honeypot, useSpamGuard } from "./spam-guard";
import styles from "./Forms.module.css";

export interface ContactFormProps {
  /** The visible heading; the Contact page's is "Send us Message". */
  title?: string;
}

const emptyContact: ContactValues = { name: "", email: "", phoneNo: "", subject: "", message: "" };

/**
 * The Contact Us form. The spec gives it no validation; its payload is the spec's (its calls). The spec's form showed nothing after a
 * submit and only logged a failure, so a visitor never knew their message was lost (issue 35, item 2): it now has the
 * enquiry form's states, sending, a success that empties the fields, an error that keeps them. `noValidate` keeps the
 * email and phone input types (keyboards, autofill) without the browser's format checks, which would be validation
 * the spec does not have.
 */
export function ContactForm({ title = "Send us Message" }: ContactFormProps) {
  const [values, setValues] = useState<ContactValues>(emptyContact);
  const spamGuard = useSpamGuard();
  const sendState = useSendState("contact");
  const { status, errorId } = sendState;

  function change(field: keyof ContactValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    await sendState.submit(form, {
      send: async () => {
        const [extraFields, inboxFields] = await Promise.all([
          spamGuard.fields(form),
          withVisitSource(Promise.resolve({})),
        ]);
        return submitContact(values, { extraFields, inboxFields, keep: { slot: "contact" } });
      },
      onSuccess: () => setValues(emptyContact),
    });
  }

  const sending = status.kind === "sending";

  return (
    <FormCard title={title}>
      {(headingId) => (
        <form
          aria-labelledby={headingId}
          aria-describedby={status.kind === "error" ? errorId : undefined}
          aria-busy={sending}
          noValidate
          onSubmit={handleSubmit}
        >
          <Honeypot guard={spamGuard} />
          <FormMessages
            state={sendState}
            whatsapp={{ label: "Send your message on WhatsApp", text: () => contactWhatsappText(values) }}
          />
          <div className={styles.form}>
            <Field label="Your Name" name="name">
              {(control) => (
                <input
                  {...control}
                  type="text"
                  autoComplete="name"
                  value={values.name}
                  onChange={(event) => change("name", event.target.value)}
                />
              )}
            </Field>
            <Field label="Email" name="email">
              {(control) => (
                <input
                  {...control}
                  type="email"
                  autoComplete="email"
                  value={values.email}
                  onChange={(event) => change("email", event.target.value)}
                />
              )}
            </Field>
            <Field label="Phone Number" name="phoneNo">
              {(control) => (
                <input
                  {...control}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  value={values.phoneNo}
                  onChange={(event) => change("phoneNo", event.target.value)}
                />
              )}
            </Field>
            <Field label="Subject" name="subject">
              {(control) => (
                <input
                  {...control}
                  type="text"
                  value={values.subject}
                  onChange={(event) => change("subject", event.target.value)}
                />
              )}
            </Field>
            <Field label="Message" name="message" wide>
              {(control) => (
                <textarea
                  {...control}
                  rows={messageBoxRows}
                  value={values.message}
                  onChange={(event) => change("message", event.target.value)}
                />
              )}
            </Field>
            <button type="submit" className={`button button-primary ${styles.submit}`} disabled={sending}>
              {sending ? "Sending..." : "Send Message"}
            </button>
          </div>
        </form>
      )}
    </FormCard>
  );
}

/** The message as a WhatsApp message, so a failed send costs the visitor one tap instead of their typing. */
function contactWhatsappText(values: ContactValues): string {
  return whatsappMessage("Hello! I tried to send this message on your website, but it did not go through.", [
    ["Name", values.name],
    ["Subject", values.subject],
    ["Message", values.message],
  ]);
}
