import { EnquiryForm } from "../components/forms/EnquiryForm";
import { PageBanner } from "../components/PageBanner";
import { ServiceSection } from "../components/pages/ServiceSection";
import styles from "../components/pages/PageSections.module.css";
import { Reveal } from "../components/Reveal";
import { getDetailRecord } from "../content/details";
import { leadPrice } from "../content/details/helpers";
import type { ServiceSection as ServiceSectionRecord } from "../content/schema";
import { services } from "../content/services";
import { readDetailRoute } from "../lib/detail-route";
import { enquiryAnchorId, type EnquiryHandle } from "../lib/enquiry-anchor";
import { absoluteUrl, agencyNodeId, pageMeta } from "../lib/seo";
import { fromPriceServiceNodes, type PricedItem } from "../lib/structured-data";
import { KeepTogether } from "../components/KeepTogether";
import { servicesTitle } from "../content/titles";
import type { Route } from "./+types/services";

export const handle: EnquiryHandle = { enquiryForm: () => true };

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: servicesTitle,
    description:
      "Dubai visas for Filipinos, visa change in the UAE, holiday packages, theme-park tickets and dummy ticket booking.",
    path: "/services",
    // Each "From" price shown, for search engines (in the pre-rendered HTML only, as on the other pages). From the
    // loader's prices: the page's script never holds the detail records.
    structuredData:
      import.meta.env.SSR && loaderData
        ? fromPriceServiceNodes(fromPricedItems(loaderData.fromPrices), agencyNodeId)
        : [],
  });
}

/** The sections that show a "From" price, as priced items at the page they link to. */
function fromPricedItems(prices: Record<string, string | undefined>): PricedItem[] {
  return services.sections.flatMap((section) => {
    const price = prices[section.id];
    return section.link && price ? [{ name: section.heading, price, url: absoluteUrl(section.link.to) }] : [];
  });
}

/**
 * A section's price: the lowest on the page its link opens, which lists it. Every section covers a range of
 * services (transit to 60-day visas, 4 to 7 nights), so it always reads "From".
 */
function fromPrice(section: ServiceSectionRecord, lookup: typeof getDetailRecord): string | undefined {
  if (!section.link) return undefined;
  const route = readDetailRoute(section.link.to);
  if (route.kind !== "detail") return undefined;
  return leadPrice(lookup(route.group, route.id))?.price;
}

/** Each section's price by section id: the page needs these, not the detail records they come from. */
function fromPrices(lookup: typeof getDetailRecord): Record<string, string | undefined> {
  return Object.fromEntries(services.sections.map((section) => [section.id, fromPrice(section, lookup)]));
}

/** Run at pre-render: the prices are written into the page (see routes/detail.tsx for the pattern). */
export function loader() {
  return { fromPrices: fromPrices(getDetailRecord) };
}

export async function clientLoader() {
  const details = await import("../content/details");
  return { fromPrices: fromPrices(details.getDetailRecord) };
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const prices = loaderData.fromPrices;
  return (
    <>
      <PageBanner title={servicesTitle} />
      <section className="container" aria-labelledby="services-heading">
        <Reveal className={`${styles.sectionIntro} ${styles.servicesIntro}`}>
          <h2 id="services-heading">{services.heading}</h2>
          <p className={styles.lead}>
            <KeepTogether text={services.intro} />
          </p>
        </Reveal>
        {services.sections.map((section, position) => (
          <ServiceSection
            key={section.id}
            section={section}
            fromPrice={prices[section.id]}
            pictureFirst={position % 2 === 1}
            priority={position === 0}
          />
        ))}
      </section>
      <div className={styles.band}>
        <Reveal id={enquiryAnchorId} className={`container ${styles.formSection}`}>
          <EnquiryForm variant="services" title="Inquiry Now" />
        </Reveal>
      </div>
    </>
  );
}
