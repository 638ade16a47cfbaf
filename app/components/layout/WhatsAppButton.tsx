import { whatsappGreeting } from "../../content/agency";
import { whatsappHref } from "../../lib/links";
import { site } from "../../lib/site-config";
import { WhatsAppIcon } from "../icons";
import { inertWhenMenuOpen } from "./MainMenu";
import styles from "./WhatsAppButton.module.css";

/**
 * The floating chat button, fixed bottom-left on every page (spec §2). It is a complementary landmark of its own,
 * so that it does not float outside every landmark after the footer.
 */
export function WhatsAppButton() {
  return (
    <aside aria-label="WhatsApp chat" {...inertWhenMenuOpen}>
      <a
        href={whatsappHref(site.whatsappDigits, whatsappGreeting)}
        className={styles.button}
        target="_blank"
        rel="noopener noreferrer"
        data-whatsapp=""
      >
        <WhatsAppIcon size={28} />
        <span className="visually-hidden">Chat with us on WhatsApp (opens in a new tab)</span>
      </a>
    </aside>
  );
}
