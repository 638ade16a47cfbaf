import {
  dubaiVisaOptions,
  generalVisaOptions,
  visaOptionsByVariant,
  type EnquiryVariant,
} from "../../content/enquiry-options";
import { enquiryFields } from "./enquiry-fields";

/*
 * The visa select's labels are not its values on the Dubai forms (the spec's business constants: "Visa Change Service" is sent as
 * "60 Days Dubai Visa"). The value goes on the wire as the spec gives it; the label the visitor picked goes to the
 * site's own inbox beside it (issue 35, item 3), and everyone who reads the enquiry reads that label.
 */

/** The extra field, sent to the site's own inbox only, that carries the label of the option the visitor picked. */
export const visaLabelField = enquiryFields.visaLabel.sent[0];

/** The longest label the inbox keeps; the spec's are far shorter. */
export const longestVisaLabel = enquiryFields.visaLabel.longest;

/**
 * The label of the option this form's select shows for `value`, or null when the value is none of its options (the
 * Dubai forms' default "Dubai Visa", which the visitor did not pick).
 */
export function pickedVisaLabel(variant: EnquiryVariant, value: string): string | null {
  return visaOptionsByVariant[variant].find((option) => option.value === value)?.label ?? null;
}

/**
 * The label a submission says the visitor picked, if some form of the site offers exactly that label for the value
 * sent; anything else (a made-up label, one sent with another value, none) is null and ignored.
 */
export function acceptedVisaLabel(value: string, label: string | null | undefined): string | null {
  if (!label || label.length > longestVisaLabel) return null;
  const offered = [...dubaiVisaOptions, ...generalVisaOptions].some(
    (option) => option.value === value && option.label === label,
  );
  return offered ? label : null;
}

/**
 * The one name of the service asked for, wherever the agency or the visitor reads it (the office, the mail, the
 * replies, the enquiries command): the label picked, with the value sent beside it where they differ; the value
 * alone when no label is known (enquiries from before issue 35, the default "Dubai Visa").
 */
export function serviceName(value: string, label: string | null | undefined): string {
  if (!label || label === value) return value;
  return `${label} (sent as ${value})`;
}
