import { Link } from "react-router";
import type { HomeAbout } from "../../content/schema";
import { paths } from "../../lib/paths";
import { Illustration } from "../Illustration";
import { Reveal } from "../Reveal";
import styles from "./AboutBlock.module.css";
import { SectionHeading } from "./SectionHeading";
import { KeepTogether } from "../KeepTogether";

interface AboutBlockProps {
  about: HomeAbout;
}

/** Home "About" block (the spec's screens): the headline, its text and three pictures. */
export function AboutBlock({ about }: AboutBlockProps) {
  const [main, ...small] = about.images;
  return (
    <Reveal as="section" className={`container ${styles.about}`}>
      <div className={styles.text}>
        <SectionHeading eyebrow="About our agency" heading={about.headline} />
        {about.paragraphs.map((paragraph) => (
          <p key={paragraph}>
            <KeepTogether text={paragraph} />
          </p>
        ))}
        <div className={styles.actions}>
          <Link to={paths.about} className="button button-secondary">
            More about us
          </Link>
          <Link to={paths.contact} className="button button-outline">
            Contact our team
          </Link>
        </div>
      </div>
      <div className={styles.gallery}>
        <Illustration
          name={main.image}
          alt={main.alt}
          className={`${styles.picture} ${styles.main}`}
          sizes="(max-width: 768px) 100vw, 600px"
        />
        {small.map((picture) => (
          <Illustration
            key={picture.image}
            name={picture.image}
            alt={picture.alt}
            className={styles.picture}
            sizes="(max-width: 768px) 50vw, 300px"
          />
        ))}
      </div>
    </Reveal>
  );
}
