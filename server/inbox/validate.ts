// The enquiry form's rules and messages (spec §5) come from the site itself, so browser and server agree.
export { validateEnquiry } from "../../app/lib/forms/validate-enquiry";

/** Text, an at sign, text, a dot, text (spec §5 rule 4); the same shape as the site's private constant. */
export const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The Contact form is sent without validation (spec §5), so the server only refuses what cannot be a message:
 * nothing at all, or an e-mail address that is not shaped like one.
 */
export function validateContact(values: { name: string; email: string; message: string }): string | null {
  if (!values.name.trim() && !values.email.trim() && !values.message.trim()) {
    return "Please give at least a name, an email address or a message";
  }
  if (values.email.trim() && !emailShape.test(values.email.trim())) return "Please enter a valid email address";
  return null;
}
