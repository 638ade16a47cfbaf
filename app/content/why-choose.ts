import { whyChoose } from "./data/home";
import type { WhyChooseItem } from "./schema";

/** The home page's Why Choose Us block (content/home.yaml). */
export const whyChooseHeading: string = whyChoose.heading;

export const whyChooseItems: WhyChooseItem[] = whyChoose.items;
