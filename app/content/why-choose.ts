import type { WhyChooseItem } from "./schema";

export const whyChooseHeading = "Why Choose Us";

export const whyChooseItems: WhyChooseItem[] = [
  {
    icon: "shield-check",
    title: "Reliable Company",
    description:
      "A licensed inbound tour company in Al Karama, Dubai. We tell you the full price and the documents needed before you pay.",
  },
  {
    icon: "headset",
    title: "Online Support",
    description:
      "Ask us by WhatsApp, phone or e-mail. We answer in plain English and update you at each step of your application.",
  },
  {
    icon: "lock",
    title: "Safe & Secured",
    description:
      "Your passport copy and personal details are handled with care and used only to process your application.",
  },
  {
    icon: "smile",
    title: "Customer Friendly",
    description:
      "First trip or tenth, we explain your options, help you choose the visa that fits your plans and welcome you at our office.",
  },
];
