// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../server/data/open";
import { emptyDatabase } from "../server/data/testing/engines";
import { InboxStore } from "../server/data/enquiries/store";
import { enquiries } from "../server/testing/inbox-server";
import { submission as visitorEnquiry } from "../server/testing/submission";

/*
 * Issue 35, item 8: npm run enquiries shows times as the agency reads them, Dubai's (UTC+4), and says so; its
 * --csv is the office's CSV (a byte order mark, Dubai times).
 */

describe("npm run enquiries", () => {
  let path = "";
  let remove: () => Promise<void>;

  beforeAll(async () => {
    const empty = await emptyDatabase("sqlite");
    remove = empty.remove;
    if (empty.setting.engine !== "sqlite") throw new Error("sqlite expected");
    path = empty.setting.path;
    const database = await openDatabase(empty.setting);
    const inbox = new InboxStore(database);
    const submission = visitorEnquiry({ name: "Late Layla", email: "layla@example.com", message: "At night" });
    // 22:30 in London on 24 Nov is 02:30 on the 25th in Dubai.
    await inbox.addMany([{ submission, heldReason: null }], new Date("2026-11-24T22:30:00.000Z"));
    await database.close();
  });
  afterAll(async () => remove());

  it("lists the latest with the time they came in, in Dubai time, and says so", async () => {
    const output = await enquiries(path);
    expect(output).toContain("Received (Dubai)");
    expect(output).not.toContain("UTC)");
    expect(output).toMatch(/2026-11-25 02:30 +[^\n]*Late Layla/);
  });

  it("shows when the next try is due in Dubai time too", async () => {
    const output = await enquiries(path, "--pending");
    expect(output).toContain("Next try (Dubai)");
    expect(output).not.toContain("UTC)");
  });

  it("--csv writes the office's CSV: a byte order mark, times in Dubai time", async () => {
    const csv = await enquiries(path, "--csv");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain("received_at_dubai_time");
    expect(csv).toContain("2026-11-25 02:30:00");
  });

  it("its help says the times are Dubai's", async () => {
    expect(await enquiries(path, "--help")).toMatch(/Dubai time/);
  });
});
