import { site } from "../../lib/site-config";
import styles from "./Logo.module.css";

/** The agency mark (a stylised plane over a dune) and its name. Light enough to inline on every page. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  const [first, ...rest] = site.agencyName.split(" ");
  return (
    <span className={styles.logo} data-inverted={inverted}>
      <svg width="44" height="44" viewBox="0 0 44 44" aria-hidden="true" focusable="false">
        <circle cx="22" cy="22" r="22" fill="#0b3a53" />
        <path d="M6 31c6-5 12-6 18-3s10 2 14-1v9H6z" fill="#e4b55a" />
        <path
          d="M11 20.5l6.5 1.2 7.3-7.6c.9-.9 2.7-.7 2.9.4.1.5-.1 1-.5 1.4l-5.8 7.4 6.2 1.1 2.6-2 1.6.3-1.7 3.2 1.1 3.6-1.5.3-2-2.6-6.3-.7-3.7 7.5-2 .2 1.9-8.2-6.6-1.2z"
          fill="#fff"
        />
      </svg>
      <span className={styles.name}>
        <span className={styles.first}>{first}</span> {rest.join(" ")}
      </span>
    </span>
  );
}
