import { Link } from "react-router";
import { officeAddress } from "../../content/agency";
import { footerLinks } from "../../content/menu";
import { mailtoHref } from "../../lib/links";
import { paths, type AppPath } from "../../lib/paths";
import { site } from "../../lib/site-config";
import { useCurrentYear } from "../../lib/use-current-year";
import { MailIcon, MapPinIcon, PhoneIcon } from "../icons";
import { Logo } from "./Logo";
import { inertWhenMenuOpen } from "./MainMenu";
import { SocialLinks } from "./SocialLinks";
import { HydrationPiece } from "../HydrationPiece";
import styles from "./SiteFooter.module.css";

export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <HydrationPiece>
      <footer className={styles.footer} {...inertWhenMenuOpen}>
        <div className={`container ${styles.grid}`}>
          <section aria-labelledby="footer-office">
            <Link to={paths.home} className={styles.logoLink} aria-label={`${site.agencyName}, home`}>
              <Logo inverted />
            </Link>
            <h2 id="footer-office" className="visually-hidden">
              Our office
            </h2>
            <ul className={styles.contactList}>
              <li>
                <MapPinIcon size={18} />
                <address>
                  {officeAddress.locality}, {officeAddress.city}
                  <br />
                  {officeAddress.country}
                </address>
              </li>
              <li>
                <MailIcon size={18} />
                <a href={mailtoHref(site.email)}>{site.email}</a>
              </li>
              <li>
                <PhoneIcon size={18} />
                <a href={site.phone.href}>{site.phone.display}</a>
              </li>
            </ul>
          </section>
          <FooterNav id="footer-quick-links" title="Quick Links" links={footerLinks.quickLinks} />
          <FooterNav id="footer-visa-guide" title="Visa Guide" links={footerLinks.visaGuide} />
          <section aria-labelledby="footer-follow">
            <h2 id="footer-follow" className={styles.heading}>
              Follow Us
            </h2>
            <p className={styles.note}>News, visa updates and holiday offers.</p>
            <SocialLinks tone="light" />
          </section>
        </div>
        <div className={styles.bottom}>
          <div className="container">
            <p>
              © {year} {site.agencyName}. All rights reserved.{" "}
              <Link to={paths.privacy} className={styles.privacy}>
                Privacy
              </Link>
            </p>
          </div>
        </div>
      </footer>
    </HydrationPiece>
  );
}

/** One of the footer's lists of links under its heading; the list hydrates in a piece of its own. */
function FooterNav({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: readonly { title: string; link: AppPath }[];
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      <HydrationPiece>
        <ul className={styles.links}>
          {links.map((link) => (
            <li key={link.link}>
              <Link to={link.link}>{link.title}</Link>
            </li>
          ))}
        </ul>
      </HydrationPiece>
    </nav>
  );
}
