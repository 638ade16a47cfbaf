import type { WhyChooseItem } from "../../content/schema";
import { Reveal } from "../Reveal";
import { SectionHeading } from "./SectionHeading";
import { WhyChooseIcon } from "./WhyChooseIcon";
import styles from "./WhyChooseUs.module.css";
import { KeepTogether } from "../KeepTogether";

interface WhyChooseUsProps {
  heading: string;
  items: readonly WhyChooseItem[];
}

/** Home "Why Choose Us" block: each item with its icon, title and description (the spec's screens). */
export function WhyChooseUs({ heading, items }: WhyChooseUsProps) {
  return (
    <Reveal as="section" className={`container ${styles.section}`}>
      <SectionHeading eyebrow="Our promise" heading={heading} align="center" />
      <ul className={styles.grid}>
        {items.map((item) => (
          <li key={item.title} className={styles.item}>
            <span className={styles.icon}>
              <WhyChooseIcon name={item.icon} />
            </span>
            <h3 className={styles.title}>{item.title}</h3>
            <p className={styles.description}>
              <KeepTogether text={item.description} />
            </p>
          </li>
        ))}
      </ul>
    </Reveal>
  );
}
