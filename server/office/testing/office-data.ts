import type { Database } from "../../data/open";
import { openDatabase } from "../../data/open";
import { emptyDatabase } from "../../data/testing/engines";
import type { DatabaseSetting } from "../../data/settings";
import { InboxStore } from "../../data/enquiries/store";
import { Accounts } from "../accounts";
import { Work } from "../work";

export interface OfficeData {
  database: Database;
  work: Work;
  inbox: InboxStore;
  accounts: Accounts;
  /** A staff member, "Ravi Kumar", invited at `now`: the one who works the enquiries in the test. */
  personId: number;
  /** Closes the database and removes it. */
  close: () => Promise<void>;
}

/** For the office's store tests: an empty database of `engine` of the test's own, its stores, and one person. */
export async function openOfficeData(engine: DatabaseSetting["engine"], now: number): Promise<OfficeData> {
  const empty = await emptyDatabase(engine);
  const database = await openDatabase(empty.setting);
  const accounts = new Accounts(database);
  const { person } = await accounts.invite({ name: "Ravi Kumar", role: "staff", by: null, now, validMs: 60_000 });
  return {
    database,
    work: new Work(database),
    inbox: new InboxStore(database),
    accounts,
    personId: person.id,
    close: async () => {
      await database.close();
      await empty.remove();
    },
  };
}
