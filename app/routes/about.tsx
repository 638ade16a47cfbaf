import { AboutForm } from "../components/forms/AboutForm";
import { Illustration } from "../components/Illustration";
import { PageBanner } from "../components/PageBanner";
import { CategoryCard } from "../components/pages/CategoryCard";
import { Reveal } from "../components/Reveal";
import { about } from "../content/about";
import { pageMeta } from "../lib/seo";
import styles from "../components/pages/PageSections.module.css";
import { KeepTogether } from "../components/KeepTogether";
import { aboutTitle } from "../content/titles";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: aboutTitle,
    description:
      "A licensed inbound tour company in Al Karama, Dubai, helping travellers with UAE visas, visa change and travel services.",
    path: "/about",
  });

export default function About() {
  return (
    <>
      <PageBanner title={aboutTitle} />
      <Reveal as="section" className={`container ${styles.intro}`}>
        <div>
          <h2>{about.heading}</h2>
          {about.paragraphs.map((paragraph) => (
            <p key={paragraph} className={styles.lead}>
              <KeepTogether text={paragraph} />
            </p>
          ))}
        </div>
        <div className={styles.introPicture}>
          <Illustration
            name={about.picture.image}
            alt={about.picture.alt}
            priority
            sizes="(max-width: 768px) 100vw, 560px"
          />
        </div>
      </Reveal>
      <section className={styles.band} aria-labelledby="about-categories">
        <div className="container">
          <h2 id="about-categories" className={styles.centred}>
            {about.categoriesHeading}
          </h2>
          <ul className={styles.categories}>
            {about.categories.map((category) => (
              <Reveal as="li" key={category.title}>
                <CategoryCard category={category} />
              </Reveal>
            ))}
          </ul>
        </div>
      </section>
      <Reveal as="section" className={styles.motto}>
        <div className="container">
          <span className={styles.mottoMark} aria-hidden="true">
            &ldquo;
          </span>
          <h2>{about.motto.heading}</h2>
          <p>
            <KeepTogether text={about.motto.text} />
          </p>
        </div>
      </Reveal>
      <Reveal as="section" className={`container ${styles.formSection}`}>
        <AboutForm />
      </Reveal>
    </>
  );
}
