import type { HomeAbout, TextBlock } from "./schema";

/** Home "About" block (spec §2): the headline is given by the spec. */
export const homeAbout: HomeAbout = {
  headline: "Dubai Tourist Visa Application",
  paragraphs: [
    "Planning a visit to Dubai, or inviting family and friends to the UAE? Send us a clear copy of the passport and a photo, choose the visa that fits the trip, and we prepare and submit the application for you.",
    "Most visas are approved in 2-3 working days, and urgent processing is available when you need to travel sooner. We tell you the full price and the documents needed before you pay.",
  ],
  images: [
    { image: "passport-stamps", alt: "Illustration of a passport with visa stamps" },
    { image: "dubai-skyline", alt: "Illustration of the Dubai skyline" },
    { image: "desert-safari", alt: "Illustration of a desert safari near Dubai" },
  ],
};

/** Home text block on the travel agency. */
export const travelAgency: TextBlock = {
  heading: "Your Travel Agency in Al Karama, Dubai",
  paragraphs: [
    "We are a licensed inbound tour company that helps tourists, UAE residents and job seekers with Dubai visas, visa change, tourist visa extension, dummy tickets, travel insurance and holiday packages.",
    "Many of our customers are Filipino travellers, so our team knows the questions you have before you fly. Visit our office in Al Karama, or message us on WhatsApp and we will guide you from the first question to the approved visa.",
  ],
};
