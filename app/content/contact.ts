import { cards, page } from "./data/contact";
import type { ContactCard } from "./schema";

/**
 * Contact page info cards (content/contact.yaml). The card shows the office address, e-mail (mailto link) or
 * phone (tel link) from the site settings, chosen by `kind`; the records only hold the wording around them.
 */
export const contactCards: ContactCard[] = cards;

export const contactPage: { title: string; formHeading: string; mapTitle: string } = page;
