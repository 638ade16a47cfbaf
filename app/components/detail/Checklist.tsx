import styles from "./Checklist.module.css";
import { KeepTogether } from "../KeepTogether";

interface ChecklistProps {
  items: readonly string[];
}

/** The documents-required list, each line with a check mark. */
export function Checklist({ items }: ChecklistProps) {
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item} className={styles.item}>
          <CheckMark />
          <span>
            <KeepTogether text={item} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function CheckMark() {
  return (
    <svg className={styles.icon} width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path d="m7 12.5 3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}
