import { messageBoxRows } from "../../content/constants";
import {
  defaultVisaByVariant,
  visaOptionsByVariant,
  visaPlaceholderLabel,
  type EnquiryVariant,
} from "../../content/enquiry-options";
import { enquiryFormFields, type EnquiryFormPart } from "../../lib/forms/enquiry-fields";
import type { EnquiryField, EnquiryValues } from "../../lib/forms/validate-enquiry";
import { Field, type FieldControlProps } from "./Field";

interface EnquiryFieldsProps {
  variant: EnquiryVariant;
  values: EnquiryValues;
  onChange: (field: EnquiryField, value: string) => void;
  /** The field the last validation failed on, if any. */
  invalidField?: EnquiryField | null;
  /** id of the validation message, for the invalid field's aria-describedby. */
  errorId?: string;
}

type Input = NonNullable<EnquiryFormPart["input"]>;

/**
 * The visible fields of the enquiry forms (the spec's entities and validation rules), one per field with an input in
 * app/lib/forms/enquiry-fields.ts, in its order. `adult` and `child` are part of the values but have no input, as
 * the spec says.
 */
export function EnquiryFields({ variant, values, onChange, invalidField = null, errorId }: EnquiryFieldsProps) {
  return (
    <>
      {enquiryFormFields.map(({ form: { state, input, required } }) =>
        input ? (
          <Field
            key={state}
            label={input.label}
            required={required !== undefined}
            wide={input.type === "textarea"}
            name={state}
            invalid={invalidField === state}
            errorId={errorId}
          >
            {(control) => (
              <Control
                control={control}
                input={input}
                variant={variant}
                value={values[state] ?? ""}
                onChange={(value) => onChange(state, value)}
              />
            )}
          </Field>
        ) : null,
      )}
    </>
  );
}

interface ControlProps {
  control: FieldControlProps;
  input: Input;
  variant: EnquiryVariant;
  value: string;
  onChange: (value: string) => void;
}

function Control({ control, input, variant, value, onChange }: ControlProps) {
  const change = (event: { target: { value: string } }) => onChange(event.target.value);
  if (input.type === "select") {
    const options = visaOptionsByVariant[variant];
    const defaultVisa = defaultVisaByVariant[variant];
    // The Dubai lists' default matches no option; a placeholder option carrying it keeps the select controlled
    // without a React warning, and stays out of the list once the visitor has picked a real option.
    const needsPlaceholder = !options.some((option) => option.value === defaultVisa);
    return (
      <select {...control} value={value} onChange={change}>
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
    );
  }
  if (input.type === "textarea") return <textarea {...control} rows={messageBoxRows} value={value} onChange={change} />;
  // type="tel" rather than type="number" for the phone: a number input drops a leading "+" or zero, turns the
  // scroll wheel into a typo and reads back "" for "+971 50...", which would look like an empty field.
  return (
    <input
      {...control}
      type={input.type}
      inputMode={input.type === "tel" ? "tel" : undefined}
      autoComplete={input.autoComplete}
      value={value}
      onChange={change}
    />
  );
}
