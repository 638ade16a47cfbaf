import { createHash, randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CaseStore, type NewCase } from "../data/cases/store";
import { documentsKey, Keyring } from "../data/cases/vault";
import { openDatabase, type Database } from "../data/open";
import { engines } from "../data/testing/engines";
import { type Running, start, startOn } from "../testing/inbox-server";
import { pushOffReason } from "../push/config";
import { casePolicy } from "./headers";
import { uploadsPerHour, wrongLinksAllowed } from "./link";

// The key the test server seals with (server/testing/inbox-server.ts).
const keys = new Keyring([documentsKey(Buffer.alloc(32, 1))]);

let addresses = 0;
/** Each test's requests from an address of their own (the server trusts X-Forwarded-For here). */
const from = () => ({ "x-forwarded-for": `198.51.${Math.floor(++addresses / 250)}.${addresses % 250}` });

const traveller: NewCase = {
  enquiryId: null,
  name: "Maria <b>Santos</b>",
  phone: "+971 50 123 4567",
  email: "maria@example.com",
  service: "Dubai Tourist Visa",
  kind: "visit-visa",
  travelDate: "2026-12-20",
};

/** A phone photo as a camera writes it: a JPEG with the camera and the GPS position in its EXIF. */
async function phonePhoto(width = 900, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "AcmeCam", Model: "Spy 9" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "25/1 14/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "55/1 18/1 0/1" },
    })
    .toBuffer();
}

describe.each(engines)("the traveller's case room, on %s", (engine) => {
  let server: Running;
  let database: Database;
  let cases: CaseStore;

  beforeAll(async () => {
    // Alerts are queued but not sent here: no push service is reached from a test.
    server = await startOn(engine, { server: { trustProxy: true, push: { on: false, reason: pushOffReason } } });
    database = await openDatabase(server.database, { migrate: false });
    cases = new CaseStore(database, keys);
    // A staff member with alerts on one phone (issue 37): a paper sent is an alert to them.
    const person = await database.db
      .insertInto("people")
      .values({ name: "Aisha", role: "staff", handle: "aisha", created_at: new Date().toISOString(), revoked_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto("push_subscriptions")
      .values({
        person_id: person.id,
        endpoint: "https://fcm.googleapis.com/fcm/send/x",
        p256dh: "k",
        auth: "a",
        label: "Phone",
        created_at: new Date().toISOString(),
        last_success_at: null,
        last_failure_at: null,
        last_error: null,
      })
      .execute();
  });
  afterAll(async () => {
    await database.close();
    await server.app.close();
  });

  async function newCase(input: Partial<NewCase> = {}) {
    const id = await cases.start({ ...traveller, ...input }, null, new Date());
    return { id, link: await cases.issueLink(id, null, new Date()) };
  }

  const page = (link: string, headers: Record<string, string> = from()) =>
    fetch(`${server.origin}/case/${link}`, { headers });

  /** tus: a new upload of `length` bytes for the case's paper; its address. */
  async function create(link: string, length: number, paper = "passport-first", name = "passport.jpg", extra = {}) {
    const metadata = `filename ${Buffer.from(name).toString("base64")},paper ${Buffer.from(paper).toString("base64")}`;
    return fetch(`${server.origin}/case/uploads`, {
      method: "POST",
      headers: {
        ...from(),
        "tus-resumable": "1.0.0",
        "upload-length": String(length),
        "upload-metadata": metadata,
        "case-link": link,
        ...extra,
      },
    });
  }

  async function patch(link: string, location: string, offset: number, bytes: Buffer) {
    return fetch(`${server.origin}${location}`, {
      method: "PATCH",
      headers: {
        ...from(),
        "tus-resumable": "1.0.0",
        "upload-offset": String(offset),
        "content-type": "application/offset+octet-stream",
        "case-link": link,
      },
      body: new Uint8Array(bytes),
    });
  }

  async function head(link: string, location: string) {
    return fetch(`${server.origin}${location}`, {
      method: "HEAD",
      headers: { ...from(), "tus-resumable": "1.0.0", "case-link": link },
    });
  }

  /** Sends a whole file in pieces, as tus-js-client does; the last answer. */
  async function send(link: string, bytes: Buffer, paper = "passport-first", name = "passport.jpg") {
    const created = await create(link, bytes.length, paper, name);
    expect(created.status).toBe(201);
    const location = created.headers.get("location") ?? "";
    let last = created;
    for (let at = 0; at < bytes.length; at += 100_000) {
      last = await patch(link, location, at, bytes.subarray(at, at + 100_000));
      if (last.status !== 204) break;
    }
    return { last, location };
  }

  it("opens the traveller's page from the link: their service, the papers asked for, the agency's phone", async () => {
    const { link } = await newCase();
    const reply = await page(link);
    expect(reply.status).toBe(200);
    const body = await reply.text();
    expect(body).toContain("Dubai Tourist Visa");
    expect(body).toContain("Passport, first page");
    expect(body).toContain("Your photo");
    expect(body).toContain("Papers needed");
    expect(body).toMatch(/href="tel:\+\d+"/);
    expect(body).toContain("https://wa.me/");
    // What the visitor typed is shown as text.
    expect(body).toContain("Maria");
    expect(body).not.toContain("<b>Santos</b>");
    expect(reply.headers.get("content-security-policy")).toBe(casePolicy);
    expect(reply.headers.get("referrer-policy")).toBe("no-referrer");
    expect(reply.headers.get("cache-control")).toBe("no-store");
    expect(reply.headers.get("x-robots-tag")).toContain("noindex");
  });

  it("answers every wrong link with one same page: made up, revoked, expired", async () => {
    const made = randomBytes(32).toString("base64url");
    const revoked = await newCase();
    await cases.revokeLink(revoked.id, null, new Date());
    const expired = await newCase();
    await cases.setStage(expired.id, "closed", null, null, new Date(Date.now() - 31 * 86_400_000));
    const answers = await Promise.all(
      [made, revoked.link, expired.link, "short", "%3Cscript%3E"].map(async (link) => {
        const reply = await page(link);
        return { status: reply.status, body: await reply.text() };
      }),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toBe(answers[0]?.body);
    }
    expect(answers[0]?.body).toContain("This link does not work");
    expect(answers[0]?.body).not.toContain("<script>");
  });

  it(`stops an address after ${wrongLinksAllowed} wrong links, even with a right one; others carry on`, async () => {
    const { link } = await newCase();
    const address = from();
    const statuses: number[] = [];
    for (let n = 0; n < 50; n++) statuses.push((await page(randomBytes(32).toString("base64url"), address)).status);
    expect(statuses.slice(0, wrongLinksAllowed).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(wrongLinksAllowed + 1).every((status) => status === 429)).toBe(true);
    expect((await page(link, address)).status).toBe(429);
    expect((await page(link)).status).toBe(200);
  });

  it("takes a photo in pieces, resumes from where it stopped, keeps it without its EXIF, and gives it back", async () => {
    const { id, link } = await newCase();
    const photo = await phonePhoto();
    const created = await create(link, photo.length);
    expect(created.status).toBe(201);
    const location = created.headers.get("location") ?? "";
    expect(location).toMatch(/^\/case\/uploads\/[0-9a-f]{32}$/);
    expect((await patch(link, location, 0, photo.subarray(0, 3_000))).status).toBe(204);
    // The connection dropped: the phone asks where the upload stands, and sends the rest from there.
    const where = await head(link, location);
    expect(where.headers.get("upload-offset")).toBe("3000");
    // A piece sent again at an old offset is refused, not added twice.
    expect((await patch(link, location, 0, photo.subarray(0, 3_000))).status).toBe(409);
    const done = await patch(link, location, 3_000, photo.subarray(3_000));
    expect(done.status).toBe(204);
    const paperId = done.headers.get("paper-id") ?? "";
    // Its last answer lost: asking again says it is all there, so nothing is sent twice.
    expect((await head(link, location)).headers.get("upload-offset")).toBe(String(photo.length));
    const papers = await cases.papers(id);
    expect(papers).toHaveLength(1);
    expect(papers[0]).toMatchObject({
      id: paperId,
      paperKey: "passport-first",
      type: "image/jpeg",
      name: "passport.jpg",
    });

    const download = await fetch(`${server.origin}/case/${link}/papers/${paperId}`, { headers: from() });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="passport\.jpg"/);
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(download.headers.get("content-security-policy")).toContain("sandbox");
    const kept = Buffer.from(await download.arrayBuffer());
    expect(createHash("sha256").update(kept).digest("hex")).toBe(papers[0]?.sha256);
    const metadata = await sharp(kept).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(kept.includes("AcmeCam")).toBe(false);
    expect(metadata.width).toBe(900);
    // The page says it was sent; the staff's phones are told.
    expect(await (await page(link)).text()).toContain("Sent: we will check it");
    await expect
      .poll(async () =>
        (await database.db.selectFrom("push_queue").select(["title", "body", "url"]).execute()).filter(
          (row) => row.url === `/office/cases/${id}`,
        ),
      )
      .toEqual([
        { title: "Papers from Maria <b>Santos</b>", body: "Passport, first page", url: `/office/cases/${id}` },
      ]);
  });

  it("never lets one case's link reach another case's upload or paper", async () => {
    const mine = await newCase();
    const theirs = await newCase({ name: "Ravi Kumar" });
    const { last, location } = await send(mine.link, await phonePhoto());
    const paperId = last.headers.get("paper-id") ?? "";
    expect((await head(theirs.link, location)).status).toBe(404);
    const other = await create(mine.link, 10);
    const otherLocation = other.headers.get("location") ?? "";
    expect((await patch(theirs.link, otherLocation, 0, Buffer.alloc(10))).status).toBe(404);
    const download = await fetch(`${server.origin}/case/${theirs.link}/papers/${paperId}`, { headers: from() });
    expect(download.status).toBe(404);
    expect(await download.text()).not.toContain("JFIF");
  });

  it("answers bad input with a 4xx: a malformed paper id, a huge link, a malformed upload id, two links at once", async () => {
    const { link } = await newCase();
    expect((await fetch(`${server.origin}/case/${link}/papers/not-a-paper`, { headers: from() })).status).toBe(400);
    // Longer than any path the server looks up: refused before any lookup (403, as for any such address).
    expect((await page("x".repeat(5_000))).status).toBe(403);
    expect((await head(link, "/case/uploads/..%2f..%2fetc")).status).toBe(400);
    const twice = await fetch(`${server.origin}/case/uploads`, {
      method: "POST",
      headers: [
        ...Object.entries(from()),
        ["tus-resumable", "1.0.0"],
        ["upload-length", "10"],
        ["case-link", link],
        ["case-link", link],
      ],
    });
    expect(twice.status).toBe(404);
  });

  it("refuses an upload from another site, or without the link", async () => {
    const { link } = await newCase();
    expect((await create(link, 10, "passport-first", "a.jpg", { origin: "https://evil.example" })).status).toBe(403);
    expect((await create(link, 10, "passport-first", "a.jpg", { "sec-fetch-site": "cross-site" })).status).toBe(403);
    const without = await fetch(`${server.origin}/case/uploads`, {
      method: "POST",
      headers: { ...from(), "tus-resumable": "1.0.0", "upload-length": "10" },
    });
    expect(without.status).toBe(400);
    expect((await create(randomBytes(32).toString("base64url"), 10)).status).toBe(404);
  });

  it("refuses what is not a photo or a PDF, whatever its name, with the reason; a paper not asked for; a closed case", async () => {
    const { id, link } = await newCase();
    const program = Buffer.concat([Buffer.from("MZ"), randomBytes(2_000)]);
    const { last } = await send(link, program, "passport-first", "photo.jpg");
    expect(last.status).toBe(422);
    expect(await last.text()).toMatch(/Windows program/);
    expect(await cases.papers(id)).toEqual([]);
    expect((await create(link, 10, "secret-files")).status).toBe(400);
    await cases.setStage(id, "closed", null, null, new Date());
    expect((await create(link, 10)).status).toBe(409);
  });

  it(`keeps an address to ${uploadsPerHour} papers started in an hour, over all its cases`, async () => {
    const address = from();
    const start = (link: string) =>
      fetch(`${server.origin}/case/uploads`, {
        method: "POST",
        headers: {
          ...address,
          "tus-resumable": "1.0.0",
          "upload-length": "10",
          "upload-metadata": `filename ${Buffer.from("a.jpg").toString("base64")},paper ${Buffer.from("photo").toString("base64")}`,
          "case-link": link,
        },
      });
    const statuses: number[] = [];
    for (let n = 0; n < uploadsPerHour / 20; n++) {
      const { link } = await newCase();
      for (let file = 0; file < 20; file++) statuses.push((await start(link)).status);
    }
    expect(statuses.every((status) => status === 201)).toBe(true);
    const over = await start((await newCase()).link);
    expect(over.status).toBe(429);
    expect(await over.text()).toMatch(/Too many papers/);
    // Another address is not held back.
    expect((await create((await newCase()).link, 10)).status).toBe(201);
  });

  it("keeps a case's limits: no file over 15 MB, no 21st file", async () => {
    const { id, link } = await newCase();
    const huge = await create(link, 200 * 1024 * 1024);
    expect(huge.status).toBe(413);
    const small = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    for (let n = 0; n < 20; n++) {
      await cases.addPaper(
        id,
        { paperKey: "photo", name: "p.jpg", type: "image/jpeg", bytes: small, width: 20, height: 20 },
        null,
        new Date(),
      );
    }
    const twentyFirst = await create(link, small.length, "photo");
    expect(twentyFirst.status).toBe(413);
    expect(await twentyFirst.text()).toMatch(/20/);
  });
});

describe("the traveller's case room while its database cannot be reached", () => {
  let server: Running;
  beforeAll(async () => {
    // A PostgreSQL nobody listens for: the server starts and keeps trying, as after a database's restart.
    const url = "postgres://karama@127.0.0.1:9/karama";
    server = await start({ database: { engine: "postgres", url, safeUrl: url } });
  });
  afterAll(async () => {
    await server.app.close();
  });

  it("says the page cannot open just now (503, try again in a minute), never that the link is wrong", async () => {
    const link = randomBytes(32).toString("base64url");
    const reply = await fetch(`${server.origin}/case/${link}`, { headers: from() });
    expect(reply.status).toBe(503);
    expect(reply.headers.get("retry-after")).toBe("60");
    expect(reply.headers.get("cache-control")).toBe("no-store");
    const body = await reply.text();
    expect(body).toContain("Your page cannot open just now");
    expect(body).not.toContain("This link does not work");
    expect(body).toMatch(/Call or WhatsApp us/);
    // Nor does a database that is down count against the address as wrong links.
    for (let n = 0; n < wrongLinksAllowed + 2; n++) await fetch(`${server.origin}/case/${link}`, { headers: from() });
    const upload = await fetch(`${server.origin}/case/uploads`, {
      method: "POST",
      headers: { ...from(), "tus-resumable": "1.0.0", "upload-length": "10", "case-link": link },
    });
    expect(upload.status).toBe(503);
  });
});
