import { about as data } from "./data/about";
import type { AboutContent } from "./schema";

/** The About page (content/about.yaml). */
export const about: AboutContent = data;
