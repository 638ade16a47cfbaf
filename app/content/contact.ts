import type { ContactCard } from "./schema";

/**
 * Contact page info cards. The card shows the office address, e-mail (mailto link) or phone (tel link)
 * from the site settings, chosen by `kind`; the records only hold the wording around them.
 */
export const contactCards: ContactCard[] = [
  { kind: "office", heading: "Our Office", text: "Visit us in Al Karama, Dubai." },
  { kind: "email", heading: "Email Us", text: "Send us your questions and documents any time." },
  { kind: "phone", heading: "Emergency Call", text: "Call us for urgent visa help." },
];

export const contactPage = {
  title: "Contact Us",
  formHeading: "Send us Message",
  mapTitle: "Map of our office in Al Karama, Dubai",
} as const;
