import { Link } from "react-router";
import type { CategoryCard as CategoryCardRecord } from "../../content/schema";
import { Illustration } from "../Illustration";
import { ChevronRightIcon } from "../icons";
import styles from "./CategoryCard.module.css";
import { KeepTogether } from "../KeepTogether";

interface CategoryCardProps {
  category: CategoryCardRecord;
}

/** One of the About page's service categories: picture, name, a line of text and a link to its page. */
export function CategoryCard({ category }: CategoryCardProps) {
  return (
    <article className={styles.card}>
      <Illustration
        name={category.image}
        alt=""
        className={styles.picture}
        sizes="(max-width: 600px) 100vw, (max-width: 1024px) 50vw, 280px"
      />
      <div className={styles.body}>
        <h3 className={styles.title}>{category.title}</h3>
        <p className={styles.text}>
          <KeepTogether text={category.text} />
        </p>
        <Link to={category.link} className={styles.link}>
          Learn more<span className="visually-hidden"> about {category.title}</span>
          <ChevronRightIcon size={18} />
        </Link>
      </div>
    </article>
  );
}
