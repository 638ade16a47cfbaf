import { loadKeyring } from "../server/data/cases/keys";
import { CaseStore, type NewPaper } from "../server/data/cases/store";
import { openDatabase } from "../server/data/open";
import { touristCaseWithLink } from "../server/testing/cases";

/*
 * A traveller's case made straight in a test server's database (issue 56), for the specs that start from a case
 * rather than from an enquiry and the office's Start a case (e2e/case-upload.spec.ts does that whole way).
 */

/** `work` on the server's cases, with its documents key; the database closed after. */
export async function withCases<T>(office: { database: string }, work: (cases: CaseStore) => Promise<T>): Promise<T> {
  const database = await openDatabase({ engine: "sqlite", path: office.database }, { migrate: false });
  try {
    return await work(new CaseStore(database, loadKeyring({ inboxDb: office.database }).keyring));
  } finally {
    await database.close();
  }
}

/** A Dubai tourist visa's case for `name`, with these papers, and its private link. */
export function caseWithLink(
  office: { database: string },
  name: string,
  papers: readonly NewPaper[] = [],
): Promise<{ id: number; link: string }> {
  return withCases(office, (cases) => touristCaseWithLink(cases, name, papers));
}
