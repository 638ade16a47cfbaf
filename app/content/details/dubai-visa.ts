import { aed } from "../price";
import type { DetailRecord } from "../schema";
import {
  approvalNote,
  documentsHeading,
  importantHeading,
  passportCopy,
  passportPhoto,
  processingHeading,
  standardProcessing,
} from "./common";

const urgentTransit =
  "Urgent processing: for AED 50.00 more, your transit visa is approved within one day. Tell us your flight time when you apply.";

const transitDocuments = [
  passportCopy,
  passportPhoto,
  "Confirmed onward ticket to your next destination",
  "Your flight details through Dubai (arrival and departure)",
];

const visitDocuments = [
  passportCopy,
  passportPhoto,
  "Confirmed return ticket (or a dummy ticket for the application)",
  "Hotel booking or the address where you will stay in the UAE",
];

export const dubaiVisaRecords: DetailRecord[] = [
  {
    kind: "grid",
    id: 1,
    image: "airport-transit",
    title: "48 Hours Transit",
    content: [
      "A 48 hours transit visa lets you leave the airport and spend up to two days in Dubai while you travel between two other countries. It suits travellers with a long layover who want to rest in a hotel, visit family or see the city.",
      "You need a confirmed onward ticket to another country. We prepare the application from a copy of your passport and a photo, and send you the visa by e-mail.",
    ],
    subTitle: "A short stopover in Dubai on your way to another country",
    title2: "48 Hours Transit Visa Price",
    visaTypes: [
      { id: 1, title: "Entry", content: "Single entry", price: aed(190) },
      { id: 2, title: "Stay", content: "Up to 48 hours in the UAE", price: "" },
      { id: 3, title: "Processing", content: "2-3 working days", price: "" },
      { id: 4, title: "Urgent", content: "Approval within one day for AED 50.00 more", price: "" },
    ],
    title3: documentsHeading,
    content3: transitDocuments,
    title4: importantHeading,
    content4: [
      "Leave the UAE within 48 hours of entry. Overstaying is fined per day by the immigration authorities.",
      "Transit visas are for short stopovers and are not meant to be extended. If you may stay longer, choose the 96 hours transit visa or a 30 days visa instead.",
      approvalNote,
    ],
    title5: processingHeading,
    content5: [standardProcessing, urgentTransit],
  },
  {
    kind: "grid",
    id: 2,
    image: "airport-transit",
    title: "96 Hours Transit",
    content: [
      "A 96 hours transit visa gives you up to four days in Dubai during a journey between two other countries: time for a meeting, a family visit or a short holiday on the way.",
      "As with every transit visa, you need a confirmed onward ticket to another country. Send us your passport copy, a photo and your flight details, and we take care of the application.",
    ],
    subTitle: "Up to four days in Dubai between two flights",
    title2: "96 Hours Transit Visa Price",
    visaTypes: [
      { id: 1, title: "Entry", content: "Single entry", price: aed(290) },
      { id: 2, title: "Stay", content: "Up to 96 hours in the UAE", price: "" },
      { id: 3, title: "Processing", content: "2-3 working days", price: "" },
      { id: 4, title: "Urgent", content: "Approval within one day for AED 50.00 more", price: "" },
    ],
    title3: documentsHeading,
    content3: transitDocuments,
    title4: importantHeading,
    content4: [
      "Leave the UAE within 96 hours of entry. Overstaying is fined per day by the immigration authorities.",
      "Transit visas are for short stopovers and are not meant to be extended. For a longer visit, a 30 days visa is the better choice.",
      approvalNote,
    ],
    title5: processingHeading,
    content5: [standardProcessing, urgentTransit],
  },
  {
    kind: "grid",
    id: 3,
    image: "dubai-skyline",
    title: "30 Days Multiple",
    content: [
      "The 30 days multiple entry visa lets you stay in the UAE for up to 30 days and leave and come back during its validity. It suits visitors who plan a side trip to Oman or another nearby country, and business visitors who travel in and out.",
      "We arrange Dubai visas of 14, 30 and 60 days. If you will stay in the UAE the whole time, ask us about a single entry tourist visa, which costs less.",
    ],
    subTitle: "Stay up to 30 days, leave and return as often as you need",
    title2: "30 Days Multiple Entry Visa Price",
    visaTypes: [
      { id: 1, title: "Entry", content: "Multiple entry", price: aed(690) },
      { id: 2, title: "Stay", content: "Up to 30 days in the UAE", price: "" },
      {
        id: 3,
        title: "Validity",
        content: "Enter within the validity printed on your e-visa; we confirm the dates before you apply",
        price: "",
      },
      { id: 4, title: "Processing", content: "2-3 working days", price: "" },
    ],
    title3: documentsHeading,
    content3: visitDocuments,
    title4: importantHeading,
    content4: [
      "Keep track of your days and leave before your permitted stay ends: overstaying is fined per day by the immigration authorities.",
      approvalNote,
    ],
    title5: processingHeading,
    content5: [standardProcessing],
  },
  {
    kind: "grid",
    id: 4,
    image: "desert-safari",
    title: "60 Days Multiple",
    content: [
      "The 60 days multiple entry visa gives you up to 60 days in the UAE with the freedom to leave and return. It suits long family visits, job seekers who want time to attend interviews, and travellers who combine Dubai with nearby countries.",
      "Philippine passport holders and most other nationalities apply through us with a passport copy and a photo. We tell you the exact documents for your nationality before you pay.",
    ],
    subTitle: "Up to 60 days in the UAE with multiple entries",
    title2: "60 Days Multiple Entry Visa Price",
    visaTypes: [
      { id: 1, title: "Entry", content: "Multiple entry", price: aed(890) },
      { id: 2, title: "Stay", content: "Up to 60 days in the UAE", price: "" },
      {
        id: 3,
        title: "Validity",
        content: "Enter within the validity printed on your e-visa; we confirm the dates before you apply",
        price: "",
      },
      { id: 4, title: "Processing", content: "2-3 working days", price: "" },
    ],
    title3: documentsHeading,
    content3: visitDocuments,
    title4: importantHeading,
    content4: [
      "Job seekers: this is a visit visa. To start work, your employer must arrange a work permit and residence visa.",
      "Keep track of your days and leave before your permitted stay ends: overstaying is fined per day.",
      approvalNote,
    ],
    title5: "Need a Shorter Visa?",
    content5: [
      "For a short trip, a 30 days visa costs less. See our tourist visa prices, or ask our team about a 14 days visa.",
    ],
  },
];
