import { whatsappGreeting } from "../../content/agency";
import type { TextBlock } from "../../content/schema";
import { whatsappHref } from "../../lib/links";
import { site } from "../../lib/site-config";
import { PhoneIcon, WhatsAppIcon } from "../icons";
import { Illustration } from "../Illustration";
import { Reveal } from "../Reveal";
import { SectionHeading } from "./SectionHeading";
import styles from "./TravelAgencyBlock.module.css";
import { KeepTogether } from "../KeepTogether";

interface TravelAgencyBlockProps {
  block: TextBlock;
}

/** Home text block on the travel agency, with the two quickest ways to reach a person. */
export function TravelAgencyBlock({ block }: TravelAgencyBlockProps) {
  return (
    <Reveal as="section" className={styles.section}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.text}>
          <SectionHeading eyebrow="Who we are" heading={block.heading} onDark />
          {block.paragraphs.map((paragraph) => (
            <p key={paragraph}>
              <KeepTogether text={paragraph} />
            </p>
          ))}
          <div className={styles.actions}>
            <a
              href={whatsappHref(site.whatsappDigits, whatsappGreeting)}
              target="_blank"
              rel="noopener noreferrer"
              className={`button ${styles.whatsapp}`}
            >
              <WhatsAppIcon />
              Message us on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            <a href={site.phone.href} className={`button button-outline ${styles.call}`}>
              <PhoneIcon />
              Call <span className="price">{site.phone.display}</span>
            </a>
          </div>
        </div>
        <Illustration name="office-karama" alt="" className={styles.picture} sizes="(max-width: 768px) 100vw, 520px" />
      </div>
    </Reveal>
  );
}
