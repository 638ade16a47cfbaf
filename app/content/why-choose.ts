import home from "./data/home";
import type { WhyChooseItem } from "./schema";

/** The home page's Why Choose Us block (content/home.yaml). */
export const whyChooseHeading: string = home.whyChoose.heading;

export const whyChooseItems: WhyChooseItem[] = home.whyChoose.items;
