import { aed } from "../price";
import type { DetailRecord } from "../schema";
import { documentsHeading, importantHeading, passportCopy, passportPhoto } from "./common";

/** The packages pages show their price grid in two columns (spec §9). */
export { packageGridColumns } from "../constants";

const packageDocuments = [passportCopy, passportPhoto, "Your travel dates and the names of everyone travelling"];

export const visaPackageRecords: DetailRecord[] = [
  {
    kind: "grid",
    id: 1,
    image: "kabayan-family",
    title: "Kabayan Visa Packages",
    content: [
      "Our Kabayan packages are made for Philippine passport holders coming to Dubai: the UAE visa and the Manila-Dubai ticket in one booking, with help on the papers you need before you leave the Philippines.",
      "They suit first-time visitors, relatives invited by family in the UAE and job seekers who want one team to handle the whole trip.",
    ],
    subTitle: "Visa and ticket packages for Filipino travellers",
    title2: "Kabayan Package Prices",
    visaTypes: [
      {
        id: 1,
        title: "Kabayan Visa Ticket",
        content: "30 days Dubai visa with Manila-Dubai ticket",
        price: aed(1490),
      },
      {
        id: 2,
        title: "Kabayan 60 Days Package",
        content: "60 days Dubai visa with Manila-Dubai ticket",
        price: aed(1790),
      },
      {
        id: 3,
        title: "Kabayan Exit Package",
        content: "Visa and ticket with affidavit of support guidance",
        price: aed(1890),
      },
    ],
    title3: documentsHeading,
    content3: [
      ...packageDocuments,
      "If a relative in the UAE invites you: a copy of their passport and residence visa or Emirates ID",
    ],
    title4: importantHeading,
    content4: [
      "Philippine immigration may ask departing travellers about the purpose of the trip. Carry your visa, return or onward ticket, hotel booking or your host's details, and the affidavit of support if a relative invites you.",
    ],
  },
  {
    kind: "grid",
    id: 2,
    image: "cross-country",
    title: "Cross Country Packages",
    content: [
      "Cross country packages are for travellers who come to Dubai from another country rather than from home. We arrange the UAE visa and the flight to Dubai together.",
      "Tell us where you are travelling from, and we confirm the route and the documents before you book.",
    ],
    subTitle: "Travel to Dubai from another country",
    title2: "Cross Country Package Prices",
    visaTypes: [
      { id: 1, title: "Cross Country 30 Days", content: "30 days Dubai visa with flight", price: aed(1650) },
      { id: 2, title: "Cross Country 60 Days", content: "60 days Dubai visa with flight", price: aed(1700) },
      {
        id: 3,
        title: "Cross Country 60 Days Multiple",
        content: "60 days multiple entry visa with flight",
        price: aed(1850),
      },
    ],
    title3: documentsHeading,
    content3: [...packageDocuments, "Copy of your visa or residence permit in the country you travel from"],
    title4: importantHeading,
    content4: [
      "Check that you can leave the country you are in on your current visa, and that your passport has at least 6 months left.",
    ],
  },
  {
    kind: "grid",
    id: 3,
    image: "visa-with-ticket",
    title: "Visa With Dummy Ticket",
    content: [
      "A Dubai visa together with the dummy ticket your application needs: one booking, one price. It suits travellers who want the visa first and will buy their flight once it is approved.",
    ],
    subTitle: "Your Dubai visa and flight reservation together",
    title2: "Visa With Dummy Ticket Prices",
    visaTypes: [
      {
        id: 1,
        title: "30 Days Visa With Dummy Ticket",
        content: "30 days visa and flight reservation",
        price: aed(480),
      },
      {
        id: 2,
        title: "60 Days Visa With Dummy Ticket",
        content: "60 days visa and flight reservation",
        price: aed(680),
      },
      {
        id: 3,
        title: "90 Days Visa With Dummy Ticket",
        content: "90 days visa and flight reservation",
        price: aed(1850),
      },
    ],
    title3: documentsHeading,
    content3: [...packageDocuments, "Travel dates and the city you fly from"],
    title4: importantHeading,
    content4: [
      "The dummy ticket is a reservation for your application, not a paid ticket: buy your actual flight once the visa is approved.",
    ],
  },
  {
    kind: "grid",
    id: 4,
    image: "holiday-beach",
    title: "Dubai Holiday Packages",
    content: [
      "Enjoy Dubai without planning every detail. Our holiday packages of 4, 5 and 7 nights combine your hotel and sightseeing in one booking.",
      "Ask us to add theme-park tickets, a desert safari or a visa, and we quote the whole trip.",
    ],
    subTitle: "4, 5 and 7 nights in Dubai",
    title2: "Holiday Package Prices",
    visaTypes: [
      { id: 1, title: "4 Nights", content: "Dubai holiday, 4 nights", price: aed(1590) },
      { id: 2, title: "5 Nights", content: "Dubai holiday, 5 nights", price: aed(1790) },
      { id: 3, title: "7 Nights", content: "Dubai holiday, 7 nights", price: aed(1990) },
    ],
    title3: documentsHeading,
    // No checklist here: the documents depend on whether the package includes a visa (see below), so the
    // page hides the section (spec §2: on the packages pages the checklist shows only if it has items).
    content3: [],
    title4: importantHeading,
    content4: [
      "If your package includes a visa, the documents are the same as for a tourist visa: a passport valid for at least 6 months and a photo with a white background.",
      "Tell us your dates early: hotels in Dubai fill up in the cooler months and around holidays.",
    ],
  },
];
