import { Offline } from "../components/Offline";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/offline";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "You are offline",
    description: "No connection right now. Call us or message us on WhatsApp, or visit our office in Al Karama, Dubai.",
    noindex: true,
  });

/** Beyond the spec (issue 38): shown by the service worker, offline, for a page this phone has not kept. */
export default function OfflineRoute() {
  return <Offline />;
}
