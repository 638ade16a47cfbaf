import type { CaseStore, NewPaper } from "../data/cases/store";

/**
 * A Dubai tourist visa's case for `name` (no enquiry, no phone or e-mail), with these papers, and its private link:
 * what the tests, the e2e specs and the benchmarks that start from a case rather than from an enquiry need.
 */
export async function touristCaseWithLink(
  cases: CaseStore,
  name: string,
  papers: readonly NewPaper[] = [],
): Promise<{ id: number; link: string }> {
  const id = await cases.start(
    {
      enquiryId: null,
      name,
      phone: null,
      email: null,
      service: "Dubai Tourist Visa",
      kind: "visit-visa",
      travelDate: null,
    },
    null,
    new Date(),
  );
  for (const paper of papers) await cases.addPaper(id, paper, null, new Date());
  return { id, link: await cases.issueLink(id, null, new Date()) };
}
