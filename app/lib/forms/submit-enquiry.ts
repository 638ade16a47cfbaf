import { enquiryFormFields, type EnquiryValues } from "./enquiry-fields";
import {
  defaultFormServiceConfig,
  fieldsBeyondSpec,
  sendToFormService,
  type FormServiceConfig,
  type SubmitEnquiryOptions,
  type SubmitEnquiryResult,
} from "./form-service";

// What the enquiry forms and the Contact form share, where the enquiry's tests and callers have always found it.
export * from "./form-service";

/** The form's fields of the spec's payload, in its order: those sent only when filled (adult, child) last. */
function payloadFields() {
  const spec = enquiryFormFields.filter(({ optional }) => !optional);
  return [...spec.filter(({ form }) => !form.whenFilled), ...spec.filter(({ form }) => form.whenFilled)];
}

/** The form's fields beyond the spec (enquiry-fields.ts, `optional`) that the visitor filled: to the own inbox only. */
function typedBeyondSpec(values: EnquiryValues): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const { sent, optional, form } of enquiryFormFields) {
    const value = values[form.state] ?? "";
    if (optional && value.trim() !== "") typed[sent[0] ?? form.state] = value;
  }
  return typed;
}

/**
 * The spec's calls "Enquiry submit": the access key, the form's fields by their sent names (enquiry-fields.ts) in the
 * spec's order, adult and child only when filled, the agency mailbox; then the fields beyond the spec that this
 * endpoint gets (`fieldsBeyondSpec`), with those the visitor typed beyond the spec's, if any.
 */
export function buildEnquiryFormData(
  values: EnquiryValues,
  config: FormServiceConfig,
  beyond: Pick<SubmitEnquiryOptions, "extraFields" | "inboxFields"> = {},
): FormData {
  const data = new FormData();
  data.append("access_key", config.accessKey);
  for (const { sent, form } of payloadFields()) {
    const value = values[form.state] ?? "";
    if (!form.whenFilled || value.trim() !== "") data.append(sent[0] ?? form.state, value);
  }
  data.append("to_email", config.toEmail);
  const inboxFields = { ...typedBeyondSpec(values), ...beyond.inboxFields };
  for (const [name, value] of Object.entries(fieldsBeyondSpec(config.endpoint, { ...beyond, inboxFields }))) {
    data.append(name, value);
  }
  return data;
}

/** Sends one enquiry (the spec's calls, multipart) and says how it went; see `sendToFormService`. */
export function submitEnquiry(values: EnquiryValues, options: SubmitEnquiryOptions = {}): Promise<SubmitEnquiryResult> {
  const config = options.config ?? defaultFormServiceConfig();
  return sendToFormService(
    config.endpoint,
    `enquiry ${JSON.stringify(values)}`,
    () => ({ body: buildEnquiryFormData(values, config, options) }),
    options,
  );
}
