import type { Request } from "@playwright/test";
import { paths } from "../app/lib/paths";
import { LocalSmtp, mailHeader, mailPart } from "../server/testing/smtp";
import { expect, test } from "./fixtures";
import { type OwnOffice, startOwnOffice } from "./own-server";

/*
 * Issue 35, item 3, at 390 and 1280 px: on the Dubai forms the spec's options send another value than their label
 * ("Visa Change Service" is sent as "60 Days Dubai Visa"). The value stays on the wire; the label the visitor picked
 * goes to the site's own inbox beside it, and the office, the agency's mail, the WhatsApp greeting and the e-mail
 * subject name it, with the value sent beside it. Against a server of its own, with an SMTP server on loopback.
 */

const successText = "Your enquiry has been submitted successfully!";

/** Reads the multipart body the way a server would. */
async function multipartFields(request: Request): Promise<[string, string][]> {
  const body = new Uint8Array(request.postDataBuffer() ?? []);
  const contentType = (await request.headerValue("content-type")) ?? "";
  const data = await new Response(body, { headers: { "content-type": contentType } }).formData();
  return [...data.entries()].map(([key, value]) => [key, String(value)]);
}

test.describe("issue 35, item 3: the service the visitor picked is the one the agency reads", () => {
  const smtp = new LocalSmtp();
  let office: OwnOffice;

  test.beforeAll(async () => {
    office = await startOwnOffice({
      prefix: "karama-e2e-issue35-",
      env: {
        SMTP_HOST: "127.0.0.1",
        SMTP_PORT: String(await smtp.start()),
        SMTP_SECURE: "false",
        AGENCY_EMAIL: "office@karama-visa.example",
      },
    });
  });

  test.afterAll(async () => {
    await office?.stop();
    await smtp.stop();
  });

  test("Visa Change Service is sent as the spec's value, and the office, the mail, WhatsApp and the e-mail subject name it", async ({
    page,
  }, testInfo) => {
    // A form's proof of work, the office and the mail: 30 s ran out with another suite beside this one.
    test.setTimeout(90_000);
    const visitor = `Lina Label ${testInfo.project.name}`;
    const named = "Visa Change Service (sent as 60 Days Dubai Visa)";

    // A visitor on a Dubai visa page picks "Visa Change Service".
    await page.goto(`${office.origin}${paths.detail("dubai-visa", 1)}`);
    const form = page.getByRole("form", { name: "Enquiry Now" });
    await form.getByLabel("Full Name").fill(visitor);
    await form.getByLabel("Email").fill("lina@example.com");
    await form.getByLabel("Phone Number").fill("050 123 4567");
    await form.getByLabel("Visa Type").selectOption({ label: "Visa Change Service" });
    await form.getByLabel("Travel Date").fill("2026-11-02");
    await form.getByLabel("Message").fill("Change by road, please.");
    const posted = page.waitForRequest((request) => request.url().endsWith("/api/submit"));
    await form.getByRole("button", { name: "Make Enquiry" }).click();
    await expect(form.getByRole("status")).toHaveText(successText);

    // On the wire: the spec's value, and the label beside it for the site's own inbox.
    const sent = Object.fromEntries(await multipartFields(await posted));
    expect(sent).toMatchObject({ visa_type: "60 Days Dubai Visa", visa_label: "Visa Change Service" });

    // The agency's mail: its subject and its Visa type line.
    await expect.poll(() => smtp.received.some((mail) => mail.raw.includes(visitor)), { timeout: 15_000 }).toBe(true);
    const mail = smtp.received.find((received) => received.raw.includes(visitor))!;
    expect(mailHeader(mail.raw, "Subject")).toContain(named);
    expect(mailPart(mail.raw, "text/plain")).toContain(`Visa type: ${named}`);

    // The office: the inbox row, the enquiry, the WhatsApp greeting and the e-mail subject.
    await office.signIn(page, `Office ${testInfo.project.name}`, "owner");
    const row = page.getByRole("link", { name: new RegExp(`^${visitor}`) });
    await expect(row).toContainText(named);
    await row.click();
    await expect(page.getByRole("heading", { level: 1, name: visitor })).toBeVisible();
    await expect(page.locator(".subtitle")).toContainText(named);
    const visaField = page.locator(".details .field").filter({ has: page.getByText("Visa type", { exact: true }) });
    await expect(visaField.locator("dd")).toHaveText(named);
    const whatsapp = new URL((await page.getByRole("link", { name: "WhatsApp" }).getAttribute("href")) ?? "");
    // To the visitor, in their own words: the option they picked, without the office's "sent as" (issue 35, item 9).
    expect(whatsapp.searchParams.get("text")).toContain("about Visa Change Service. How can we help?");
    const email = new URL((await page.getByRole("link", { name: "E-mail" }).getAttribute("href")) ?? "");
    expect(decodeURIComponent(email.search)).toContain("about Visa Change Service - ");
  });
});
