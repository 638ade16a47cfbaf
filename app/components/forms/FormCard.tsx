import { useId, type ReactNode } from "react";
import styles from "./Forms.module.css";

interface FormCardProps {
  title: string;
  /** Shows the "* Required" key for forms whose labels carry the mark. */
  requiredNote?: boolean;
  /** The form, given the heading's id to be labelled by. */
  children: (headingId: string) => ReactNode;
}

/** The card every form sits in: its heading (which names the form) and the form itself. */
export function FormCard({ title, requiredNote = false, children }: FormCardProps) {
  const headingId = useId();
  return (
    <div className={styles.card}>
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
      {requiredNote && (
        <p className={styles.requiredNote} aria-hidden="true">
          * Required
        </p>
      )}
      {children(headingId)}
    </div>
  );
}
