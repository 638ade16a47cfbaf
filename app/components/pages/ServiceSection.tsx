import { Link } from "react-router";
import type { ServiceSection as ServiceSectionRecord } from "../../content/schema";
import { Illustration } from "../Illustration";
import { Reveal } from "../Reveal";
import { ChevronRightIcon } from "../icons";
import styles from "./ServiceSection.module.css";
import { KeepTogether } from "../KeepTogether";

interface ServiceSectionProps {
  section: ServiceSectionRecord;
  /** The lowest price on the page the section links to, shown as "From …" and linking there. */
  fromPrice?: string;
  /** Puts the picture on the left on wide screens, so that consecutive sections alternate. */
  pictureFirst?: boolean;
  /** For the page's first picture, which is its largest contentful paint. */
  priority?: boolean;
}

/** One service on the Services page: heading, paragraphs, picture and, if it has one, a link to its prices. */
export function ServiceSection({ section, fromPrice, pictureFirst = false, priority = false }: ServiceSectionProps) {
  return (
    <Reveal as="section" className={pictureFirst ? `${styles.section} ${styles.pictureFirst}` : styles.section}>
      {/* The id lets other pages and ads link straight to one service (/services#dummy-ticket-booking). */}
      <div className={styles.text} id={section.id}>
        <h3 className={styles.heading}>{section.heading}</h3>
        {section.paragraphs.map((paragraph) => (
          <p key={paragraph}>
            <KeepTogether text={paragraph} />
          </p>
        ))}
        {section.link && fromPrice && (
          <p className={styles.price}>
            <Link to={section.link.to} className={styles.priceLink}>
              From <span className={`price ${styles.amount}`}>{fromPrice}</span>
            </Link>
          </p>
        )}
        {section.link && (
          <Link to={section.link.to} className="button button-secondary">
            {section.link.label}
            <ChevronRightIcon size={18} />
          </Link>
        )}
      </div>
      <div className={styles.media}>
        <Illustration
          name={section.picture.image}
          alt={section.picture.alt}
          priority={priority}
          sizes="(max-width: 768px) 100vw, 560px"
        />
      </div>
    </Reveal>
  );
}
