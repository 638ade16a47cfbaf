import { paths } from "../lib/paths";
import type { ServicesContent } from "./schema";

export const services: ServicesContent = {
  heading: "Our Visa Services",
  intro:
    "From a 48 hour transit visa to a week-long holiday, we prepare the paperwork so you can focus on the trip. Choose a service below or send us an enquiry.",
  sections: [
    {
      id: "dubai-visa-for-filipinos",
      heading: "Dubai Visa for Filipinos",
      paragraphs: [
        "Most Philippine passport holders need a visa arranged before they fly to Dubai. We arrange transit visas of 48 and 96 hours and Dubai visas of 14, 30 and 60 days, single or multiple entry.",
        "Send us a copy of your passport (valid for at least 6 months) and a passport-size photo with a white background. Standard processing takes 2-3 working days.",
      ],
      picture: { image: "passport-stamps", alt: "Illustration of a Philippine passport with a Dubai visa stamp" },
      link: { label: "See Dubai visa prices", to: paths.detail("dubai-visa", 1) },
    },
    {
      id: "visa-change-in-the-uae",
      heading: "Visa Change in the UAE",
      paragraphs: [
        "If your visa is ending and you want to stay, you can change to a new visa. We arrange airport to airport visa change, visa change by flight and visa change by road to Oman.",
        "You can also extend a tourist visa inside the country: it can be extended twice, for 30 days each time.",
      ],
      picture: { image: "road-to-oman", alt: "Illustration of the road from the UAE to Oman" },
      link: { label: "See visa change options", to: paths.detail("visa-changes", 1) },
    },
    {
      id: "holiday-packages",
      heading: "Holiday Packages",
      paragraphs: [
        "Our Dubai holiday packages of 4, 5 and 7 nights bring the visa, the hotel and the sightseeing together in one booking.",
        "Tell us your dates and who is travelling, and we suggest the package that fits your plans and budget.",
      ],
      picture: { image: "holiday-beach", alt: "Illustration of a beach holiday in Dubai" },
      link: { label: "See holiday packages", to: paths.detail("visa-packages", 4) },
    },
    {
      id: "theme-park-tickets",
      heading: "Theme-Park and Attraction Tickets",
      paragraphs: [
        "Add theme-park and attraction tickets to your trip and have them ready before you arrive. Ask our team which parks and attractions are open on your dates.",
      ],
      picture: { image: "theme-park", alt: "Illustration of a theme park with a roller coaster" },
    },
    {
      id: "dummy-ticket-booking",
      heading: "Dummy Ticket Booking",
      paragraphs: [
        "Many visa applications ask for a flight reservation and a hotel booking. A dummy ticket is a flight reservation made for your application, so you do not have to buy the ticket before the visa is approved.",
        "We also prepare dummy hotel bookings, and a ticket plus hotel together.",
      ],
      picture: { image: "airline-ticket", alt: "Illustration of an airline ticket" },
      link: { label: "See dummy ticket prices", to: paths.detail("visa-documents", 1) },
    },
  ],
};
