import { afterEach, describe, expect, it } from "vitest";
import { submission } from "../../testing/submission";
import { InboxStore } from "../enquiries/store";
import { openDatabase } from "../open";
import { emptyDatabase, engines } from "../testing/engines";
import { caseFigures } from "./figures";
import { CaseStore } from "./store";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const day = 86_400_000;

describe.each(engines)("the cases in the statistics, on %s", (engine) => {
  it("counts the cases at each stage, and the days from the enquiry to the visa: median and 9 in 10", async () => {
    const { setting, remove } = await emptyDatabase(engine);
    cleanups.push(remove);
    const database = await openDatabase(setting);
    cleanups.push(() => database.close());
    const cases = new CaseStore(database, null);
    const received = Date.parse("2026-11-01T06:00:00Z");
    await new InboxStore(database).addMany(
      [{ submission: submission({}), heldReason: null, page: "/dubai-visa/3", source: null, device: "phone" }],
      new Date(received),
    );
    const enquiry = Number((await database.db.selectFrom("enquiries").select("id").executeTakeFirstOrThrow()).id);
    const start = (enquiryId: number | null, at: number) =>
      cases.start(
        { enquiryId, name: "T", phone: null, email: null, service: "Visa", kind: "visit-visa", travelDate: null },
        null,
        new Date(at),
      );
    // Ten cases ready after 1..10 days from their start; one from the enquiry, 12 days after it came.
    const ids: number[] = [];
    for (let n = 1; n <= 10; n++) {
      const id = await start(null, received + day);
      ids.push(id);
      await cases.setStage(id, "applied", null, null, new Date(received + day + day / 2));
      await cases.setStage(id, "visa-ready", null, null, new Date(received + day + n * day));
    }
    const fromEnquiry = await start(enquiry, received + 2 * day);
    await cases.setStage(fromEnquiry, "visa-ready", null, null, new Date(received + 12 * day));
    await cases.setStage(fromEnquiry, "closed", null, null, new Date(received + 13 * day));
    // Ready twice (a mistake put right: back to approved, ready again later): its first time counts.
    await cases.setStage(ids[0] ?? 0, "approved", null, null, new Date(received + 20 * day));
    await cases.setStage(ids[0] ?? 0, "visa-ready", null, null, new Date(received + 21 * day));
    // And one still waiting for papers.
    await start(null, received);

    const figures = await caseFigures(database, "2026-11-01", "2026-11-30");
    expect(figures.byStage).toEqual({
      "papers-needed": 1,
      "papers-complete": 0,
      applied: 0,
      approved: 0,
      "visa-ready": 10,
      "need-more": 0,
      closed: 1,
    });
    expect(figures.toVisa).toEqual({ count: 11, medianDays: 6, ninetiethDays: 10 });
    // A period the visas were not ready in counts none of them.
    expect((await caseFigures(database, "2026-10-01", "2026-10-31")).toVisa).toEqual({
      count: 0,
      medianDays: null,
      ninetiethDays: null,
    });
  });
});
