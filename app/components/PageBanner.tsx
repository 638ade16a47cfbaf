import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../lib/paths";
import styles from "./PageBanner.module.css";

interface PageBannerProps {
  title: string;
  /** The trail between Home and this page, if any. */
  trail?: { title: string; link?: string }[];
  children?: ReactNode;
}

/** The title band at the top of inner pages, with a breadcrumb back home. */
export function PageBanner({ title, trail = [], children }: PageBannerProps) {
  return (
    <div className={styles.banner}>
      <div className="container">
        <nav aria-label="Breadcrumb">
          <ol className={styles.breadcrumb}>
            <li>
              <Link to={paths.home}>Home</Link>
            </li>
            {trail.map((crumb) => (
              <li key={crumb.title}>{crumb.link ? <Link to={crumb.link}>{crumb.title}</Link> : crumb.title}</li>
            ))}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
        <h1 className={styles.title}>{title}</h1>
        {children}
      </div>
    </div>
  );
}
