// The enquiry form's rules and messages (the spec's validation rules) come from the site itself, so browser and server agree.
import { emailShape } from "../../app/lib/forms/validate-enquiry";

export { emailShape, validateEnquiry } from "../../app/lib/forms/validate-enquiry";
// The visa label a form sends beside the spec's value is kept only if the site offers it for that value (issue 35).
export { acceptedVisaLabel, visaLabelField } from "../../app/lib/forms/visa-service";

/**
 * The Contact form is sent without validation (the spec's validation rules), so the server only refuses what cannot be a message:
 * nothing at all, or an e-mail address that is not shaped like one.
 */
export function validateContact(values: { name: string; email: string; message: string }): string | null {
  if (!values.name.trim() && !values.email.trim() && !values.message.trim()) {
    return "Please give at least a name, an email address or a message";
  }
  if (values.email.trim() && !emailShape.test(values.email.trim())) return "Please enter a valid email address";
  return null;
}
