import { useCallback, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { openingHours } from "../../content/agency";
import { mailtoHref } from "../../lib/links";
import { paths } from "../../lib/paths";
import { site } from "../../lib/site-config";
import { useMediaQuery } from "../../lib/use-media-query";
import { mediaQuery } from "../../styles/breakpoints";
import { ClockIcon, MailIcon, MenuIcon, PhoneIcon } from "../icons";
import { Logo } from "./Logo";
import { inertWhenMenuOpen, MainMenu, mainMenuId } from "./MainMenu";
import { SocialLinks } from "./SocialLinks";
import { HydrationPiece } from "../HydrationPiece";
import styles from "./SiteHeader.module.css";
import { KeepTogether } from "../KeepTogether";

/** Top bar, masthead (logo, phone, e-mail, menu button) and the main menu. */
export function SiteHeader() {
  const { pathname } = useLocation();
  // The slide-in menu belongs to the page and the layout it was opened in: a route change, or a window
  // widened past the laptop breakpoint, closes it.
  const compact = useMediaQuery(mediaQuery.laptop);
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = compact && menuOpenAt === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);

  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuOpenAt(null);
    // The page stops being inert when the menu closes; focus the button once it is reachable again.
    if (returnFocus) requestAnimationFrame(() => toggleRef.current?.focus());
  }, []);

  return (
    <>
      {/* One banner landmark holds the top bar and the masthead, so no header content sits outside a landmark. */}
      <HydrationPiece>
        <header className={styles.header} {...inertWhenMenuOpen}>
          <div className={styles.topbar}>
            <div className={`container ${styles.topbarInner}`}>
              <p className={styles.hours}>
                <ClockIcon size={16} />
                <span>
                  <KeepTogether text={openingHours} />
                </span>
              </p>
              <SocialLinks />
            </div>
          </div>
          <div className={styles.masthead}>
            <div className={`container ${styles.mastheadInner}`}>
              <Link to={paths.home} className={styles.logoLink} aria-label={`${site.agencyName}, home`}>
                <Logo />
              </Link>
              <ul className={styles.contacts}>
                <li>
                  <a href={site.phone.href} className={styles.contact}>
                    <span className={styles.contactIcon}>
                      <PhoneIcon size={18} />
                    </span>
                    <span>
                      <span className={styles.contactLabel}>Call us</span>
                      <span className={styles.contactValue}>{site.phone.display}</span>
                    </span>
                  </a>
                </li>
                <li>
                  <a href={mailtoHref(site.email)} className={styles.contact}>
                    <span className={styles.contactIcon}>
                      <MailIcon size={18} />
                    </span>
                    <span>
                      <span className={styles.contactLabel}>Email us</span>
                      <span className={styles.contactValue}>{site.email}</span>
                    </span>
                  </a>
                </li>
              </ul>
              <button
                ref={toggleRef}
                type="button"
                className={styles.menuToggle}
                aria-expanded={menuOpen}
                aria-controls={mainMenuId}
                onClick={() => setMenuOpenAt(pathname)}
              >
                <MenuIcon size={22} />
                <span>Menu</span>
              </button>
            </div>
          </div>
        </header>
      </HydrationPiece>
      <MainMenu open={menuOpen} onClose={closeMenu} />
    </>
  );
}
