// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../data/testing/engines";
import {
  accepted,
  agency,
  enquiryForm,
  json,
  multipart,
  post,
  refused,
  removeTestDirs,
  type Running,
  startOn,
  validEnquiry,
  waitFor,
} from "../testing/inbox-server";
import { LocalSmtp, mailHeader, mailPart } from "../testing/smtp";
import { inAFreshMinute } from "../testing/fresh-minute";

afterAll(removeTestDirs);

// The same tests on each engine.
describe.each(engines)("on %s", (engine) => {
  describe("POST /api/submit refuses bad input and stores nothing", () => {
    let server: Running;
    beforeAll(async () => {
      server = await startOn(engine);
    });
    afterAll(async () => {
      await server.app.close();
    });
    afterEach(async () => {
      expect(await server.stored()).toEqual([]);
    });

    const bigText = "a".repeat(70 * 1024);
    const manyFields = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`field${i}`, "x"]));
    const cases: [string, () => RequestInit, ReturnType<typeof refused>][] = [
      [
        "an enquiry without a name",
        () => ({ body: enquiryForm({ ...validEnquiry, name: "  " }) }),
        refused(400, "Full Name is required"),
      ],
      [
        "an enquiry without an email",
        () => ({ body: enquiryForm({ ...validEnquiry, email: "" }) }),
        refused(400, "Email is required"),
      ],
      [
        "an enquiry without a phone",
        () => ({ body: enquiryForm({ ...validEnquiry, phone: "\t" }) }),
        refused(400, "Phone Number is required"),
      ],
      ["an enquiry with no fields at all", () => ({ body: new FormData() }), refused(400, "Full Name is required")],
      [
        "an enquiry with an invalid email",
        () => ({ body: enquiryForm({ ...validEnquiry, email: "aisha@example" }) }),
        refused(400, "Please enter a valid email address"),
      ],
      [
        "an empty contact message",
        () => json({ name: " ", email: "", message: "", subject: "Hi" }),
        refused(400, /at least a name/),
      ],
      [
        "a contact message with an invalid email",
        () => json({ name: "Bo", email: "bo at example.com" }),
        refused(400, "Please enter a valid email address"),
      ],
      ["a JSON body that is not an object", () => json(["name", "Bo"]), refused(400, /must be an object/)],
      ["a JSON field that is not text", () => json({ name: { first: "Bo" } }), refused(400, /name must be text/)],
      ["malformed JSON", () => json('{"name": "Bo"'), refused(400, "The body is not valid JSON")],
      ["an empty JSON body", () => json(""), refused(400, "The JSON body is empty")],
      ["an oversized JSON body", () => json({ name: "Bo", message: bigText }), refused(413, /too large/)],
      [
        "an oversized multipart body",
        () => ({ body: enquiryForm({ ...validEnquiry, message: bigText }) }),
        refused(413, /too large/),
      ],
      [
        "too many multipart fields",
        () => ({ body: enquiryForm({ ...validEnquiry, ...manyFields }) }),
        refused(400, /Too many fields/),
      ],
      ["too many JSON fields", () => json({ name: "Bo", ...manyFields }), refused(400, /Too many fields/)],
      [
        "a file upload",
        () => {
          const form = enquiryForm(validEnquiry);
          form.append("passport", new Blob(["%PDF-1.4"], { type: "application/pdf" }), "passport.pdf");
          return { body: form };
        },
        refused(400, "File uploads are not accepted"),
      ],
      [
        "multipart without a boundary",
        () => ({ headers: { "content-type": "multipart/form-data" }, body: "name=Bo" }),
        refused(400, /Malformed multipart/),
      ],
      ["multipart that is not multipart", () => multipart("just some text"), refused(400, /Malformed multipart/)],
      [
        "multipart cut short",
        () => multipart(`--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAisha\r\n--XyZ\r\nContent-Disp`),
        refused(400, /Malformed multipart/),
      ],
      [
        "a field sent twice",
        () => {
          const form = enquiryForm(validEnquiry);
          form.append("email", "second@example.com");
          return { body: form };
        },
        refused(400, /more than once/),
      ],
      ["a NUL character", () => ({ body: enquiryForm({ ...validEnquiry, message: "a\u0000b" }) }), refused(400, /NUL/)],
      ["a wrong content type", () => json("name=Bo", "text/plain"), refused(415, /Unsupported content type/)],
      [
        "a url-encoded form",
        () => json("name=Bo", "application/x-www-form-urlencoded"),
        refused(415, /Unsupported content type/),
      ],
      ["no body at all", () => ({}), refused(415, /Unsupported content type/)],
    ];

    it.each(cases)("%s", async (_, init, expected) => {
      expect(await post(server.url, init())).toEqual(expected);
    });
  });

  describe("POST /api/submit with an access key configured", () => {
    let server: Running;
    beforeAll(async () => {
      server = await startOn(engine, { accessKey: "site-key-123" });
    });
    afterAll(async () => {
      await server.app.close();
    });

    it("refuses a wrong or missing key and accepts the right one", async () => {
      expect(await post(server.url, { body: enquiryForm({ ...validEnquiry, access_key: "guess" }) })).toEqual(
        refused(403, "Invalid access key"),
      );
      expect(await post(server.url, json({ name: "Bo", message: "Hi" }))).toEqual(
        refused(401, "Access key is required"),
      );
      expect(await server.stored()).toEqual([]);
      const accepted = await post(server.url, { body: enquiryForm({ ...validEnquiry, access_key: "site-key-123" }) });
      expect(accepted.status).toBe(200);
      expect(await server.stored()).toHaveLength(1);
    });
  });

  describe("POST /api/submit rate limit", () => {
    it("answers 429 once an address has sent its share", async () => {
      inAFreshMinute();
      const server = await startOn(engine, { rateLimit: 3 });
      try {
        const statuses = [];
        for (let i = 0; i < 4; i++) {
          statuses.push((await post(server.url, json({ name: `Visitor ${i}`, message: "Hi" }))).status);
        }
        expect(statuses).toEqual([200, 200, 200, 429]);
        const last = await post(server.url, json({ name: "Visitor 5", message: "Hi" }));
        expect(last).toEqual(refused(429, /Too many submissions/));
        expect(await server.stored()).toHaveLength(3);
      } finally {
        await server.app.close();
      }
    });
  });

  describe("stored enquiries are e-mailed to the agency mailbox", () => {
    const smtp = new LocalSmtp();
    let server: Running;
    beforeAll(async () => {
      server = await startOn(engine, { smtpPort: await smtp.start() });
    });
    afterAll(async () => {
      await server.app.close();
      await smtp.stop();
    });

    it("stores an enquiry and mails every field, to the agency only", async () => {
      const reply = await post(server.url, { body: enquiryForm(validEnquiry) });
      expect(reply).toEqual({
        status: 200,
        body: { success: true, message: "Your enquiry has been submitted successfully!" },
      });
      expect(await server.stored()).toEqual([
        expect.objectContaining({
          kind: "enquiry",
          name: "Aisha Khan",
          email: "aisha@example.com",
          phone: "+971501234567",
          visaType: "Tourist Visa",
          date: "2026-03-14",
          adult: "2",
          child: "1",
          message: "Two adults, 30 days please.",
        }),
      ]);
      await waitFor(() => smtp.received.length === 1, "the enquiry mail");
      const [mail] = smtp.received;
      if (!mail) throw new Error("no mail");
      expect(mail.recipients).toEqual([agency]);
      expect(mail.raw).not.toContain("attacker@evil.example");
      expect(mailHeader(mail.raw, "To")).toBe(agency);
      expect(mailHeader(mail.raw, "Reply-To")).toBe("aisha@example.com");
      const text = mailPart(mail.raw, "text/plain");
      for (const line of [
        "Name: Aisha Khan",
        "Email: aisha@example.com",
        "Phone: +971501234567",
        "Visa type: Tourist Visa",
        "Travel date: 14 Mar 2026",
        "Adults: 2",
        "Children: 1",
        "Message:\nTwo adults, 30 days please.",
      ]) {
        expect(text.replace(/\r\n/g, "\n")).toContain(line);
      }
      expect(mailPart(mail.raw, "text/html")).toContain("Aisha Khan");
      // Straight to the enquiry in the back office (OFFICE_URL, else SITE_URL: here the default).
      const [stored] = await server.stored();
      const link = `http://localhost:3000/office/enquiries/${stored?.id}`;
      expect(text.replace(/\r\n/g, "\n")).toContain(`Open it in the office: ${link}`);
      expect(mailPart(mail.raw, "text/html")).toContain(`<a href="${link}">Open it in the office</a>`);
      await waitFor(async () => (await server.stored())[0]?.status === "sent", "the outbox to mark it sent");
    });

    it("records the page of the site an enquiry was sent from, and only the site's own", async () => {
      smtp.received.length = 0;
      const site = "http://localhost:3000";
      const from = async (referer: string | null, name: string) =>
        post(server.url, { body: enquiryForm({ ...validEnquiry, name }), headers: referer ? { referer } : {} });
      expect(await from(`${site}/visa-changes/2?utm_source=whatsapp#enquire`, "From a page")).toEqual(accepted);
      expect(await from("https://elsewhere.example/visa-changes/2", "From elsewhere")).toEqual(accepted);
      expect(await from(null, "From nowhere")).toEqual(accepted);
      expect(await from(`${server.origin}/services`, "From this host")).toEqual(accepted);
      expect(await from(`${site}/${"x".repeat(600)}`, "From a long path")).toEqual(accepted);
      // Issue 34, finding 2: a path a visitor made up is never shown as a page of the site.
      expect(await from(`${site}/javascript:alert(1)`, "From a made-up path")).toEqual(accepted);
      expect(await from(`${site}/visa-changes/99`, "From no such page")).toEqual(accepted);
      const pages = Object.fromEntries((await server.stored()).map(({ name, page }) => [name, page]));
      expect(pages).toMatchObject({
        "From a page": "/visa-changes/2",
        "From elsewhere": null,
        "From nowhere": null,
        "From this host": "/services",
        "From a long path": null,
        "From a made-up path": null,
        "From no such page": null,
      });
      await waitFor(() => smtp.received.length === 7, "the mails");
    });

    it("records where the visit came from and the device class, never refusing an enquiry over them", async () => {
      smtp.received.length = 0;
      const phone =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
      const send = (source: string | null, name: string, userAgent = phone) =>
        post(server.url, {
          body: enquiryForm({ ...validEnquiry, name, ...(source === null ? {} : { source }) }),
          headers: { "user-agent": userAgent },
        });
      expect(await send("facebook", "From Facebook")).toEqual(accepted);
      expect(await send("eid flyer", "From a flyer", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0")).toEqual(
        accepted,
      );
      expect(await send("<script>", "From a bad source")).toEqual(accepted);
      expect(await send(null, "From no source")).toEqual(accepted);
      expect(
        await post(server.url, json({ name: "Bo", email: "bo@example.org", message: "Hi", source: "google" })),
      ).toEqual(accepted);
      const rows = Object.fromEntries(
        (await server.stored()).map(({ name, source, device }) => [name, { source, device }]),
      );
      expect(rows).toMatchObject({
        "From Facebook": { source: "facebook", device: "phone" },
        "From a flyer": { source: "eid flyer", device: "desktop" },
        "From a bad source": { source: null, device: "phone" },
        "From no source": { source: null, device: "phone" },
        Bo: { source: "google" },
      });
      await waitFor(() => smtp.received.length === 5, "the mails");
    });

    it("issue 35, item 3: keeps the visa label the visitor picked when the site offers it, and mails it", async () => {
      smtp.received.length = 0;
      const send = (name: string, visa_type: string, visa_label: string | null) =>
        post(server.url, {
          body: enquiryForm({ ...validEnquiry, name, visa_type, ...(visa_label === null ? {} : { visa_label }) }),
        });
      expect(await send("Picked a Dubai option", "60 Days Dubai Visa", "Visa Change Service")).toEqual(accepted);
      expect(await send("Sent a made-up label", "60 Days Dubai Visa", "Free visas")).toEqual(accepted);
      expect(await send("Sent another option's label", "30 Days Dubai Visa", "Visa Change Service")).toEqual(accepted);
      expect(await send("Sent a long label", "60 Days Dubai Visa", "x".repeat(5000))).toEqual(accepted);
      expect(await send("Sent no label", "60 Days Dubai Visa", null)).toEqual(accepted);
      const labels = Object.fromEntries((await server.stored()).map(({ name, visaLabel }) => [name, visaLabel]));
      expect(labels).toMatchObject({
        "Picked a Dubai option": "Visa Change Service",
        "Sent a made-up label": null,
        "Sent another option's label": null,
        "Sent a long label": null,
        "Sent no label": null,
      });
      await waitFor(() => smtp.received.length === 5, "the mails");
      const picked = smtp.received.find((mail) => mail.raw.includes("Picked a Dubai option"));
      if (!picked) throw new Error("no mail");
      expect(mailHeader(picked.raw, "Subject")).toContain("Visa Change Service (sent as 60 Days Dubai Visa)");
      expect(mailPart(picked.raw, "text/plain")).toContain(
        "Visa type: Visa Change Service (sent as 60 Days Dubai Visa)",
      );
      const unlabelled = smtp.received.find((mail) => mail.raw.includes("Sent no label"));
      expect(mailPart(unlabelled?.raw ?? "", "text/plain")).toContain("Visa type: 60 Days Dubai Visa\r\n");
    });

    it("stores a contact message as given and escapes it in the mail", async () => {
      smtp.received.length = 0;
      const message = `<script>alert("x")</script> & bell\u0007 ${"مرحبا 🙂 ".repeat(2000)}`;
      const contact = {
        name: "Bo <b>Bold</b>",
        email: "bo@example.org",
        phoneNo: "0501234567",
        subject: "Visa change\r\nBcc: victim@example.com",
        message,
        access_key: "",
      };
      expect(await post(server.url, json(contact))).toEqual({
        status: 200,
        body: { success: true, message: "Your enquiry has been submitted successfully!" },
      });
      const row = (await server.stored()).at(-1);
      expect(row).toEqual(
        expect.objectContaining({
          kind: "contact",
          name: contact.name,
          phone: "0501234567",
          subject: contact.subject,
          message,
        }),
      );
      await waitFor(() => smtp.received.length === 1, "the contact mail");
      const [mail] = smtp.received;
      if (!mail) throw new Error("no mail");
      expect(mail.recipients).toEqual([agency]);
      expect(mailHeader(mail.raw, "Bcc")).toBeUndefined();
      const html = mailPart(mail.raw, "text/html");
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<b>");
      expect(html).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; bell[U+0007]");
      const text = mailPart(mail.raw, "text/plain");
      expect(text).toContain("Name: Bo <b>Bold</b>");
      expect(text).toContain("Phone: 0501234567");
      expect(text).toContain("Subject: Visa change Bcc: victim@example[.]com");
      expect(text).toContain("مرحبا 🙂 ".repeat(2000).trim());
    });
  });

  describe("delivery while the mail server is down", () => {
    it("keeps enquiries pending, retries, and delivers them when it comes back", async () => {
      const smtp = new LocalSmtp();
      const port = await smtp.start();
      await smtp.stop();
      const server = await startOn(engine, { smtpPort: port });
      try {
        for (const name of ["First Visitor", "Second Visitor"]) {
          expect((await post(server.url, { body: enquiryForm({ ...validEnquiry, name }) })).status).toBe(200);
        }
        await waitFor(
          async () =>
            (await server.stored()).every((row) => row.status === "pending" && row.attempts >= 2 && row.lastError),
          "failed attempts to be recorded",
        );
        await smtp.start(port);
        await waitFor(
          async () => (await server.stored()).every((row) => row.status === "sent"),
          "delivery after the server came back",
        );
        expect(smtp.received.map((mail) => mail.recipients)).toEqual([[agency], [agency]]);
        const names = smtp.received.map((mail) => /Name: (.*)/.exec(mailPart(mail.raw, "text/plain"))?.[1]?.trim());
        expect(names.sort()).toEqual(["First Visitor", "Second Visitor"]);
      } finally {
        await server.app.close();
        await smtp.stop();
      }
    });
  });
});
