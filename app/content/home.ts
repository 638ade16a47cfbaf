import { about, travelAgency as text } from "./data/home";
import type { HomeAbout, TextBlock } from "./schema";

/** Home "About" block (the spec's screens, content/home.yaml): the headline is given by the spec. */
export const homeAbout: HomeAbout = about;

/** Home text block on the travel agency. */
export const travelAgency: TextBlock = text;
