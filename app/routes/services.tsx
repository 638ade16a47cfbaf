import { PageBanner } from "../components/PageBanner";
import { pageMeta } from "../lib/seo";

export const meta = () =>
  pageMeta({
    title: "Our Services",
    description:
      "Dubai visas for Filipinos, visa change in the UAE, holiday packages, theme-park tickets and dummy ticket booking.",
    path: "/services",
  });

export default function Services() {
  return <PageBanner title="Our Services" />;
}
