import { useRef } from "react";
import { site } from "../../lib/site-config";
import { mapLoadMarginPx, useNearWindow } from "../../lib/use-near-window";
import { MapPinIcon } from "../icons";
import styles from "./OfficeMap.module.css";

interface OfficeMapProps {
  /** What the map shows, for screen readers (the iframe's title). */
  title: string;
}

/**
 * The embedded map of the office, in a box of fixed size, so nothing moves when it arrives; the link below it
 * opens the same map for visitors whose browser or network blocks the embed. Google's map (a megabyte of
 * scripts and tiles) is requested only once its box comes near the window: a phone that opens the page gets
 * the first screen and the page's own scripts first. Without JavaScript the frame loads as the browser's own
 * lazy loading decides.
 */
export function OfficeMap({ title }: OfficeMapProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const near = useNearWindow(frame, mapLoadMarginPx);
  const attributes = {
    width: "600",
    height: "450",
    loading: "lazy",
    referrerPolicy: "no-referrer-when-downgrade",
    allowFullScreen: true,
  } as const;
  return (
    <figure className={styles.map}>
      <div className={styles.frame}>
        <iframe ref={frame} title={title} {...attributes} src={near ? site.map.embedUrl : undefined} />
        <noscript>
          <iframe title={title} {...attributes} src={site.map.embedUrl} />
        </noscript>
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
