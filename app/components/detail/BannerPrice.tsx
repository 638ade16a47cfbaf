import type { LeadPrice } from "../../content/details/helpers";
import styles from "./BannerPrice.module.css";

interface BannerPriceProps {
  lead: LeadPrice;
  /** Where the page lists its prices. */
  pricesHref: string;
}

/**
 * The page's price in its banner, so that a phone shows it in the first screen: the one price, or "From" the
 * lowest of several. It links down to the full list.
 */
export function BannerPrice({ lead, pricesHref }: BannerPriceProps) {
  return (
    <p className={styles.price} data-lead-price="">
      <span className={styles.label}>{lead.from ? "From" : "Price"}</span>{" "}
      <span className={`price ${styles.amount}`}>{lead.price}</span>{" "}
      <a href={pricesHref} className={styles.link}>
        {lead.from ? "See all prices" : "See what is included"}
      </a>
    </p>
  );
}
