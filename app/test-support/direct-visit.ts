import type * as Visits from "../lib/statistics/visits";

/**
 * app/lib/statistics/visits.ts for a form's own tests: a visit known at once to be direct. The real source comes from
 * the statistics collector, a chunk the page loads once hydrated (its own tests are in app/lib/statistics; the e2e
 * tests send it for real); with it mocked, a form's timing is its own. Use: vi.mock(visits path, () => import(this)).
 */
export const pageShown: typeof Visits.pageShown = () => {};
export const visitSource: typeof Visits.visitSource = async () => "direct";
export const withVisitSource: typeof Visits.withVisitSource = async (fields) => ({
  ...(await fields),
  source: "direct",
});
