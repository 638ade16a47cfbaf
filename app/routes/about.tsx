import { PageBanner } from "../components/PageBanner";
import { pageMeta } from "../lib/seo";

export const meta = () =>
  pageMeta({
    title: "About Us",
    description:
      "A licensed inbound tour company in Al Karama, Dubai, helping travellers with UAE visas, visa change and travel services.",
    path: "/about",
  });

export default function About() {
  return <PageBanner title="About Us" />;
}
