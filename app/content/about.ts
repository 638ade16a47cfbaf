import { paths } from "../lib/paths";
import type { AboutContent } from "./schema";

export const about: AboutContent = {
  heading: "About Our Agency",
  paragraphs: [
    "We are a licensed inbound tour company based in Al Karama, Dubai. We arrange Dubai transit and tourist visas, visa change, tourist visa extensions, dummy tickets, travel insurance and holiday packages for visitors to the UAE.",
    "Most of our customers are Filipino travellers, UAE residents inviting family or friends, and job seekers who need more time in the country. We explain each option in plain words, tell you the documents needed and the full price up front, and keep you updated until your visa is approved.",
  ],
  picture: { image: "office-karama", alt: "Illustration of our office in Al Karama, Dubai" },
  categoriesHeading: "What We Do",
  categories: [
    {
      title: "Dubai Visa",
      text: "48 and 96 hour transit visas and Dubai visas of 14, 30 and 60 days, single or multiple entry.",
      image: "passport-stamps",
      link: paths.detail("dubai-visa", 1),
    },
    {
      title: "Visa Change",
      text: "Change to a new visa airport to airport, by flight or by road to Oman, or extend your tourist visa.",
      image: "visa-change-flight",
      link: paths.detail("visa-changes", 1),
    },
    {
      title: "Filipino Packages",
      text: "Kabayan packages for Philippine passport holders: visa with ticket, Manila-Dubai travel and exit packages.",
      image: "kabayan-family",
      link: paths.detail("visa-packages", 1),
    },
    {
      title: "Travel Services",
      text: "Dummy airline tickets, dummy hotel bookings, travel insurance, holiday packages and theme-park tickets.",
      image: "airline-ticket",
      link: paths.services,
    },
  ],
  motto: {
    heading: "Our Motto",
    text: "Honest prices, clear answers and a visa you can count on: we treat every application as if it were our own family's trip.",
  },
};
