import { cards } from "./data/home";
import type { ProductCard } from "./schema";

/**
 * The four featured cards of the home page (spec §2), from content/home.yaml. The links do not match the card
 * names; the spec keeps them as given, so do we.
 */
export const featuredCards: ProductCard[] = cards;
