import { createHash, timingSafeEqual } from "node:crypto";
import { InboxError } from "./errors";
import type { Fields } from "./parse";
import type { Submission, SubmissionKind } from "../data/enquiries/types";
import { acceptedVisaLabel, validateContact, validateEnquiry, visaLabelField } from "./validate";

/** When the site is configured with an access key, a submission must carry the same one. */
export function checkAccessKey(fields: Fields, expected: string): void {
  if (!expected) return;
  const given = fields.get("access_key") ?? "";
  if (!given) throw new InboxError(401, "Access key is required");
  // Hashing first gives equal lengths, so the comparison takes the same time whatever was sent.
  const digest = (text: string) => createHash("sha256").update(text).digest();
  if (!timingSafeEqual(digest(given), digest(expected))) throw new InboxError(403, "Invalid access key");
}

/**
 * The stored record of a submission: the enquiry form (multipart, the spec's calls) or the Contact form (JSON, with its
 * phoneNo). Text is kept as sent, except that NUL characters are refused: they cut strings short in mail headers,
 * terminals and most tools that would read the database. Fields not listed here (to_email, access_key, extras) are
 * not stored. The visa label (issue 35) is kept only when it is one the site offers for the visa type sent; any
 * other is ignored, the enquiry kept.
 */
export function toSubmission(kind: SubmissionKind, fields: Fields): Submission {
  for (const [name, value] of fields) {
    if (value.includes("\u0000")) throw new InboxError(400, `The field ${name} contains a NUL character`);
  }
  const get = (name: string) => fields.get(name) ?? "";
  const submission: Submission = {
    kind,
    name: get("name"),
    email: get("email"),
    phone: kind === "enquiry" ? get("phone") : get("phoneNo") || get("phone"),
    visaType: get("visa_type"),
    date: get("date"),
    adult: get("adult"),
    child: get("child"),
    subject: get("subject"),
    message: get("message"),
    visaLabel: kind === "enquiry" ? acceptedVisaLabel(get("visa_type"), fields.get(visaLabelField)) : null,
  };
  const failure = kind === "enquiry" ? validateEnquiry(submission)?.message : validateContact(submission);
  if (failure) throw new InboxError(400, failure);
  return submission;
}
