// @vitest-environment node
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { dubaiDay } from "../data/dubai-days";
import { engines } from "../data/testing/engines";
import { statsReport } from "../data/stats/report";
import { StatsStore } from "../data/stats/store";
import { OfficeClient, ownAddress, signedInPerson } from "./testing/office-client";
import { officeServer } from "./testing/office-server";

const hours = { days: [], opens: "09:00", closes: "18:00" } as never;

/** Issue 55: the owner's campaign links, their QR codes, and the attacker's tries at them. */
describe.each(engines)("campaign links in the office, on %s", (engine) => {
  const office = officeServer(engine, "Owner Omar", "owner");
  const make = (fields: Record<string, string>) => office.person.client.form("/office/campaigns", fields);
  const idOf = async (tag: string) =>
    Number(
      (
        await office.database.db
          .selectFrom("campaign_links")
          .select("id")
          .where("tag", "=", tag)
          .executeTakeFirstOrThrow()
      ).id,
    );

  it("makes a link to a page with its tag, and its QR code reads back the link, as PNG and as SVG", async () => {
    const made = await make({ name: "  Eid   flyer ", path: "/services" });
    expect(made.status).toBe(200);
    expect(made.text).toContain("<h2");
    expect(made.text).toContain("Eid flyer");
    const link = "http://localhost:3000/services?utm_source=eid-flyer";
    expect(made.text).toContain(`href="${link}"`);
    expect(made.text).toContain("Just made.");
    const id = await idOf("eid-flyer");

    const png = await office.person.client.get(`/office/campaigns/${id}/qr.png`);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("content-disposition")).toBe('attachment; filename="qr-eid-flyer.png"');
    const image = PNG.sync.read(Buffer.from(png.bytes));
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(link);

    const svg = await office.person.client.get(`/office/campaigns/${id}/qr.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(svg.text).toMatch(/^<svg[^>]*viewBox/);
    expect(svg.text).not.toMatch(/<script|on[a-z]+=/i);
    expect((await office.person.client.get(`/office/campaigns/${id}/qr.gif`)).status).toBe(404);
  });

  it("refuses a name without letters, a tag taken, a source the site knows, a long name; keeps what was typed", async () => {
    for (const [name, message] of [
      ["", "Give the campaign a name"],
      ["عيد", "Put some English letters or digits in the name"],
      ["Eid Flyer!", "already has the tag eid-flyer"],
      ["Google", "is a source the statistics already tell apart"],
      ["x".repeat(61), "at most 60 characters"],
    ] as const) {
      const answer = await make({ name, path: "/contact" });
      expect(answer.status, name).toBe(400);
      expect(answer.text).toContain(message);
      // What was typed stays in the field (Preact writes an empty value as the bare attribute).
      expect(answer.text).toMatch(name === "" ? /id="campaign-name"[^>]* value[ />]/ : new RegExp(`value="${name}"`));
      expect(answer.text).toMatch(/<option value="\/contact" selected/);
    }
    // A page not of the site, a repeated or huge field: refused by the schema, nothing stored.
    const before = await office.database.db.selectFrom("campaign_links").select("id").execute();
    expect((await make({ name: "Elsewhere", path: "/evil" })).status).toBe(400);
    expect((await make({ name: "Nowhere", path: "https://evil.example/" })).status).toBe(400);
    expect((await make({ name: "x".repeat(1001), path: "/" })).status).toBe(400);
    const repeated = await office.person.client.request("/office/campaigns", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://localhost:3000",
        "sec-fetch-site": "same-origin",
      },
      body: `csrf=${office.person.client.csrf}&name=a&name=b&path=/`,
    });
    expect(repeated.status).toBe(400);
    expect(await office.database.db.selectFrom("campaign_links").select("id").execute()).toEqual(before);
  });

  it("shows a name as text, never as markup", async () => {
    const name = `<img src=x onerror=alert(1)> "Shop" & window`;
    const made = await make({ name, path: "/" });
    expect(made.status).toBe(200);
    expect(made.text).not.toContain("<img src=x");
    expect(made.text).toContain("&lt;img src=x onerror=alert(1)> &quot;Shop&quot; &amp; window</h2>");
    expect(made.text).toContain("?utm_source=img-src-x-onerror-alert-1-shop-window");
  });

  it("is the owner's: staff and strangers get nothing, a post from another site is refused", async () => {
    const id = await idOf("eid-flyer");
    const staff = await signedInPerson(office.server.origin, office.database, "Staff Sara", "staff");
    for (const path of ["/office/campaigns", `/office/campaigns/${id}/qr.png`, `/office/campaigns/${id}/qr.svg`]) {
      const seen = await staff.client.get(path);
      expect(seen.status, path).toBe(404);
      expect(seen.text).not.toContain("eid-flyer");
      const stranger = await new OfficeClient(office.server.origin, ownAddress()).get(path);
      expect(stranger.location, path).toBe("/office/sign-in");
    }
    expect((await staff.client.form("/office/campaigns", { name: "Staff flyer", path: "/" })).status).toBe(404);
    expect((await staff.client.form(`/office/campaigns/${id}/remove`, {})).status).toBe(404);
    const stranger = new OfficeClient(office.server.origin, ownAddress());
    expect((await stranger.form("/office/campaigns", { name: "Stranger", path: "/" })).location).toBe(
      "/office/sign-in",
    );
    const forged = await office.person.client.form(
      "/office/campaigns",
      { name: "Forged", path: "/" },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect(forged.status).toBe(403);
    const noToken = await office.person.client.form("/office/campaigns", { name: "No token", path: "/", csrf: "" });
    expect(noToken.status).toBe(403);
    const tags = (await office.database.db.selectFrom("campaign_links").select("tag").execute()).map((row) => row.tag);
    expect(tags.filter((tag) => /staff|stranger|forged|no-token/.test(tag))).toEqual([]);
    expect(await new StatsStore(office.database).campaigns.find(id)).not.toBeNull();
  });

  it("removes a link: gone from the list, its QR code too, its past figures still named", async () => {
    const id = await idOf("eid-flyer");
    const stats = new StatsStore(office.database);
    const today = dubaiDay(Date.now());
    await stats.record([{ day: today, kind: "view", route: "/services", source: "eid-flyer", device: "phone" }], []);
    const removed = await office.person.client.form(`/office/campaigns/${id}/remove`, {});
    expect(removed.status).toBe(303);
    expect(removed.location).toBe("/office/campaigns");
    const page = await office.person.client.get("/office/campaigns");
    expect(page.text).not.toContain("utm_source=eid-flyer");
    expect((await office.person.client.get(`/office/campaigns/${id}/qr.png`)).status).toBe(404);
    expect((await office.person.client.form(`/office/campaigns/${id}/remove`, {})).status).toBe(404);
    expect((await office.person.client.form(`/office/campaigns/2147483648/remove`, {})).status).toBe(404);

    const report = await statsReport(office.database, 7, hours);
    expect(report.campaigns).toContainEqual(
      expect.objectContaining({ name: "Eid flyer", tag: "eid-flyer", removed: true, views: 1 }),
    );
    const figures = await office.person.client.get("/office/stats?days=7");
    expect(figures.text).toContain("Eid flyer (eid-flyer, removed)");
    expect(await new StatsStore(office.database).campaignTags()).not.toContain("eid-flyer");

    // Made again, the tag is the new campaign's, with the same row and past figures.
    expect((await make({ name: "Eid Flyer", path: "/contact" })).status).toBe(200);
    expect(await idOf("eid-flyer")).toBe(id);
    const again = await statsReport(office.database, 7, hours);
    expect(again.campaigns).toContainEqual(
      expect.objectContaining({ name: "Eid Flyer", path: "/contact", removed: false, views: 1 }),
    );
  });
});
