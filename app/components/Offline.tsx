import { officeAddress, openingHours, whatsappGreeting } from "../content/agency";
import { whatsappHref } from "../lib/links";
import { paths } from "../lib/paths";
import { site } from "../lib/site-config";
import { ClockIcon, MapPinIcon, PhoneIcon, WhatsAppIcon } from "./icons";
import { KeepTogether } from "./KeepTogether";
import styles from "./Offline.module.css";

/**
 * What a phone shows offline for a page it has not kept (app/service-worker): the ways to reach a person that
 * need no web page. It is shown at the address the visitor asked for, as plain HTML (the build removes its
 * scripts), so its links are plain links: "Try again" (an empty href) opens that same address again.
 */
export function Offline() {
  return (
    <section className={`container ${styles.page}`} aria-labelledby="offline-title">
      <h1 id="offline-title">You are offline</h1>
      <p className={styles.lead}>
        This page is not saved on your phone yet. It will open once you are back online. Meanwhile, you can still reach
        {"\u00a0"}us:
      </p>
      <ul className={styles.ways}>
        <li>
          <a href={site.phone.href} className={styles.way}>
            <span className={styles.icon}>
              <PhoneIcon size={22} />
            </span>
            <span>
              <span className={styles.label}>Call us</span>
              <span className={styles.value}>{site.phone.display}</span>
            </span>
          </a>
        </li>
        <li>
          <a
            href={whatsappHref(site.whatsappDigits, whatsappGreeting)}
            className={`${styles.way} ${styles.whatsapp}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            <span className={styles.icon}>
              <WhatsAppIcon size={24} />
            </span>
            <span>
              <span className={styles.label}>WhatsApp</span>
              <span className={styles.value}>
                Message us<span className="visually-hidden"> (opens in a new tab)</span>
              </span>
            </span>
          </a>
        </li>
        <li className={styles.way}>
          <span className={styles.icon}>
            <MapPinIcon size={22} />
          </span>
          <div>
            <span className={styles.label}>Our office</span>
            <address className={styles.value}>
              {officeAddress.locality}, {officeAddress.city}, {officeAddress.country}
            </address>
          </div>
        </li>
        <li className={styles.way}>
          <span className={styles.icon}>
            <ClockIcon size={22} />
          </span>
          <span>
            <span className={styles.label}>Opening hours</span>
            <span className={styles.value}>
              <KeepTogether text={openingHours} />
            </span>
          </span>
        </li>
      </ul>
      <div className={styles.actions}>
        {/* An empty address is this page's own: the page the visitor asked for, asked for again. A real link
            (the rule knows only "#" and javascript: as empty ones): the page has no script to reload it. */}
        {/* eslint-disable-next-line jsx-a11y/anchor-is-valid */}
        <a href="" className="button button-primary">
          Try again
        </a>
        <a href={paths.home} className="button button-outline">
          Go to the home page
        </a>
      </div>
    </section>
  );
}
