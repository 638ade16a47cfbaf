import { Link } from "react-router";
import { cardRating } from "../../content/constants";
import type { ProductCard } from "../../content/schema";
import { Illustration } from "../Illustration";
import styles from "./ServiceCard.module.css";
import { StarRating } from "./StarRating";

interface ServiceCardProps {
  card: ProductCard;
}

/**
 * A featured service. The name is the card's one link, stretched over the whole card, so the card is a single
 * click or tap target without nesting anything interactive.
 */
export function ServiceCard({ card }: ServiceCardProps) {
  return (
    <article className={styles.card}>
      <Illustration
        name={card.image}
        alt=""
        className={styles.image}
        sizes="(max-width: 600px) 100vw, (max-width: 1024px) 50vw, 300px"
      />
      <div className={styles.body}>
        <p className={styles.category}>{card.title}</p>
        <h3 className={styles.name}>
          <Link to={card.link} className={styles.link}>
            {card.name}
          </Link>
        </h3>
        <StarRating rating={cardRating} />
        <div className={styles.footer}>
          <p className={styles.price}>
            <span className="visually-hidden">Price: </span>
            <span className="price">{card.price}</span>
          </p>
          <span className={styles.arrow} aria-hidden="true">
            <svg viewBox="0 0 24 24" width={18} height={18} focusable="false">
              <path d="M5 12h14m-6-6 6 6-6 6" />
            </svg>
          </span>
        </div>
      </div>
    </article>
  );
}
