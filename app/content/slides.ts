import { slides as data } from "./data/home";
import type { BannerSlide } from "./schema";

/** Home carousel (content/home.yaml): title is the heading, title2 the subtitle, title3 the tagline. */
export const slides: BannerSlide[] = data;
