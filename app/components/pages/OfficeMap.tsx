import { useEffect, useRef } from "react";
import { site } from "../../lib/site-config";
import { MapPinIcon } from "../icons";
import styles from "./OfficeMap.module.css";

interface OfficeMapProps {
  /** What the map shows, for screen readers (the iframe's title). */
  title: string;
}

/** The same frame with and without JavaScript, but for when it gets its src. */
const frameAttributes = {
  width: "600",
  height: "450",
  loading: "lazy",
  referrerPolicy: "no-referrer-when-downgrade",
  allowFullScreen: true,
} as const;

/**
 * The embedded map of the office, in a box of fixed size, so nothing moves when it arrives; the link below it
 * opens the same map for visitors whose browser or network blocks the embed. Google's map (a megabyte of
 * scripts and tiles) gets its address only once the page has hydrated: a phone that opens the page gets the
 * first screen and the page's own scripts first, and from there the browser's lazy loading decides. (Not later,
 * when the box nears the window: a frame that navigates while it has focus drops a keyboard user's focus.)
 * Without JavaScript the frame in <noscript> loads as the browser decides.
 */
export function OfficeMap({ title }: OfficeMapProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  // The DOM's attribute, not React's prop: the pre-rendered frame and the hydrated one must match, and React never
  // manages (or removes) an attribute it was not given.
  useEffect(() => frame.current?.setAttribute("src", site.map.embedUrl), []);
  return (
    <figure className={styles.map}>
      <div className={styles.frame}>
        <iframe ref={frame} title={title} {...frameAttributes} />
        <noscript>
          <iframe title={title} {...frameAttributes} src={site.map.embedUrl} />
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
