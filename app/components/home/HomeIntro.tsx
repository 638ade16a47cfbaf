import { KeepTogether } from "../KeepTogether";
import styles from "./HomeIntro.module.css";

interface HomeIntroProps {
  heading: string;
  note: string;
}

/** The page's h1, a compact band that reads as the top of the banner carousel under it. */
export function HomeIntro({ heading, note }: HomeIntroProps) {
  return (
    <div className={styles.intro}>
      <div className={`container ${styles.inner}`}>
        <h1 className={styles.heading}>{heading}</h1>
        <p className={styles.note}>
          <KeepTogether text={note} />
        </p>
      </div>
    </div>
  );
}
