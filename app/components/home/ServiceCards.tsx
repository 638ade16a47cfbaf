import { Link } from "react-router";
import type { ProductCard } from "../../content/schema";
import { paths } from "../../lib/paths";
import { Reveal } from "../Reveal";
import { ServiceCard } from "./ServiceCard";
import styles from "./ServiceCards.module.css";
import { SectionHeading } from "./SectionHeading";

interface ServiceCardsProps {
  cards: readonly ProductCard[];
}

/** Home services grid: the featured cards (the spec's screens). */
export function ServiceCards({ cards }: ServiceCardsProps) {
  return (
    <Reveal as="section" className={styles.section}>
      <div className={`container ${styles.inner}`}>
        <SectionHeading eyebrow="Our services" heading="Popular Visa Services">
          <p>Prices in AED for the visas and packages our customers ask for most.</p>
        </SectionHeading>
        <Link to={paths.services} className={`button button-outline ${styles.all}`}>
          See all services
        </Link>
        <ul className={styles.grid}>
          {cards.map((card) => (
            <li key={card.id} className={styles.item}>
              <ServiceCard card={card} />
            </li>
          ))}
        </ul>
      </div>
    </Reveal>
  );
}
