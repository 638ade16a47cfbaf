import { site } from "../../lib/site-config";
import { socialIcons } from "../icons";
import styles from "./SocialLinks.module.css";

/** Links to the agency's social pages; each opens in a new tab and says so to screen readers. */
export function SocialLinks({ tone = "dark" }: { tone?: "dark" | "light" }) {
  return (
    <ul className={styles.list} data-tone={tone}>
      {site.social.map(({ label, href }) => {
        const SocialIcon = socialIcons[label];
        return (
          <li key={label}>
            <a href={href} className={styles.link} target="_blank" rel="noopener noreferrer">
              <SocialIcon size={18} />
              <span className="visually-hidden">{label} (opens in a new tab)</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
