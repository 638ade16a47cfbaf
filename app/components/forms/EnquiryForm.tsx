import { useEffect, useRef, useState, type FormEvent } from "react";
import type { EnquiryVariant } from "../../content/enquiry-options";
import {
  clearDraft,
  defaultEnquiryValues,
  draftKey,
  draftUnder,
  readDraft,
  saveDraft,
} from "../../lib/forms/enquiry-draft";
import { submitEnquiry } from "../../lib/forms/submit-enquiry";
import { validateEnquiry, type EnquiryField, type EnquiryValues } from "../../lib/forms/validate-enquiry";
import { pickedVisaLabel, serviceName, visaLabelField } from "../../lib/forms/visa-service";
import { EnquiryFields } from "./EnquiryFields";
import { FormCard } from "./FormCard";
import { FormMessages, useSendState, whatsappMessage } from "./FormOutcome";
import { withVisitSource } from "../../lib/statistics/visits";
import { Honeypot, useSpamGuard } from "./spam-guard";
import styles from "./Forms.module.css";

export { successMessage } from "./FormOutcome";

export interface EnquiryFormProps {
  /** Decides the visa options, the default visa and the draft slot. */
  variant: EnquiryVariant;
  /** The visible heading: "Enquiry Now" on detail pages, "Inquiry Now" on Services. */
  title: string;
  /** What the page is about, carried into the WhatsApp fallback message (e.g. "48 Hours Transit"). */
  whatsappTopic?: string;
}

/**
 * The enquiry form (detail pages, Services, and About: issue 35, item 1, where the spec's About form sent nothing and
 * a visitor's enquiry was lost without a word). Keyed by variant so that moving between page groups,
 * which can reuse the mounted route component, starts from that group's defaults and draft.
 */
export function EnquiryForm(props: EnquiryFormProps) {
  return <EnquiryFormForVariant key={props.variant} {...props} />;
}

function EnquiryFormForVariant({ variant, title, whatsappTopic }: EnquiryFormProps) {
  const [values, setValues] = useState<EnquiryValues>(() => defaultEnquiryValues(variant));
  const spamGuard = useSpamGuard();
  // The slot its enquiry is kept under when Send finds no network (app/lib/forms/kept-enquiry.ts).
  const slot = `enquiry:${variant}`;
  const sendState = useSendState<EnquiryField>(slot);
  const { status, errorId } = sendState;

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
    const form = event.currentTarget;
    await sendState.submit(form, {
      validate: () => validateEnquiry(values),
      send: async () => {
        // The label picked goes to the site's own inbox only, beside the spec's value (issue 35, item 3).
        const label = pickedVisaLabel(variant, values.visa);
        const [extraFields, inboxFields] = await Promise.all([
          spamGuard.fields(form),
          withVisitSource(Promise.resolve<Record<string, string>>(label ? { [visaLabelField]: label } : {})),
        ]);
        return submitEnquiry(values, { extraFields, inboxFields, keep: { slot, draft: draftKey(variant) } });
      },
      onSuccess: () => {
        setValues(defaultEnquiryValues(variant));
        clearDraft(variant);
      },
    });
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
          <FormMessages
            state={sendState}
            whatsapp={{
              label: "Send your enquiry on WhatsApp",
              text: () => enquiryWhatsappText(values, variant, whatsappTopic),
            }}
          />
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

/** The enquiry as a WhatsApp message, so a failed send costs the visitor one tap instead of their typing. */
function enquiryWhatsappText(values: EnquiryValues, variant: EnquiryVariant, topic: string | undefined): string {
  return whatsappMessage("Hello! I tried to send this enquiry on your website, but it did not go through.", [
    ["Page", topic ?? ""],
    ["Name", values.name],
    ["Visa type", serviceName(values.visa, pickedVisaLabel(variant, values.visa))],
    ["Travel date", values.date],
    ["Message", values.message],
  ]);
}
