import { NotFound } from "../components/NotFound";
import { notFoundMeta } from "../lib/seo";

export const meta = notFoundMeta;

export default function NotFoundRoute() {
  return <NotFound />;
}
