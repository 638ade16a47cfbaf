import { cards } from "./data/home";
import type { ProductCard } from "./schema";

/**
 * The four featured cards of the home page (the spec's screens), from content/home.yaml. The links do not match the card
 * names; the spec keeps them as given, so do we.
 */
export const featuredCards: ProductCard[] = cards;
