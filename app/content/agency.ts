import { agency } from "./data/site";

/** Facts about the agency that the layout shows on every page (the spec's product summary), from content/site.yaml. */
export const { openingHours, officeAddress, whatsappGreeting } = agency;
