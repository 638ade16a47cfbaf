import {
  defaultFormServiceConfig,
  fieldsBeyondSpec,
  sendToFormService,
  type FormServiceConfig,
  type SubmitEnquiryOptions,
  type SubmitEnquiryResult,
} from "./form-service";

/** The spec's entities "Contact form data" (the access key is added on sending). */
export interface ContactValues {
  name: string;
  email: string;
  phoneNo: string;
  subject: string;
  message: string;
}

export interface SubmitContactOptions extends Pick<
  SubmitEnquiryOptions,
  "fetch" | "timeoutMs" | "extraFields" | "inboxFields" | "keep" | "storage" | "now"
> {
  config?: Pick<FormServiceConfig, "endpoint" | "accessKey">;
}

/** The spec's calls "Contact Us submit": the JSON body, its keys in the spec's order, then the fields beyond the spec. */
export function contactPayload(
  values: ContactValues,
  config: Pick<FormServiceConfig, "endpoint" | "accessKey">,
  beyond: Pick<SubmitEnquiryOptions, "extraFields" | "inboxFields"> = {},
): Record<string, string> {
  return {
    name: values.name,
    email: values.email,
    phoneNo: values.phoneNo,
    message: values.message,
    subject: values.subject,
    access_key: config.accessKey,
    ...fieldsBeyondSpec(config.endpoint, beyond),
  };
}

/**
 * Sends the Contact form and says how it went, as the enquiry forms do (issue 35, item 2: the spec's form only logged
 * its answer, and a visitor whose message failed never knew). The payload is the spec's, unchanged.
 */
export function submitContact(values: ContactValues, options: SubmitContactOptions = {}): Promise<SubmitEnquiryResult> {
  const config = options.config ?? defaultFormServiceConfig();
  return sendToFormService(
    config.endpoint,
    `contact ${JSON.stringify(values)}`,
    () => ({
      body: JSON.stringify(contactPayload(values, config, options)),
      headers: { "Content-Type": "application/json" },
    }),
    options,
  );
}
