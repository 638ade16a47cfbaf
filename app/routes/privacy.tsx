import { MailIcon, PhoneIcon } from "../components/icons";
import { KeepTogether } from "../components/KeepTogether";
import { PageBanner } from "../components/PageBanner";
import styles from "../components/pages/Privacy.module.css";
import { privacy } from "../content/privacy";
import { mailtoHref } from "../lib/links";
import { paths } from "../lib/paths";
import { pageMeta } from "../lib/seo";
import { site } from "../lib/site-config";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: privacy.title,
    description:
      "What this website keeps: your enquiry, to answer it, and anonymous visit counts. No cookies, no advertising trackers.",
    path: paths.privacy,
  });

/** Beyond the spec (issue 27): what the site keeps, in plain words (content/privacy.yaml). */
export default function Privacy() {
  return (
    <>
      <PageBanner title={privacy.title} />
      <article className={`container ${styles.page}`}>
        <p className={styles.intro}>
          <KeepTogether text={privacy.intro} />
        </p>
        {privacy.sections.map((section) => (
          <section key={section.heading} className={styles.section}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>
                <KeepTogether text={paragraph} />
              </p>
            ))}
          </section>
        ))}
        <section className={styles.section}>
          <h2>{privacy.contactHeading}</h2>
          <p>{privacy.contactText}</p>
          <ul className={styles.contact}>
            <li>
              <a href={mailtoHref(site.email)}>
                <MailIcon size={18} />
                {site.email}
              </a>
            </li>
            <li>
              <a href={site.phone.href}>
                <PhoneIcon size={18} />
                {site.phone.display}
              </a>
            </li>
          </ul>
        </section>
        <p className={styles.updated}>Last updated: {privacy.lastUpdated}</p>
      </article>
    </>
  );
}
