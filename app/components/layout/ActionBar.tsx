import type { MouseEvent } from "react";
import { Link, useMatches } from "react-router";
import { whatsappGreeting } from "../../content/agency";
import { enquiryAnchorId, goToEnquiryForm, pageHasEnquiryForm } from "../../lib/enquiry-anchor";
import { whatsappHref } from "../../lib/links";
import { paths } from "../../lib/paths";
import { site } from "../../lib/site-config";
import { MailIcon, PhoneIcon, WhatsAppIcon } from "../icons";
import { inertWhenMenuOpen } from "./MainMenu";
import { HydrationPiece } from "../HydrationPiece";
import styles from "./ActionBar.module.css";

/**
 * A person one tap away. On desktops: the floating chat button, fixed bottom-left on every page (the spec's screens). On
 * phones, where the header hides its phone (the spec's screens), and tablets, that button becomes the left item of a bar
 * fixed to the foot of the window: WhatsApp, Call, Enquire. Enquire brings the page's enquiry form into view with its first
 * field focused, or opens the Contact page where a page has no form. A complementary landmark of its own, so
 * that it does not float outside every landmark after the footer.
 */
export function ActionBar() {
  const formHere = pageHasEnquiryForm(useMatches());

  function enquire(event: MouseEvent<HTMLAnchorElement>) {
    // Without this (no JavaScript yet) the link still jumps to the form.
    if (goToEnquiryForm(document)) event.preventDefault();
  }

  return (
    <HydrationPiece>
      <aside aria-label="Contact us" className={styles.bar} data-action-bar="" {...inertWhenMenuOpen}>
        <a
          href={whatsappHref(site.whatsappDigits, whatsappGreeting)}
          className={`${styles.item} ${styles.whatsapp}`}
          target="_blank"
          rel="noopener noreferrer"
          data-whatsapp=""
        >
          <WhatsAppIcon size={28} />
          <span className="visually-hidden">Chat with us on </span>
          <span className={styles.phoneOnly}>WhatsApp</span>
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <a href={site.phone.href} className={`${styles.item} ${styles.call}`}>
          <PhoneIcon size={22} />
          Call<span className="visually-hidden"> {site.phone.display}</span>
        </a>
        {formHere ? (
          <a href={`#${enquiryAnchorId}`} className={`${styles.item} ${styles.enquire}`} onClick={enquire}>
            <MailIcon size={22} />
            Enquire
          </a>
        ) : (
          <Link to={paths.contact} className={`${styles.item} ${styles.enquire}`}>
            <MailIcon size={22} />
            Enquire
          </Link>
        )}
      </aside>
    </HydrationPiece>
  );
}
