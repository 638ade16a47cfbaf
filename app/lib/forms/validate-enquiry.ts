/** The spec's entities "Enquiry form state". `adult` and `child` have no visible input and are sent only when filled. */
export interface EnquiryValues {
  name: string;
  email: string;
  phone: string;
  visa: string;
  adult: string;
  child: string;
  date: string;
  message: string;
}

export type EnquiryField = keyof EnquiryValues;

export interface EnquiryValidationError {
  field: EnquiryField;
  message: string;
}

/** text, at sign, text, dot, text (the spec's validation rules): deliberately loose; the mailbox, not the regex, is the real test. */
export const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The script-level checks of the spec's validation rules, in the spec's order, returning only the first failure. The browser's own
 * `required` checks run before this; this is what still catches whitespace-only answers and a malformed address.
 */
export function validateEnquiry(
  values: Pick<EnquiryValues, "name" | "email" | "phone">,
): EnquiryValidationError | null {
  if (values.name.trim() === "") return { field: "name", message: "Full Name is required" };
  if (values.email.trim() === "") return { field: "email", message: "Email is required" };
  if (values.phone.trim() === "") return { field: "phone", message: "Phone Number is required" };
  // Trimmed because browsers already strip the spaces around an email input's value; the test must agree.
  if (!emailShape.test(values.email.trim())) return { field: "email", message: "Please enter a valid email address" };
  return null;
}
