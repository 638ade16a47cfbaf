import type { CSSProperties } from "react";
import { packageGridColumns } from "../../content/constants";
import type { VisaType } from "../../content/schema";
import styles from "./PriceGrid.module.css";
import { KeepTogether } from "../KeepTogether";

interface PriceGridProps {
  rows: readonly VisaType[];
  /**
   * The Price cell of the Dubai visa and tourist visa pages: the first visa type's price, shown once in its own
   * highlighted cell instead of inside the first row. Omitted on the other pages.
   */
  priceCell?: string;
}

/** The two-column grid of title/content and title/price pairs (Entry, Stay, a package and its price…). */
export function PriceGrid({ rows, priceCell }: PriceGridProps) {
  const showsPriceCell = priceCell !== undefined && priceCell !== "";
  const columns = { "--columns": packageGridColumns } as CSSProperties;
  // An odd last card would stand alone beside an empty cell: it takes the whole row instead.
  const lastAlone = rows.length % packageGridColumns === 1 && rows.length > 1;
  return (
    <dl className={styles.grid} style={columns}>
      {showsPriceCell && (
        <div className={`${styles.cell} ${styles.priceCell}`}>
          <dt className={styles.title}>Price</dt>
          <dd className={`price ${styles.price}`}>{priceCell}</dd>
        </div>
      )}
      {rows.map((row, index) => {
        // The first row's price already stands in the Price cell.
        const price = showsPriceCell && index === 0 ? "" : row.price;
        return (
          <div
            key={row.id}
            className={lastAlone && index === rows.length - 1 ? `${styles.cell} ${styles.wide}` : styles.cell}
          >
            <dt className={styles.title}>
              <KeepTogether text={row.title} />
            </dt>
            {row.content !== "" && (
              <dd className={styles.content}>
                <KeepTogether text={row.content} />
              </dd>
            )}
            {price !== "" && <dd className={`price ${styles.price}`}>{price}</dd>}
          </div>
        );
      })}
    </dl>
  );
}
