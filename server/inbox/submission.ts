import { createHash, timingSafeEqual } from "node:crypto";
import { enquiryFieldList, type EnquiryFieldValues } from "../../app/lib/forms/enquiry-fields";
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
 * A submission's fields, each read under the names its description gives for this kind of form
 * (app/lib/forms/enquiry-fields.ts: the enquiry form's multipart names, the Contact form's JSON, whose phone is
 * phoneNo), the first filled one; empty when none is, or null for an optional field.
 */
export function readFields(kind: SubmissionKind, fields: Fields): EnquiryFieldValues {
  const values: Record<string, string | null> = {};
  for (const { name, sent, contactSent, optional } of enquiryFieldList) {
    const names = (kind === "contact" && contactSent) || sent;
    const value = names.map((sentName) => fields.get(sentName) ?? "").find((text) => text !== "") ?? "";
    values[name] = value === "" && optional ? null : value;
  }
  return values as EnquiryFieldValues;
}

/**
 * The stored record of a submission: the enquiry form (multipart, the spec's calls) or the Contact form (JSON, with its
 * phoneNo). Text is kept as sent, except that NUL characters are refused: they cut strings short in mail headers,
 * terminals and most tools that would read the database. Fields not described (to_email, access_key, extras) are
 * not stored. The visa label (issue 35) is kept only when it is one the site offers for the visa type sent; any
 * other is ignored, the enquiry kept.
 */
export function toSubmission(kind: SubmissionKind, fields: Fields): Submission {
  for (const [name, value] of fields) {
    if (value.includes("\u0000")) throw new InboxError(400, `The field ${name} contains a NUL character`);
  }
  const values = readFields(kind, fields);
  const submission: Submission = {
    kind,
    ...values,
    visaLabel: kind === "enquiry" ? acceptedVisaLabel(values.visaType, fields.get(visaLabelField)) : null,
  };
  const failure = kind === "enquiry" ? validateEnquiry(submission)?.message : validateContact(submission);
  if (failure) throw new InboxError(400, failure);
  return submission;
}
