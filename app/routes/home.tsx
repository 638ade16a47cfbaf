import { Carousel } from "../components/carousel/Carousel";
import { AboutBlock } from "../components/home/AboutBlock";
import { HomeIntro } from "../components/home/HomeIntro";
import { ServiceCards } from "../components/home/ServiceCards";
import { TravelAgencyBlock } from "../components/home/TravelAgencyBlock";
import { WhyChooseUs } from "../components/home/WhyChooseUs";
import { featuredCards } from "../content/cards";
import { homeAbout, travelAgency } from "../content/home";
import { slides } from "../content/slides";
import { whyChooseHeading, whyChooseItems } from "../content/why-choose";
import { absoluteUrl, agencyNodeId, pageMeta } from "../lib/seo";
import { featuredServiceNodes } from "../lib/structured-data";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Dubai Visa & Travel Agency in Al Karama",
    description:
      "Licensed Dubai travel agency in Al Karama: transit and tourist visas, visa change, dummy tickets, insurance and holiday packages. Call or WhatsApp our team.",
    path: "/",
    structuredData: import.meta.env.SSR ? featuredServiceNodes(featuredCards, absoluteUrl, agencyNodeId) : [],
  });

export default function Home() {
  return (
    <>
      <HomeIntro
        heading="Dubai visas and travel, from our Al Karama office"
        note="A licensed inbound tour company serving tourists, UAE residents and job seekers."
      />
      {/* The first slide's illustration is the page's LCP image: the carousel loads it eagerly. */}
      <Carousel slides={slides} label="Featured services" />
      <AboutBlock about={homeAbout} />
      <ServiceCards cards={featuredCards} />
      <TravelAgencyBlock block={travelAgency} />
      <WhyChooseUs heading={whyChooseHeading} items={whyChooseItems} />
    </>
  );
}
