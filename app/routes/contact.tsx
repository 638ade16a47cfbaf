import { PageBanner } from "../components/PageBanner";
import { pageMeta } from "../lib/seo";

export const meta = () =>
  pageMeta({
    title: "Contact Us",
    description:
      "Visit our office in Al Karama, Dubai, call, WhatsApp or e-mail us. Open Mon - Sat, 10.00 am to 10.00 pm.",
    path: "/contact",
  });

export default function Contact() {
  return <PageBanner title="Contact Us" />;
}
