import { NotFound } from "../components/NotFound";
import { pageMeta } from "../lib/seo";

export const meta = () =>
  pageMeta({ title: "Page not found", description: "The page you were looking for is not here.", noindex: true });

export default function NotFoundRoute() {
  return <NotFound />;
}
