import { aed } from "../price";
import type { DetailRecord } from "../schema";
import { documentsHeading, importantHeading, passportCopy } from "./common";

const reservationNote =
  "A dummy ticket or hotel booking is a real reservation made for your visa application. It is not a paid ticket or a paid stay: buy your actual ticket and book your hotel once the visa is approved.";

export const visaDocumentRecords: DetailRecord[] = [
  {
    kind: "grid",
    id: 1,
    image: "airline-ticket",
    title: "Dummy Airline Ticket",
    content: [
      "Many embassies and visa applications ask for a flight reservation. A dummy airline ticket is a flight reservation in your name that you can show with your application, so you do not pay for a ticket before you know the visa is approved.",
      "It suits visa applicants, travellers who must show an onward or return ticket, and anyone asked for proof of travel plans.",
    ],
    subTitle: "A flight reservation for your visa application",
    title2: "Dummy Ticket Prices",
    visaTypes: [
      { id: 1, title: "Dummy Airline Ticket", content: "One-way or return flight reservation", price: aed(90) },
      { id: 2, title: "Ticket Plus Hotel", content: "Flight reservation and hotel booking together", price: aed(150) },
    ],
    title3: documentsHeading,
    content3: [
      `${passportCopy}, so the names match exactly`,
      "Travel dates and the cities you fly from and to",
      "Names of everyone travelling with you",
    ],
    title4: importantHeading,
    content4: [
      reservationNote,
      "Check the names and dates when you receive the reservation and tell us at once if anything is wrong.",
    ],
  },
  {
    kind: "grid",
    id: 2,
    image: "hotel-booking",
    title: "Dummy Hotel Booking",
    content: [
      "A dummy hotel booking is a hotel reservation in your name for the dates of your trip. Visa applications often ask where you will stay; this shows it without paying for the hotel in advance.",
      "Combine it with a dummy airline ticket for a complete set of travel documents.",
    ],
    subTitle: "Proof of accommodation for your visa application",
    title2: "Dummy Hotel Booking Prices",
    visaTypes: [
      { id: 1, title: "Dummy Hotel Booking", content: "Hotel reservation for your travel dates", price: aed(90) },
      { id: 2, title: "Ticket Plus Hotel", content: "Flight reservation and hotel booking together", price: aed(150) },
    ],
    title3: documentsHeading,
    content3: [
      `${passportCopy}, so the names match exactly`,
      "Check-in and check-out dates",
      "City of stay and number of guests",
    ],
    title4: importantHeading,
    content4: [reservationNote],
  },
  {
    kind: "grid",
    id: 3,
    image: "insurance-shield",
    title: "Travel Insurance Dubai",
    content: [
      "Travel insurance pays for medical treatment if you fall ill or have an accident during your stay in the UAE, where private medical care can be expensive.",
      "Our medical plans cover up to AED 150,000 of medical expenses for 30 or 60 days. The adult premium applies to travellers up to age 70.",
    ],
    subTitle: "Medical cover for your stay in the UAE",
    title2: "Travel Insurance Prices",
    visaTypes: [
      { id: 1, title: "30 Days Covid Insurance", content: "Covid-19 cover for 30 days", price: aed(32) },
      { id: 2, title: "30 Days Medical Insurance", content: "Medical cover for 30 days", price: aed(78) },
      { id: 3, title: "60 Days Medical Insurance", content: "Medical cover for 60 days", price: aed(148) },
      { id: 4, title: "Medical Cover", content: "Up to AED 150,000", price: "" },
      { id: 5, title: "Age Limit", content: "Adult premium up to age 70", price: "" },
    ],
    title3: documentsHeading,
    content3: [passportCopy, "Your travel dates in the UAE", "Date of birth of each traveller"],
    title4: importantHeading,
    content4: [
      "Buy the insurance before you travel, for the whole length of your stay.",
      "Read the policy you receive: it lists what is covered, what is excluded and the number to call in an emergency.",
    ],
  },
  {
    kind: "grid",
    id: 4,
    image: "worldwide-insurance",
    title: "Worldwide Insurance",
    content: [
      "Worldwide outbound insurance covers UAE residents and visitors travelling from the UAE to other countries, for medical emergencies during the trip.",
      "The premium depends on the traveller's age: child 0-18, adult 19-70 and senior 71-79.",
    ],
    subTitle: "Outbound travel insurance from the UAE",
    title2: "Worldwide Insurance Prices",
    visaTypes: [
      { id: 1, title: "Child (0-18 years)", content: "Outbound single trip", price: aed(85) },
      { id: 2, title: "Adult (19-70 years)", content: "Outbound single trip", price: aed(125) },
      { id: 3, title: "Senior (71-79 years)", content: "Outbound single trip", price: aed(135) },
      { id: 4, title: "Annual Multi-Trip", content: "Outbound cover for a year of trips", price: aed(890) },
    ],
    title3: documentsHeading,
    content3: [passportCopy, "Destination and travel dates", "Date of birth of each traveller"],
    title4: importantHeading,
    content4: [
      "Many countries ask for travel insurance with the visa application: check the amount of cover your destination requires, and we suggest the right plan.",
      "Keep a copy of the policy with you while you travel.",
    ],
  },
];
