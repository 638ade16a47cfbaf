import type { ReactNode } from "react";
import { ContactForm } from "../components/forms/ContactForm";
import { MailIcon, MapPinIcon, PhoneIcon } from "../components/icons";
import { PageBanner } from "../components/PageBanner";
import { InfoCard } from "../components/pages/InfoCard";
import { OfficeMap } from "../components/pages/OfficeMap";
import styles from "../components/pages/PageSections.module.css";
import { Reveal } from "../components/Reveal";
import { officeAddress, openingHours } from "../content/agency";
import { contactCards, contactPage } from "../content/contact";
import type { ContactCardKind } from "../content/schema";
import { mailtoHref } from "../lib/links";
import { enquiryAnchorId, type EnquiryHandle } from "../lib/enquiry-anchor";
import { pageMeta } from "../lib/seo";
import { site } from "../lib/site-config";
import { KeepTogether } from "../components/KeepTogether";
import type { Route } from "./+types/contact";

export const handle: EnquiryHandle = { enquiryForm: () => true };

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Contact Us",
    description:
      "Visit our office in Al Karama, Dubai, call, WhatsApp or e-mail us. Open Mon - Sat, 10.00 am to 10.00 pm.",
    path: "/contact",
  });

const iconSize = 28;

/** Each card's fact comes from the site settings and the agency facts, chosen by the record's kind. */
const cardDetails: Record<ContactCardKind, { icon: ReactNode; value: ReactNode }> = {
  office: {
    icon: <MapPinIcon size={iconSize} />,
    value: (
      <address>
        {officeAddress.locality}, {officeAddress.city}, {officeAddress.country}
        <span className={styles.hours}>
          <KeepTogether text={openingHours} />
        </span>
      </address>
    ),
  },
  email: { icon: <MailIcon size={iconSize} />, value: <a href={mailtoHref(site.email)}>{site.email}</a> },
  phone: { icon: <PhoneIcon size={iconSize} />, value: <a href={site.phone.href}>{site.phone.display}</a> },
};

export default function Contact() {
  return (
    <>
      <PageBanner title={contactPage.title} />
      <div className="container">
        <ul className={styles.contactCards}>
          {contactCards.map((card) => (
            <Reveal as="li" key={card.kind}>
              <InfoCard icon={cardDetails[card.kind].icon} heading={card.heading} text={card.text}>
                {cardDetails[card.kind].value}
              </InfoCard>
            </Reveal>
          ))}
        </ul>
        <div className={styles.contactMain}>
          <Reveal>
            <OfficeMap title={contactPage.mapTitle} />
          </Reveal>
          <Reveal id={enquiryAnchorId}>
            <ContactForm title={contactPage.formHeading} />
          </Reveal>
        </div>
      </div>
    </>
  );
}
