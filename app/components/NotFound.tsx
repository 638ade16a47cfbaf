import { Link } from "react-router";
import { paths } from "../lib/paths";
import styles from "./NotFound.module.css";

/** The designed "page not found" page: a clear word and the ways back. */
export function NotFound() {
  return (
    <section className={`container ${styles.page}`} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page not found</h1>
      <p>The page you were looking for is not here. It may have moved, or the link may be mistyped.</p>
      <div className={styles.actions}>
        <Link to={paths.home} className="button button-primary">
          Go to the home page
        </Link>
        <Link to={paths.services} className="button button-outline">
          See our services
        </Link>
      </div>
    </section>
  );
}
