import type { Agency } from "../data/invoices/store";
import type { ServerSettings } from "../settings";

export { invoicesOffReason } from "../data/invoices/store";

/**
 * The agency as its tax invoices name it, from the settings (AGENCY_NAME, AGENCY_ADDRESS, AGENCY_TRN). Without the
 * TRN or the address, `invoicesOffReason` says invoices cannot be issued, and the store refuses to issue one.
 */
export function invoiceAgency(settings: Pick<ServerSettings, "AGENCY_NAME" | "AGENCY_ADDRESS" | "AGENCY_TRN">): Agency {
  return { name: settings.AGENCY_NAME, address: settings.AGENCY_ADDRESS ?? "", trn: settings.AGENCY_TRN ?? "" };
}
