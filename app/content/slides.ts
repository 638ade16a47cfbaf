import type { BannerSlide } from "./schema";

/** Home carousel: title is the heading, title2 the subtitle, title3 the tagline. */
export const slides: BannerSlide[] = [
  {
    id: 1,
    image: "dubai-skyline",
    imageAlt: "Illustration of the Dubai skyline at sunset",
    title: "Dubai Visas for Filipino Travellers",
    title2: "Transit, 30-day and 60-day visas for Philippine passport holders",
    title3: "We prepare your application and keep you updated until your visa is approved.",
  },
  {
    id: 2,
    image: "visa-change-flight",
    imageAlt: "Illustration of a plane taking off over a passport",
    title: "Visa Change Without the Stress",
    title2: "Airport to airport, by flight or by road to Oman",
    title3: "Stay in the UAE on a new visa: we plan the exit, the trip and the paperwork.",
  },
  {
    id: 3,
    image: "holiday-beach",
    imageAlt: "Illustration of a Dubai beach with palm trees",
    title: "Dubai Holiday Packages",
    title2: "4, 5 and 7 night stays with the visa taken care of",
    title3: "Hotel, tours and theme parks in one booking from our Al Karama office.",
  },
];
