import { paths } from "../../lib/paths";
import { aed } from "../price";
import type { DetailRecord } from "../schema";
import {
  approvalNote,
  currentVisaCopy,
  documentsHeading,
  importantHeading,
  passportCopy,
  passportPhoto,
} from "./common";

const changeDocuments = [passportCopy, passportPhoto, currentVisaCopy];

const beforeYourVisaEnds = {
  title6: "Apply Before Your Visa Ends",
  content6: [
    "Contact us at least a week before your current visa expires. Leaving after the last day of your visa means overstay fines, and they must be paid before you can exit.",
  ],
};

const whyUs = {
  title7: "Why Change Your Visa With Us",
  content7: [
    "We plan the trip, apply for the new visa and keep you updated on WhatsApp until you are back in the UAE. You pay one price, told to you before you book.",
  ],
};

export const visaChangeRecords: DetailRecord[] = [
  {
    kind: "overview",
    id: 1,
    image: "visa-change-flight",
    title: "Visa Change In Dubai",
    content: [
      "When your visit visa is ending and you want to stay in the UAE, you can change to a new visa. You exit the country and re-enter on the new visa, by plane or by road to Oman, or you extend your tourist visa without leaving.",
      "We compare the options with you, book the trip and apply for the new visa of 30 or 60 days.",
    ],
    subTitle: "Stay in the UAE on a new visa",
    title2: "Visa Change Prices",
    priceRows: [
      { type: "Airport to Airport Visa Change", price: aed(950), link: paths.detail("visa-changes", 2) },
      { type: "Visa Change By Flight, with visa (from)", price: aed(1380), link: paths.detail("visa-changes", 2) },
      { type: "Visa Change By Road to Oman", price: aed(550), link: paths.detail("visa-changes", 3) },
      { type: "Tourist Visa Extension", price: aed(1140), link: paths.detail("visa-changes", 4) },
    ],
    title3: documentsHeading,
    content3: changeDocuments,
    title4: importantHeading,
    content4: [
      "The new visa must be approved before you exit. We only book your trip once it is, so you are not left outside the country waiting.",
      approvalNote,
    ],
    title5: "Which Option Suits You?",
    content5: [
      "Airport to airport and by flight are the quickest: you are usually back within a day. By road to Oman costs less and includes a short stay in Oman. An extension needs no travel at all.",
    ],
    ...beforeYourVisaEnds,
    ...whyUs,
  },
  {
    kind: "grid",
    id: 2,
    image: "visa-change-flight",
    title: "Visa Change By Flight",
    content: [
      "With a visa change by flight you fly out of the UAE and come back on your new visa. It is the quickest way to change visa and suits visitors who cannot spend days outside the country.",
      "The price with visa includes the new UAE visa of 30 or 60 days and the flights out and back. Airport to airport is the shortest version: you wait in the airport abroad and return on the next flight.",
    ],
    subTitle: "Fly out and return on your new visa",
    title2: "Visa Change By Flight Prices",
    visaTypes: [
      {
        id: 1,
        title: "Airport to Airport",
        content: "Fly out and back without leaving the airport abroad",
        price: aed(950),
      },
      { id: 2, title: "By Flight with 30 Days Visa", content: "New 30 days visa and return flights", price: aed(1380) },
      { id: 3, title: "By Flight with 60 Days Visa", content: "New 60 days visa and return flights", price: aed(1490) },
      {
        id: 4,
        title: "By Flight with 60 Days Multiple Entry Visa",
        content: "New 60 days multiple entry visa and return flights",
        price: aed(1790),
      },
    ],
    title3: documentsHeading,
    content3: [...changeDocuments, "Copy of your return ticket, if you already have one"],
    title4: importantHeading,
    content4: [
      "Do not go to the airport until we confirm that your new visa is approved.",
      "Carry your passport and a printed copy of the new visa: the airline checks it before you board the flight back.",
    ],
    title5: "Processing Time",
    content5: [
      "The new visa is usually approved in 2-3 working days. We then book the first suitable flight for you.",
      approvalNote,
    ],
    ...beforeYourVisaEnds,
    ...whyUs,
  },
  {
    kind: "grid",
    id: 3,
    image: "road-to-oman",
    title: "Visa Change By Road",
    content: [
      "A visa change by road takes you across the border to Oman and back. It costs less than flying and suits visitors who are happy to spend a night away.",
      "Every road package includes a 10 days Oman visa and a 1 night stay in Oman. Choose the trip alone, or the trip with a new UAE visa of 30 or 60 days.",
    ],
    subTitle: "Exit to Oman by road and return on a new visa",
    title2: "Visa Change By Road Prices",
    visaTypes: [
      {
        id: 1,
        title: "Visa Change By Road to Oman",
        content: "Return road trip, 10 days Oman visa and 1 night stay",
        price: aed(590),
      },
      { id: 2, title: "By Road with 30 Days Visa", content: "Road trip plus a new 30 days UAE visa", price: aed(890) },
      { id: 3, title: "By Road with 60 Days Visa", content: "Road trip plus a new 60 days UAE visa", price: aed(1090) },
      {
        id: 4,
        title: "By Road with 60 Days Multiple Entry Visa",
        content: "Road trip plus a new 60 days multiple entry UAE visa",
        price: aed(2190),
      },
    ],
    title3: documentsHeading,
    content3: [...changeDocuments, "Original passport on the day of travel"],
    title4: importantHeading,
    content4: [
      "Your new UAE visa must be approved before you return to the border. We send it to you while you are in Oman.",
      "Border crossings can take time on busy days; bring water, snacks and any medicine you need.",
    ],
    title5: "What the Package Includes",
    content5: [
      "A 10 days Oman visa, a 1 night stay in Oman and the road trip there and back. The new UAE visa is included only in the packages with visa.",
    ],
    ...beforeYourVisaEnds,
    ...whyUs,
  },
  {
    kind: "grid",
    id: 4,
    image: "visa-extension",
    title: "Tourist Visa Extension",
    content: [
      "If you are in the UAE on a tourist visa and want to stay longer, you can extend it without leaving the country. A tourist visa can be extended twice, 30 days each time.",
      "We apply for the extension with the emirate that issued your visa: Dubai, Sharjah or Abu Dhabi.",
    ],
    subTitle: "Stay 30 more days without leaving the UAE",
    title2: "Tourist Visa Extension Prices",
    visaTypes: [
      { id: 1, title: "Dubai Visa Extension", content: "30 more days", price: aed(1100) },
      { id: 2, title: "Second Extension", content: "Another 30 days", price: aed(1100) },
      { id: 3, title: "Sharjah Visa Extension", content: "30 more days", price: aed(1150) },
      { id: 4, title: "Abu Dhabi Visa Extension", content: "30 more days", price: aed(1150) },
    ],
    title3: documentsHeading,
    content3: changeDocuments,
    title4: importantHeading,
    content4: [
      "Apply while your current visa is still valid. After two extensions of 30 days each, you must leave the UAE or change to a new visa.",
      approvalNote,
    ],
    title5: "Processing Time",
    content5: ["Extensions are usually approved in 2-3 working days."],
    ...beforeYourVisaEnds,
    ...whyUs,
  },
];
