import type { DetailGroup } from "../lib/paths";
import { defaults, dubaiVisaOptions as dubai, generalVisaOptions as general, placeholder } from "./data/enquiry-form";

/** Where an enquiry form sits: a detail page group, the Services page or the About page. */
export type EnquiryVariant = DetailGroup | "services" | "about";

/** One choice of the visa type select: `label` is what the visitor reads, `value` what the agency receives. */
export interface VisaOption {
  label: string;
  value: string;
}

/**
 * The select on the Dubai visa pages, Services and About (the spec's business constants, content/enquiry-form.yaml). The labels do
 * not describe their values ("Dummy Ticket" sends "90 Days Dubai Leisure Visa", "Transist" is misspelt); they
 * are the spec's, to the letter, so change them only together with the agency.
 */
export const dubaiVisaOptions: readonly VisaOption[] = dubai;

/** The select on the other detail pages (the spec's business constants). */
export const generalVisaOptions: readonly VisaOption[] = general;

export const visaOptionsByVariant: Record<EnquiryVariant, readonly VisaOption[]> = {
  "dubai-visa": dubaiVisaOptions,
  services: dubaiVisaOptions,
  about: dubaiVisaOptions,
  "tourist-visa": generalVisaOptions,
  "visa-changes": generalVisaOptions,
  "visa-documents": generalVisaOptions,
  "visa-packages": generalVisaOptions,
};

/**
 * The visa value a form starts with (the spec's states). On the Dubai lists "Dubai Visa" matches no option; the spec keeps
 * it as the value until the visitor picks one, so the select shows `visaPlaceholderLabel` for it.
 */
export const defaultVisaByVariant: Record<EnquiryVariant, string> = defaults;

/** What the select shows while its value is a default that is not one of its options. */
export const visaPlaceholderLabel: string = placeholder;

/** Every visa value a form of this variant may hold: its options, plus its default when that is not one. */
export function allowedVisaValues(variant: EnquiryVariant): readonly string[] {
  const values = visaOptionsByVariant[variant].map((option) => option.value);
  const fallback = defaultVisaByVariant[variant];
  return values.includes(fallback) ? values : [fallback, ...values];
}
