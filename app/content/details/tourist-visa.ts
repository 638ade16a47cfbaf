import { paths } from "../../lib/paths";
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

const urgentTourist =
  "Urgent processing: for AED 150.00 more, your tourist visa is approved within 24 hours of complete documents.";

const touristDocuments = [
  passportCopy,
  passportPhoto,
  "Confirmed return ticket (or a dummy ticket for the application)",
  "Hotel booking or the address of your host in the UAE",
  "If a relative in the UAE invites you: a copy of their passport and residence visa or Emirates ID",
];

const touristImportant = [
  "Enter the UAE within the validity printed on your e-visa, and leave before your permitted stay ends: overstaying is fined per day by the immigration authorities.",
  "A tourist visa is a visit visa. It does not allow you to work; job seekers can attend interviews, and the employer arranges the work permit.",
  approvalNote,
];

export const touristVisaRecords: DetailRecord[] = [
  {
    kind: "overview",
    id: 1,
    image: "tourist-visa",
    title: "Apply Tourist Visa",
    content: [
      "A UAE tourist visa lets you visit Dubai and the other emirates for a holiday, a family visit or to look for work. Choose 30, 60 or 90 days, depending on how long you plan to stay.",
      "You do not need a sponsor in the UAE: we apply for you. Send us a passport copy and a photo; standard processing takes 2-3 working days, and urgent approval within 24 hours is available for AED 150.00 more.",
    ],
    subTitle: "Visit Dubai for 30, 60 or 90 days",
    title2: "Tourist Visa Prices",
    priceRows: [
      { type: "30 Days Tourist Visa", price: aed(390), link: paths.detail("tourist-visa", 2) },
      { type: "60 Days Tourist Visa", price: aed(640), link: paths.detail("tourist-visa", 3) },
      { type: "90 Days Tourist Visa", price: aed(1740), link: paths.detail("tourist-visa", 4) },
    ],
    title3: documentsHeading,
    content3: touristDocuments,
    title4: importantHeading,
    content4: touristImportant,
    title5: processingHeading,
    content5: [standardProcessing, urgentTourist],
  },
  {
    kind: "grid",
    id: 2,
    image: "tourist-visa",
    title: "30 Days",
    content: [
      "The 30 days tourist visa is the most popular choice for a holiday or a family visit to Dubai. It gives you a month to see the city, the desert and the other emirates.",
      "If you decide to stay longer, the visa can be extended inside the UAE: see our tourist visa extension page.",
    ],
    subTitle: "A month in Dubai for a holiday or a family visit",
    title2: "30 Days Tourist Visa Price",
    visaTypes: [
      { id: 1, title: "Entry", content: "Single entry", price: aed(390) },
      { id: 2, title: "Stay", content: "Up to 30 days in the UAE", price: "" },
      { id: 3, title: "Processing", content: "2-3 working days", price: "" },
      { id: 4, title: "Urgent", content: "Approval within 24 hours for AED 150.00 more", price: "" },
    ],
    title3: documentsHeading,
    content3: touristDocuments,
    title4: importantHeading,
    content4: touristImportant,
    title5: processingHeading,
    content5: [standardProcessing, urgentTourist],
  },
  {
    kind: "grid",
    id: 3,
    image: "dubai-skyline",
    title: "60 Days",
    content: [
      "The 60 days tourist visa suits longer family visits and job seekers who want enough time to attend interviews and settle in.",
      "Two months in one visa usually costs less than a 30 days visa followed by an extension, and you have only one application to prepare.",
    ],
    subTitle: "Two months in the UAE for long visits and job seekers",
    title2: "60 Days Tourist Visa Price",
    visaTypes: [
      { id: 1, title: "Entry", content: "Single entry", price: aed(640) },
      { id: 2, title: "Stay", content: "Up to 60 days in the UAE", price: "" },
      { id: 3, title: "Processing", content: "2-3 working days", price: "" },
      { id: 4, title: "Urgent", content: "Approval within 24 hours for AED 150.00 more", price: "" },
    ],
    title3: documentsHeading,
    content3: touristDocuments,
    title4: importantHeading,
    content4: touristImportant,
    title5: processingHeading,
    content5: [standardProcessing, urgentTourist],
  },
  {
    kind: "grid",
    id: 4,
    image: "desert-safari",
    title: "90 Days Dubai Visa",
    content: [
      "The 90 days Dubai visa is for visitors who need a long stay: extended family visits, caring for a relative, or a longer job search.",
      "Tell us your travel dates and we check which documents you need before you apply.",
    ],
    subTitle: "Three months in the UAE on one visa",
    title2: "90 Days Dubai Visa Price",
    visaTypes: [
      { id: 1, title: "Entry", content: "Single entry", price: aed(1790) },
      { id: 2, title: "Stay", content: "Up to 90 days in the UAE", price: "" },
      { id: 3, title: "Processing", content: "2-3 working days", price: "" },
      { id: 4, title: "Urgent", content: "Approval within 24 hours for AED 150.00 more", price: "" },
    ],
    title3: documentsHeading,
    content3: touristDocuments,
    title4: importantHeading,
    content4: touristImportant,
    title5: processingHeading,
    content5: [standardProcessing, urgentTourist],
  },
];
