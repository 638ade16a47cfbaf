import type { CSSProperties } from "react";
import { sidebarHeightPx } from "../../content/constants";
import {
  firstVisaTypePrice,
  infoSections,
  leadPrice,
  priceCellGroups,
  showsChecklist,
} from "../../content/details/helpers";
import type { DetailRecord } from "../../content/schema";
import { detailGroupTitles } from "../../content/menu";
import { paths, type DetailGroup } from "../../lib/paths";
import { Illustration } from "../Illustration";
import { PageBanner } from "../PageBanner";
import { Reveal } from "../Reveal";
import { BannerPrice } from "./BannerPrice";
import { Checklist } from "./Checklist";
import { ContactSidebar } from "./ContactSidebar";
import { InfoSections } from "./InfoSections";
import { PriceGrid } from "./PriceGrid";
import { PriceList } from "./PriceList";
import styles from "./DetailPage.module.css";
import { KeepTogether } from "../KeepTogether";

/** The price section's anchor, for the banner's link to it. */
const pricesId = "prices";

interface DetailPageProps {
  group: DetailGroup;
  record: DetailRecord;
}

/**
 * A service page (the spec's screens "Detail pages"): banner, then the record's picture, overview, prices, documents
 * checklist and important information, beside a sidebar with the contact card and the Enquiry Now form.
 * The empty record (an id with no page) keeps the layout and shows no content.
 */
export function DetailPage({ group, record }: DetailPageProps) {
  const groupTitle = detailGroupTitles[group];
  const isEmpty = record.title === "";
  const hasPrices = record.kind === "overview" ? record.priceRows.length > 0 : record.visaTypes.length > 0;
  const checklistShown = showsChecklist(group, record) && (record.title3 !== "" || record.content3.length > 0);
  const lead = leadPrice(record);
  const layoutStyle = { "--sidebar-height": `${sidebarHeightPx}px` } as CSSProperties;

  return (
    <>
      {isEmpty ? (
        // The page still needs a name for its one heading; the visible content stays empty (the spec's screens).
        <div className={styles.emptyBanner}>
          <PageBanner title={groupTitle} />
        </div>
      ) : (
        <PageBanner
          title={record.title}
          trail={[{ title: groupTitle, link: record.id === 1 ? undefined : paths.detail(group, 1) }]}
        >
          {record.subTitle !== "" && (
            <p className={styles.subTitle}>
              <KeepTogether text={record.subTitle} />
            </p>
          )}
          {lead && <BannerPrice lead={lead} pricesHref={`#${pricesId}`} />}
        </PageBanner>
      )}
      <div className={`container ${styles.layout}`} style={layoutStyle}>
        <div className={styles.main}>
          <Reveal as="section" className={styles.section}>
            <Illustration
              name={record.image}
              alt={record.title}
              priority
              className={styles.image}
              sizes="(max-width: 1024px) 100vw, 760px"
            />
            {record.content.map((paragraph) => (
              <p key={paragraph} className={styles.lead}>
                <KeepTogether text={paragraph} />
              </p>
            ))}
          </Reveal>

          {(record.title2 !== "" || hasPrices) && (
            <Reveal as="section" id={pricesId} className={styles.section}>
              {record.title2 !== "" && <h2>{record.title2}</h2>}
              {record.kind === "overview" ? (
                <PriceList rows={record.priceRows} />
              ) : (
                <PriceGrid
                  rows={record.visaTypes}
                  priceCell={priceCellGroups.includes(group) ? firstVisaTypePrice(record) : undefined}
                />
              )}
            </Reveal>
          )}

          {checklistShown && (
            <Reveal as="section" className={`${styles.section} ${styles.checklist}`}>
              {record.title3 !== "" && <h2>{record.title3}</h2>}
              <Checklist items={record.content3} />
            </Reveal>
          )}

          <InfoSections sections={infoSections(record)} />
        </div>
        <ContactSidebar group={group} service={isEmpty ? groupTitle : record.title} />
      </div>
    </>
  );
}
