// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CaseStore } from "../data/cases/store";
import { openDatabase, type Database } from "../data/open";
import { PaymentStore } from "../data/payments/store";
import { readPaymentsSetting } from "../pay/config";
import { pushOffReason } from "../push/config";
import { removeTestDirs, type Running, startOn } from "../testing/inbox-server";
import { signedInPerson } from "./testing/office-client";

/*
 * Issue 58: with PAYMENTS_PROVIDER=off, a case's payments section says that online payments are off, and why, and
 * offers no form to ask for one; a request sent anyway is refused with the same words, and nothing is recorded.
 */

afterAll(removeTestDirs);

describe("the office's payments section with payments off", () => {
  let server: Running;
  let database: Database;
  let owner: Awaited<ReturnType<typeof signedInPerson>>;
  let caseId: number;

  beforeAll(async () => {
    server = await startOn("sqlite", {
      server: {
        push: { on: false, reason: pushOffReason },
        payments: readPaymentsSetting({ PAYMENTS_PROVIDER: "off" }),
      },
    });
    database = await openDatabase(server.database, { migrate: false });
    owner = await signedInPerson(server.origin, database, "Owner Omar", "owner");
    caseId = await new CaseStore(database, null).start(
      {
        enquiryId: null,
        name: "Maria Santos",
        phone: "+971501234567",
        email: "maria@example.com",
        service: "Dubai Tourist Visa",
        kind: "visit-visa",
        travelDate: null,
      },
      null,
      new Date(),
    );
  });
  afterAll(async () => {
    await database?.close();
    await server?.app.close();
  });

  it("says payments are off, and why, and offers no form to ask for one", async () => {
    const page = await owner.client.get(`/office/cases/${caseId}`);
    expect(page.status).toBe(200);
    const section = /<section[^>]*id="payments"[\s\S]*?<\/section>/.exec(page.text)?.[0] ?? "";
    expect(section).toContain("<strong>Online payments are off.</strong>");
    expect(section).toContain("PAYMENTS_PROVIDER=off");
    expect(section).toContain("No payment asked for yet.");
    expect(section).not.toContain("<form");
    expect(section).not.toContain("Ask for a payment");
    expect(section).not.toMatch(/name="(label|amount)1"/);
  });

  it("refuses a request sent anyway with the same words, and records nothing", async () => {
    const asked = await owner.client.form(`/office/cases/${caseId}/payments`, {
      do: "send",
      label1: "Agency service fee",
      amount1: "AED 150.00",
      vat1: "yes",
    });
    expect(asked.status).toBe(409);
    expect(asked.text).toContain("Online payments are off (PAYMENTS_PROVIDER=off)");
    expect(await new PaymentStore(database).paymentsOf(caseId)).toEqual([]);
  });
});
