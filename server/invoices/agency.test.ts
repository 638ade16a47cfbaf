import { describe, expect, it } from "vitest";
import { readServerSettings } from "../settings";
import { invoiceAgency, invoicesOffReason } from "./agency";

const read = (env: Record<string, string>) =>
  invoiceAgency(readServerSettings(env, ["AGENCY_NAME", "AGENCY_ADDRESS", "AGENCY_TRN"]));

describe("the agency on its invoices (AGENCY_TRN, AGENCY_ADDRESS)", () => {
  it("with no TRN, the office is told invoices cannot be issued, and why", () => {
    const agency = read({ AGENCY_ADDRESS: "Office 12, Al Karama, Dubai" });
    expect(agency.trn).toBe("");
    expect(invoicesOffReason(agency)).toBe(
      "Invoices cannot be issued: the agency's Tax Registration Number (the setting AGENCY_TRN, 15 digits) is not set.",
    );
    expect(invoicesOffReason(read({ AGENCY_TRN: "100123456700003" }))).toMatch(/AGENCY_ADDRESS/);
  });

  it("reads the TRN's 15 digits (spaces taken out) and the address, and names a wrong TRN", () => {
    const agency = read({ AGENCY_TRN: "100 1234 5670 0003", AGENCY_ADDRESS: " Office 12, Al Karama, Dubai " });
    expect(agency).toEqual({
      name: "Karama Visa & Travel",
      address: "Office 12, Al Karama, Dubai",
      trn: "100123456700003",
    });
    expect(invoicesOffReason(agency)).toBeNull();
    expect(() => read({ AGENCY_TRN: "12345" })).toThrow(
      "AGENCY_TRN must be the 15 digits of the Tax Registration Number",
    );
  });
});
