import { Link } from "react-router";
import type { PriceRow } from "../../content/schema";
import styles from "./PriceList.module.css";
import { KeepTogether } from "../KeepTogether";

interface PriceListProps {
  rows: readonly PriceRow[];
}

/** Overview pages: one row per service with its price and a View Details link to its own page. */
export function PriceList({ rows }: PriceListProps) {
  return (
    <ul className={styles.list}>
      {rows.map((row) => (
        <li key={row.type} className={styles.row}>
          <span className={styles.type}>
            <KeepTogether text={row.type} />
          </span>
          <span className={`price ${styles.price}`}>{row.price}</span>
          <Link to={row.link} className={`button button-secondary ${styles.link}`}>
            View Details
            <span className="visually-hidden">: {row.type}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
