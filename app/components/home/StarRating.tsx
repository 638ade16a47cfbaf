import styles from "./StarRating.module.css";

const starPath = "M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9z";

type StarFill = "full" | "half" | "empty";

/** How much of each of the five stars is filled: a .5 rating gets a half star. */
export function starFills(rating: number, outOf = 5): StarFill[] {
  return Array.from({ length: outOf }, (_, index) => {
    if (rating >= index + 1) return "full";
    if (rating >= index + 0.5) return "half";
    return "empty";
  });
}

interface StarRatingProps {
  rating: number;
  outOf?: number;
}

/** Stars for the eye, the same fact in words for screen readers. */
export function StarRating({ rating, outOf = 5 }: StarRatingProps) {
  const fills = starFills(rating, outOf);
  return (
    <p className={styles.rating}>
      <span className={styles.stars} aria-hidden="true">
        {fills.map((fill, position) => (
          // The five stars are fixed positions that never reorder, so the position is their identity.
          <Star key={`star-${position + 1}`} fill={fill} />
        ))}
      </span>
      <span className={styles.value} aria-hidden="true">
        {rating.toFixed(1)}
      </span>
      <span className="visually-hidden">{`Rated ${rating} out of ${outOf}`}</span>
    </p>
  );
}

function Star({ fill }: { fill: StarFill }) {
  return (
    <span className={`${styles.star} ${styles[fill]}`}>
      <svg className={styles.track} viewBox="0 0 24 24" width={16} height={16} focusable="false">
        <path d={starPath} />
      </svg>
      <svg className={styles.fill} viewBox="0 0 24 24" width={16} height={16} focusable="false">
        <path d={starPath} />
      </svg>
    </span>
  );
}
