import { useState, type FormEvent } from "react";
import { messageBoxRows } from "../../content/constants";
import { submitContact, type ContactValues } from "../../lib/forms/submit-contact";
import { Field } from "./Field";
import { FormCard } from "./FormCard";
import { withVisitSource } from "../../lib/statistics/visits";
import { Honeypot, useSpamGuard } from "./spam-guard";
import styles from "./Forms.module.css";

export interface ContactFormProps {
  /** The visible heading; the Contact page's is "Send us Message". */
  title?: string;
}

const emptyContact: ContactValues = { name: "", email: "", phoneNo: "", subject: "", message: "" };

/**
 * The Contact Us form. Spec §4/§5: no validation, no visible feedback and no reset; the service's answer is only
 * logged. `noValidate` keeps the email and phone input types (keyboards, autofill) without the browser's format
 * checks, which would be validation the spec does not have.
 */
export function ContactForm({ title = "Send us Message" }: ContactFormProps) {
  const [values, setValues] = useState<ContactValues>(emptyContact);
  const spamGuard = useSpamGuard();

  function change(field: keyof ContactValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    void withVisitSource(spamGuard.fields(form)).then((extraFields) => submitContact(values, { extraFields }));
  }

  return (
    <FormCard title={title}>
      {(headingId) => (
        <form className={styles.form} aria-labelledby={headingId} noValidate onSubmit={handleSubmit}>
          <Honeypot guard={spamGuard} />
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
          <button type="submit" className={`button button-primary ${styles.submit}`}>
            Send Message
          </button>
        </form>
      )}
    </FormCard>
  );
}
