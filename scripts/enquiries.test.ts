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
    const arabic = visitorEnquiry({ name: "فاطمة الزهراء", email: "fatima@example.com", message: "مرحبا" });
    await inbox.addMany([{ submission: arabic, heldReason: null }], new Date("2026-11-24T23:30:00.000Z"));
    await database.close();
  });
  afterAll(async () => remove());

  it("lists the latest with the time they came in, in Dubai time, and says so", async () => {
    const output = await enquiries(path);
    expect(output).toContain("Received (Dubai)");
    expect(output).not.toContain("UTC)");
    expect(output).toMatch(/2026-11-25 02:30 +[^\n]*Late Layla/);
  });

  // Issue 59, items 7 and 9: the office's words, and the columns kept on a row with an Arabic name.
  it("keeps its columns on a row with an Arabic name, and says Enquiry and the mail's state as the office does", async () => {
    const output = await enquiries(path);
    const lines = output.split("\n");
    const header = lines.find((line) => line.startsWith("#")) ?? "";
    const row = lines.find((line) => line.includes("فاطمة")) ?? "";
    // The name isolated, so a terminal cannot reorder the row; the e-mail starts where its header does.
    expect(row).toContain("\u2068فاطمة الزهراء\u2069");
    const shown = row.replace(/[\u2068\u2069]/g, "");
    expect(shown.indexOf("fatima@example.com")).toBe(header.indexOf("Email"));
    expect(row).toContain("Enquiry");
    expect(output).not.toMatch(/\bpending\b/);
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
