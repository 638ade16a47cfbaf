import { useId, type ReactNode } from "react";
import styles from "./Forms.module.css";

/** Everything a control needs to be tied to its label and to the form's error message. */
export interface FieldControlProps {
  id: string;
  name: string;
  required: boolean;
  className: string | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FieldProps {
  label: string;
  /** The control's `name`; the forms use their state keys, which also lets them focus a field by name. */
  name: string;
  required?: boolean;
  /** True when the form's last check failed on this field. */
  invalid?: boolean;
  /** id of the message that explains the failure; read out with the field while it is invalid. */
  errorId?: string;
  /** Takes the whole row of a multi-column form (message boxes). */
  wide?: boolean;
  /** Renders the control (input, select or textarea) with the wiring spread onto it. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled form control: the one place that wires label, id, required, aria-invalid and aria-describedby. */
export function Field({ label, name, required = false, invalid = false, errorId, wide = false, children }: FieldProps) {
  const id = useId();
  return (
    <div className={wide ? `${styles.field} ${styles.wide}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && (
          <span className={styles.requiredMark} aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {children({
        id,
        name,
        required,
        className: styles.control,
        "aria-invalid": invalid ? true : undefined,
        "aria-describedby": invalid ? errorId : undefined,
      })}
    </div>
  );
}
