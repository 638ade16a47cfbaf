import { enquiryFormFields, type EnquiryCheckedState, type EnquiryState, type EnquiryValues } from "./enquiry-fields";

/** The spec's entities "Enquiry form state" (app/lib/forms/enquiry-fields.ts describes each field). */
export type { EnquiryValues } from "./enquiry-fields";

export type EnquiryField = EnquiryState;

export interface EnquiryValidationError {
  field: EnquiryField;
  message: string;
}

/** text, at sign, text, dot, text (the spec's validation rules): deliberately loose; the mailbox, not the regex, is the real test. */
export const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The fields the form's own check requires, in the spec's order (name, email, phone). */
const checked = enquiryFormFields.filter(({ form }) => form.required === "checked");
type CheckedValues = Pick<EnquiryValues, EnquiryCheckedState | "email">;

/**
 * The script-level checks of the spec's validation rules, in the spec's order, returning only the first failure: each
 * checked field empty after trimming ("<its label> is required"), then the e-mail address's shape. The browser's own
 * `required` checks run before this; this is what still catches whitespace-only answers and a malformed address.
 */
export function validateEnquiry(values: CheckedValues): EnquiryValidationError | null {
  for (const { form } of checked) {
    const field = form.state as keyof CheckedValues;
    if (values[field].trim() === "") return { field, message: `${form.input?.label} is required` };
  }
  // Trimmed because browsers already strip the spaces around an email input's value; the test must agree.
  if (!emailShape.test(values.email.trim())) return { field: "email", message: "Please enter a valid email address" };
  return null;
}
