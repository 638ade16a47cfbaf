import type { ReactNode } from "react";
import styles from "./SectionHeading.module.css";

interface SectionHeadingProps {
  /** A short label above the heading. */
  eyebrow: string;
  heading: string;
  id?: string;
  align?: "start" | "center";
  /** Light text, for sections on the navy background. */
  onDark?: boolean;
  children?: ReactNode;
}

/** The eyebrow, h2 and optional intro that open each Home section. */
export function SectionHeading({
  eyebrow,
  heading,
  id,
  align = "start",
  onDark = false,
  children,
}: SectionHeadingProps) {
  const classes = [styles.header, align === "center" && styles.center, onDark && styles.dark].filter(Boolean);
  return (
    <header className={classes.join(" ")}>
      <p className={styles.eyebrow}>{eyebrow}</p>
      <h2 id={id} className={styles.heading}>
        {heading}
      </h2>
      {children}
    </header>
  );
}
