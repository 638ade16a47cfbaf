import { pageMeta } from "../lib/seo";
import { site } from "../lib/site-config";

export const meta = () =>
  pageMeta({
    title: "Dubai Visa & Travel Agency in Al Karama",
    description:
      "Licensed Dubai travel agency in Al Karama: transit and tourist visas, visa change, dummy tickets, insurance and holiday packages. Call or WhatsApp our team.",
    path: "/",
  });

export default function Home() {
  return (
    <section className="container page-placeholder">
      <h1>Dubai Visa &amp; Travel Agency in Al Karama</h1>
      <p>{site.agencyName}: the home page content arrives with the pages issue.</p>
    </section>
  );
}
