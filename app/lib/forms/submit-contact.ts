import { defaultFormServiceConfig, type FormServiceConfig } from "./submit-enquiry";

/** Spec §3 "Contact form data" (the access key is added on sending). */
export interface ContactValues {
  name: string;
  email: string;
  phoneNo: string;
  subject: string;
  message: string;
}

export interface SubmitContactOptions {
  config?: Pick<FormServiceConfig, "endpoint" | "accessKey">;
  fetch?: typeof fetch;
  /** Sent after the spec's fields: the spam guard's honeypot and proof of work (honeypot.ts). */
  extraFields?: Record<string, string>;
}

/**
 * Spec §7 "Contact Us submit": JSON to the form service. Spec §4 wants no visible feedback for this form, so the
 * answer only matters for the console: failures are logged and the promise always resolves.
 */
export async function submitContact(values: ContactValues, options: SubmitContactOptions = {}): Promise<void> {
  const config = options.config ?? defaultFormServiceConfig();
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const payload = {
    name: values.name,
    email: values.email,
    phoneNo: values.phoneNo,
    message: values.message,
    subject: values.subject,
    access_key: config.accessKey,
    ...options.extraFields,
  };
  try {
    const response = await fetchImpl(config.endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(payload),
    });
    const body = await response.text();
    if (!response.ok || !repliedSuccess(body)) {
      console.error(`Contact form submission failed (HTTP ${response.status}):`, body.slice(0, 500));
    }
  } catch (error) {
    console.error("Contact form submission failed:", error);
  }
}

function repliedSuccess(body: string): boolean {
  try {
    const reply: unknown = JSON.parse(body);
    return typeof reply === "object" && reply !== null && "success" in reply && reply.success === true;
  } catch {
    return false;
  }
}
