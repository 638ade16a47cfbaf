import BetterSqlite3 from "better-sqlite3";
import { strFromU8, unzipSync } from "fflate";
import { readFileSync } from "node:fs";
import { expectNoViolations } from "./axe";
import { expect, isPhone, test } from "./fixtures";
import { type SharedOffice } from "./office-fixtures";

/*
 * Issue 35, items 7 and 8: the owner downloads the enquiries of a date range from the office as a spreadsheet
 * (.xlsx: text cells, Dubai times, Arabic and ñ as written) and as CSV (with a byte order mark, for Excel); the
 * export card's date boxes stay inside the card on the narrowest phone (360 px). The worker's office
 * (e2e/office-fixtures.ts), as its owner, the passkey check fresh; the enquiries of other tests on it are in the
 * files too, so this one reads its own, by their names.
 */

test.describe("the owner's export", () => {
  /**
   * An enquiry as the site stores one, received an hour ago, and one held as spam: written straight into the
   * database, as this spec is about what the office makes of them.
   */
  function seed(office: SharedOffice, name: string) {
    const file = new BetterSqlite3(office.database);
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const add = (who: string, message: string, held: string | null) => {
      const { lastInsertRowid } = file
        .prepare(
          "INSERT INTO enquiries (received_at, kind, name, email, phone, visa_type, travel_date, adult, child, " +
            "subject, message, page, source, device) VALUES (?, 'enquiry', ?, 'maria@example.com', '+971 50 123 4567', " +
            "'30 Days Dubai Visa', '2026-12-20', '2', '', '', ?, '/services', 'whatsapp', 'phone')",
        )
        .run(at, who, message);
      file
        .prepare(
          "INSERT INTO outbox (enquiry_id, status, attempts, rejections, next_attempt_at, held_reason) VALUES (?, ?, 0, 0, 0, ?)",
        )
        .run(lastInsertRowid, held ? "held" : "pending", held);
    };
    add(name, '=HYPERLINK("http://evil","click")', null);
    add(`${name} Spam`, "cheap pills", "a link in the message");
    file.close();
    return at;
  }

  test("downloads the spreadsheet and the CSV; the date boxes fit the card at 360 px", async ({
    page,
    office,
  }, testInfo) => {
    test.setTimeout(90_000);
    const name = isPhone(page) ? "محمد Niño Phone" : "محمد Niño Desk";
    const receivedAt = seed(office, name);
    const dubai = new Date(Date.parse(receivedAt) + 4 * 3_600_000).toISOString();
    const dubaiTime = `${dubai.slice(0, 10)} ${dubai.slice(11, 16)}`;

    await office.session(page, "owner");
    await page.goto(`${office.origin}/office/data`);
    const card = page.getByRole("region", { name: "Export enquiries" });
    await expect(card).toBeVisible();
    await expectNoViolations(page);

    // The spreadsheet.
    const spreadsheet = page.waitForEvent("download");
    await card.getByRole("button", { name: "Download spreadsheet (.xlsx)" }).click();
    const xlsx = await spreadsheet;
    expect(xlsx.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const parts = unzipSync(readFileSync(await xlsx.path()));
    const workbook = strFromU8(parts["xl/workbook.xml"] ?? new Uint8Array());
    expect(workbook).toContain('<sheet name="Enquiries"');
    expect(workbook).toContain('<sheet name="Held as spam"');
    const sheet = strFromU8(parts["xl/worksheets/sheet1.xml"] ?? new Uint8Array());
    expect(sheet).toContain(name);
    expect(sheet).not.toContain(`${name} Spam`);
    expect(sheet).toContain("Received (Dubai time)");
    expect(sheet).toContain(dubaiTime);
    expect(sheet).toContain("=HYPERLINK(&quot;http://evil&quot;,&quot;click&quot;)");
    expect(sheet).not.toContain("<f>");
    expect(strFromU8(parts["xl/worksheets/sheet2.xml"] ?? new Uint8Array())).toContain(`${name} Spam`);

    // The CSV.
    const comma = page.waitForEvent("download");
    await card.getByRole("button", { name: "Download CSV" }).click();
    const csv = await comma;
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const bytes = readFileSync(await csv.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toContain(name);
    expect(text).toContain("received_at_dubai_time");
    expect(text).toContain(`${dubaiTime}:`);

    const widths = isPhone(page) ? [360, 390] : [1280];
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      // Loaded again at that width: a phone lays a page out once, at its own width.
      await page.reload();
      const box = await card.boundingBox();
      expect(box).not.toBeNull();
      const outer = box ?? { x: 0, y: 0, width: 0, height: 0 };
      expect(outer.x).toBeGreaterThanOrEqual(0);
      expect(outer.x + outer.width).toBeLessThanOrEqual(width);
      for (const label of ["From", "To (included)"]) {
        const date = await card.getByLabel(label).boundingBox();
        expect(date, label).not.toBeNull();
        const inner = date ?? { x: 0, y: 0, width: 0, height: 0 };
        expect(inner.x, `${label} at ${width} px`).toBeGreaterThanOrEqual(outer.x);
        expect(inner.x + inner.width, `${label} at ${width} px`).toBeLessThanOrEqual(outer.x + outer.width);
      }
      // Nothing on the page is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await card.screenshot({ path: testInfo.outputPath(`export-card-${width}.png`) });
    }
  });
});
