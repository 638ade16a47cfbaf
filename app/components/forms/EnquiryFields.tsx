import { messageBoxRows } from "../../content/constants";
import {
  defaultVisaByVariant,
  visaOptionsByVariant,
  visaPlaceholderLabel,
  type EnquiryVariant,
} from "../../content/enquiry-options";
import type { EnquiryField, EnquiryValues } from "../../lib/forms/validate-enquiry";
import { Field } from "./Field";

interface EnquiryFieldsProps {
  variant: EnquiryVariant;
  values: EnquiryValues;
  onChange: (field: EnquiryField, value: string) => void;
  /** The field the last validation failed on, if any. */
  invalidField?: EnquiryField | null;
  /** id of the validation message, for the invalid field's aria-describedby. */
  errorId?: string;
}

/**
 * The visible fields of the enquiry forms (the spec's entities and validation rules), shared by the sending form and the About form.
 * `adult` and `child` are part of the values but have no input, as the spec says.
 */
export function EnquiryFields({ variant, values, onChange, invalidField = null, errorId }: EnquiryFieldsProps) {
  const options = visaOptionsByVariant[variant];
  const defaultVisa = defaultVisaByVariant[variant];
  // The Dubai lists' default matches no option; a placeholder option carrying it keeps the select controlled
  // without a React warning, and stays out of the list once the visitor has picked a real option.
  const needsPlaceholder = !options.some((option) => option.value === defaultVisa);
  const wiring = (field: EnquiryField) => ({ name: field, invalid: invalidField === field, errorId });

  return (
    <>
      <Field label="Full Name" required {...wiring("name")}>
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="name"
            value={values.name}
            onChange={(event) => onChange("name", event.target.value)}
          />
        )}
      </Field>
      <Field label="Email" required {...wiring("email")}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => onChange("email", event.target.value)}
          />
        )}
      </Field>
      <Field label="Phone Number" required {...wiring("phone")}>
        {(control) => (
          // type="tel" rather than type="number": a number input drops a leading "+" or zero, turns the
          // scroll wheel into a typo and reads back "" for "+971 50...", which would look like an empty field.
          <input
            {...control}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={(event) => onChange("phone", event.target.value)}
          />
        )}
      </Field>
      <Field label="Visa Type" {...wiring("visa")}>
        {(control) => (
          <select {...control} value={values.visa} onChange={(event) => onChange("visa", event.target.value)}>
            {needsPlaceholder && (
              <option value={defaultVisa} disabled hidden>
                {visaPlaceholderLabel}
              </option>
            )}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Travel Date" required {...wiring("date")}>
        {(control) => (
          <input
            {...control}
            type="date"
            value={values.date}
            onChange={(event) => onChange("date", event.target.value)}
          />
        )}
      </Field>
      <Field label="Message" required wide {...wiring("message")}>
        {(control) => (
          <textarea
            {...control}
            rows={messageBoxRows}
            value={values.message}
            onChange={(event) => onChange("message", event.target.value)}
          />
        )}
      </Field>
    </>
  );
}
