import { useId } from "react";
import { openingHours } from "../../content/agency";
import { enquiryAnchorId } from "../../lib/enquiry-anchor";
import { mailtoHref, whatsappHref } from "../../lib/links";
import type { DetailGroup } from "../../lib/paths";
import { site } from "../../lib/site-config";
import { EnquiryForm } from "../forms/EnquiryForm";
import { ClockIcon, MailIcon, PhoneIcon, WhatsAppIcon } from "../icons";
import styles from "./ContactSidebar.module.css";
import { KeepTogether } from "../KeepTogether";

interface ContactSidebarProps {
  group: DetailGroup;
  /** The service the page is about, named in the WhatsApp greeting and the enquiry. */
  service: string;
}

/** Detail page sidebar: the ways to reach a person (phone, WhatsApp, e-mail) and the Enquiry Now form. */
export function ContactSidebar({ group, service }: ContactSidebarProps) {
  const titleId = useId();
  const greeting = `Hello! I would like to enquire about ${service}.`;
  return (
    <aside className={styles.sidebar} aria-label="Contact and enquiry">
      <section className={styles.card} aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.title}>
          Talk to Our Team
        </h2>
        <p className={styles.hours}>
          <ClockIcon size={18} />
          <span>
            <KeepTogether text={openingHours} />
          </span>
        </p>
        <ul className={styles.links}>
          <li>
            <a className={styles.link} href={site.phone.href}>
              <PhoneIcon size={20} />
              <span className={styles.linkText}>
                <span className={styles.linkLabel}>Call us</span> <span>{site.phone.display}</span>
              </span>
            </a>
          </li>
          <li>
            <a
              className={`${styles.link} ${styles.whatsapp}`}
              href={whatsappHref(site.whatsappDigits, greeting)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <WhatsAppIcon size={20} />
              <span className={styles.linkText}>
                <span className={styles.linkLabel}>WhatsApp</span> <span>Chat with us</span>
                <span className="visually-hidden"> (opens in a new tab)</span>
              </span>
            </a>
          </li>
          <li>
            <a className={styles.link} href={mailtoHref(site.email)}>
              <MailIcon size={20} />
              <span className={styles.linkText}>
                <span className={styles.linkLabel}>E-mail</span> <span className={styles.email}>{site.email}</span>
              </span>
            </a>
          </li>
        </ul>
      </section>
      <div id={enquiryAnchorId}>
        <EnquiryForm variant={group} title="Enquiry Now" whatsappTopic={service} />
      </div>
    </aside>
  );
}
