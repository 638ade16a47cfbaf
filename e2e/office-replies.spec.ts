import { expectNoViolations } from "./axe";
import { expect, test } from "./fixtures";

/*
 * Issue 37, "Replies from ready texts", in Chromium at 390 px on the worker's office (e2e/office-fixtures.ts), signed
 * in as its staff member: on an enquiry from a service page, the ready texts of content/office/replies.yaml are
 * filled in with the visitor's name and that page's price and documents; one tap on a text's WhatsApp opens wa.me
 * with it (the request to wa.me is caught here, never sent), one on its E-mail opens the mail app with its subject
 * and body, and the timeline names the text sent and who sent it. Screenshots of the picker at 390, 360 and 1280 px
 * go to /tmp/h3-ready-texts-*.png.
 */

test(
  "issue 37: a ready text opens WhatsApp or the mail app filled in, and the timeline names it",
  { tag: "@phone" },
  async ({ page, office }) => {
    test.setTimeout(120_000);
    const visitor = "Hiraya Dela Cruz";
    const who = await office.session(page);
    await office.postEnquiry(page, {
      name: visitor,
      phone: "050 765 4312",
      path: "/tourist-visa/2",
      visa: "Tourist Visa",
    });
    await page.goto(`${office.origin}/office?q=${encodeURIComponent(visitor)}`);
    await page.getByRole("link", { name: new RegExp(visitor) }).click();
    await expect(page.getByRole("heading", { level: 1, name: visitor })).toBeVisible();

    // Folded under the replies, so the visitor's message stays in the first screen.
    const picker = page.locator("details.ready-texts");
    await expect(page.getByRole("link", { name: "WhatsApp: Documents needed" })).toBeHidden();
    await picker.getByText("Ready texts").click();
    const documents = page.getByRole("link", { name: "WhatsApp: Documents needed" });
    await expect(documents).toBeVisible();
    // The texts as they will be sent: the visitor's name, and the documents of Tourist Visa, 30 Days.
    const preview = picker.locator('[data-ready="Documents needed"] .ready-preview');
    await expect(preview).toContainText(`Hello ${visitor.split(" ")[0]}, to apply for Tourist Visa we need:`);
    await expect(preview).toContainText("• Clear colour copy of your passport");
    await expect(picker.locator('[data-ready="First reply with the price"]')).toContainText("The price is AED 390.00.");
    await expectNoViolations(page);
    for (const width of [390, 360, 1280]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `/tmp/h3-ready-texts-${width}.png`, fullPage: width === 390 });
    }
    await page.setViewportSize({ width: 390, height: 844 });

    // WhatsApp in a new tab: wa.me, never reached from the test, answers with a page of the test's own.
    await page
      .context()
      .route("https://wa.me/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<title>WhatsApp</title>" }),
      );
    const noted = page.waitForResponse((response) => response.url().endsWith("/replies"));
    const opened = page.waitForEvent("popup");
    await documents.click();
    const whatsapp = new URL((await opened).url());
    expect(`${whatsapp.origin}${whatsapp.pathname}`).toBe("https://wa.me/971507654312");
    const text = whatsapp.searchParams.get("text") ?? "";
    expect(text).toContain(
      `Hello ${visitor.split(" ")[0]}, to apply for Tourist Visa we need:\n• Clear colour copy of your passport`,
    );
    expect(text).toContain("\n• Passport-size photo with a white background\n");
    expect((await noted).status()).toBe(204);
    await expect(page.locator("[data-reply-status]")).toHaveText(
      "‘Documents needed’ on WhatsApp noted on the timeline: now Contacted.",
    );

    // The mail app: its subject and body in the link; the test keeps the browser on the page after the office's own
    // click handler has run (no mail app here).
    const mail = page.getByRole("link", { name: "E-mail: Visa approved" });
    const href = new URL((await mail.getAttribute("href")) ?? "");
    expect(href.protocol).toBe("mailto:");
    expect(href.searchParams.get("subject")).toMatch(/^Your visa is approved - /);
    expect(href.searchParams.get("body")).toMatch(
      new RegExp(`^Good news, ${visitor.split(" ")[0]}: your visa is approved! .*\r\nHave a wonderful trip`),
    );
    await page.evaluate(() =>
      document.addEventListener("click", (event) => {
        if ((event.target as Element).closest("a[data-reply]")) event.preventDefault();
      }),
    );
    const mailed = page.waitForResponse((response) => response.url().endsWith("/replies"));
    await mail.click();
    expect((await mailed).status()).toBe(204);
    await expect(page.locator("[data-reply-status]")).toHaveText("‘Visa approved’ by e-mail noted on the timeline.");

    await page.reload();
    const timeline = page.locator(".timeline");
    await expect(timeline.getByText("Sent the ‘Documents needed’ text on WhatsApp")).toBeVisible();
    await expect(timeline.getByText("Sent the ‘Visa approved’ text by e-mail")).toBeVisible();
    await expect(timeline.locator("li").first()).toContainText(`${who} · `);
    await expect(timeline.getByText("Moved to Contacted")).toBeVisible();
    await timeline.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/tmp/h3-ready-texts-timeline.png" });
  },
);
