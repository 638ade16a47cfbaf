import type { ReactNode } from "react";
import styles from "./InfoCard.module.css";
import { KeepTogether } from "../KeepTogether";

interface InfoCardProps {
  icon: ReactNode;
  heading: string;
  text: string;
  /** The fact itself: an address, a mailto link, a tel link. */
  children: ReactNode;
}

/** A Contact page card: round icon, heading, a line of text and the way to reach us. */
export function InfoCard({ icon, heading, text, children }: InfoCardProps) {
  return (
    <article className={styles.card}>
      <span className={styles.icon}>{icon}</span>
      <h2 className={styles.heading}>{heading}</h2>
      <p className={styles.text}>
        <KeepTogether text={text} />
      </p>
      <div className={styles.value}>{children}</div>
    </article>
  );
}
