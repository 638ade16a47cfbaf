import { EnquiryForm } from "../components/forms/EnquiryForm";
import { PageBanner } from "../components/PageBanner";
import { ServiceSection } from "../components/pages/ServiceSection";
import styles from "../components/pages/PageSections.module.css";
import { Reveal } from "../components/Reveal";
import { services } from "../content/services";
import { pageMeta } from "../lib/seo";

export const meta = () =>
  pageMeta({
    title: "Our Services",
    description:
      "Dubai visas for Filipinos, visa change in the UAE, holiday packages, theme-park tickets and dummy ticket booking.",
    path: "/services",
  });

export default function Services() {
  return (
    <>
      <PageBanner title="Our Services" />
      <section className="container" aria-labelledby="services-heading">
        <Reveal className={`${styles.sectionIntro} ${styles.servicesIntro}`}>
          <h2 id="services-heading">{services.heading}</h2>
          <p className={styles.lead}>{services.intro}</p>
        </Reveal>
        {services.sections.map((section, position) => (
          <ServiceSection
            key={section.id}
            section={section}
            pictureFirst={position % 2 === 1}
            priority={position === 0}
          />
        ))}
      </section>
      <div className={styles.band}>
        <Reveal className={`container ${styles.formSection}`}>
          <EnquiryForm variant="services" title="Inquiry Now" />
        </Reveal>
      </div>
    </>
  );
}
