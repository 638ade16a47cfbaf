import { site } from "../../lib/site-config";
import { MapPinIcon } from "../icons";
import styles from "./OfficeMap.module.css";

interface OfficeMapProps {
  /** What the map shows, for screen readers (the iframe's title). */
  title: string;
}

/**
 * The embedded map of the office. It loads lazily and sits in a box of fixed size, so nothing moves when it
 * arrives; the link below it opens the same map for visitors whose browser or network blocks the embed.
 */
export function OfficeMap({ title }: OfficeMapProps) {
  return (
    <figure className={styles.map}>
      <div className={styles.frame}>
        <iframe
          title={title}
          src={site.map.embedUrl}
          width="600"
          height="450"
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
        />
      </div>
      <figcaption className={styles.caption}>
        <a href={site.map.linkUrl} target="_blank" rel="noopener noreferrer">
          <MapPinIcon size={18} />
          Open the map in a new tab
        </a>
      </figcaption>
    </figure>
  );
}
