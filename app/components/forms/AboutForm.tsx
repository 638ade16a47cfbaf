import { useState, type FormEvent } from "react";
import { defaultEnquiryValues } from "../../lib/forms/enquiry-draft";
import type { EnquiryField, EnquiryValues } from "../../lib/forms/validate-enquiry";
import { EnquiryFields } from "./EnquiryFields";
import { FormCard } from "./FormCard";
import styles from "./Forms.module.css";

export interface AboutFormProps {
  /** The visible heading; the About page's is "Inquiry Now". */
  title?: string;
}

/**
 * The About page's "Inquiry Now" form. Spec §2 and §5: it keeps local state only and submits nothing, so
 * submitting is a no-op that just keeps the page from reloading.
 */
export function AboutForm({ title = "Inquiry Now" }: AboutFormProps) {
  const [values, setValues] = useState<EnquiryValues>(() => defaultEnquiryValues("about"));

  function change(field: EnquiryField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
  }

  return (
    <FormCard title={title} requiredNote>
      {(headingId) => (
        <form className={styles.form} aria-labelledby={headingId} onSubmit={handleSubmit}>
          <EnquiryFields variant="about" values={values} onChange={change} />
          <button type="submit" className={`button button-primary ${styles.submit}`}>
            Make Enquiry
          </button>
        </form>
      )}
    </FormCard>
  );
}
