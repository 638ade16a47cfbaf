import type { InfoSection } from "../../content/details/helpers";
import { Reveal } from "../Reveal";
import styles from "./DetailPage.module.css";
import { KeepTogether } from "../KeepTogether";

interface InfoSectionsProps {
  sections: readonly InfoSection[];
}

/** The important information sections (title4/content4 onwards): a heading and its paragraphs each. */
export function InfoSections({ sections }: InfoSectionsProps) {
  return sections.map((section) => (
    <Reveal as="section" key={section.title} className={styles.section}>
      {section.title !== "" && <h2>{section.title}</h2>}
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph}>
          <KeepTogether text={paragraph} />
        </p>
      ))}
    </Reveal>
  ));
}
