import type { CameBy, Stage } from "../../data/schema";
import type { DeliveryStatus } from "../../data/enquiries/types";
import type { Tab } from "../work";

export const tabLabels: Record<Tab, string> = {
  new: "New",
  progress: "In progress",
  done: "Done",
  held: "Held as spam",
  all: "All",
};

export const stageLabels: Record<Stage, string> = {
  new: "New",
  contacted: "Contacted",
  awaiting: "Awaiting documents",
  won: "Won",
  lost: "Lost",
};

/** An enquiry's status as the office says it: held spam is not worked, so it is "Held as spam", never "New". */
export function statusLabel(enquiry: { status: DeliveryStatus; stage: Stage }): string {
  return enquiry.status === "held" ? tabLabels.held : stageLabels[enquiry.stage];
}

export const deliveryLabels: Record<DeliveryStatus, string> = {
  pending: "Waiting to be mailed",
  sent: "Mailed",
  rejected: "Rejected by the mail server",
  held: "Held as spam, not mailed",
  office: "Not mailed: added in the office",
};

/** The kind of device a visitor sent it from (server/device-class.ts), as the exports name it. */
export const deviceNames: Record<string, string> = { phone: "Phone", tablet: "Tablet", desktop: "Computer" };

/** How an enquiry added by hand came (issue 35, item 6), in the add form's order. */
export const cameByLabels: Record<CameBy, string> = {
  "walk-in": "Walk-in",
  phone: "Phone call",
  whatsapp: "WhatsApp",
  other: "Other",
};

/**
 * An enquiry's mail to the agency, as the office says it: with mail turned off on this server (no SMTP_HOST), one
 * waiting is not "Waiting to be mailed" forever (issue 35, item 8).
 */
export function deliveryLabel(delivery: DeliveryStatus, mailOn: boolean): string {
  if (delivery === "pending" && !mailOn) return "Mail is turned off on this server: it is kept here, not e-mailed";
  return deliveryLabels[delivery];
}
