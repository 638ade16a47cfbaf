import { join } from "node:path";
import { readCheckedYaml } from "../checked-yaml";
import { chargesFileSchema, type ChargesFile } from "./charges-schema";
import { filsOf, type ChargeLine } from "./money";

export { serviceReference, type ChargesFile } from "./charges-schema";

/*
 * The lines each service's price is made of on a tax invoice (issue 58): content/office/charges.yaml, where the
 * owner splits each price on a service page into the agency's fee (VAT at 5 % included) and the government's fees
 * (disbursements, outside VAT); the lines add up to the price, which includes VAT. The office's payment request starts from them (its lines can still be changed);
 * the editor at /admin edits them (scripts/cms-charges.ts). Plain data, zod and the file: no database.
 */

export const chargesFile = join(import.meta.dirname, "..", "..", "content", "office", "charges.yaml");

/**
 * The file's services and lines, checked. A mistake throws an error naming the file, the line, the service and the
 * field: `charges.yaml: line 14, services[3] (/dubai-visa/3, Entry), lines[1].amount: expected an amount such as …`.
 */
export function loadCharges(file = chargesFile): ChargesFile {
  return readCheckedYaml(file, chargesFileSchema, (path, data) => {
    const services = (data as { services?: unknown } | null)?.services;
    const [list, index, ...rest] = path;
    if (list !== "services" || typeof index !== "number") return path.map(String).join(".");
    const entry = (Array.isArray(services) ? (services as unknown[])[index] : undefined) as
      Record<string, unknown> | undefined;
    const named = typeof entry?.["service"] === "string" ? ` (${entry["service"]})` : "";
    const field = rest.map((part) => (typeof part === "number" ? `[${part + 1}]` : `.${String(part)}`)).join("");
    return `services[${index + 1}]${named}${field === "" ? "" : `, ${field.replace(/^\./, "")}`}`;
  });
}

let shipped: ChargesFile | null = null;

/**
 * The lines of a service's price, in fils with their VAT flags, in the file's order (the delivered file unless
 * `charges` is given); null for a service the file does not name (the office then writes the lines itself).
 * `service` names a price as the content files do: "/visa-changes/2, Airport to Airport".
 */
export function chargesFor(service: string, charges: ChargesFile = (shipped ??= loadCharges())): ChargeLine[] | null {
  const entry = charges.services.find((each) => each.service === service.trim());
  if (entry === undefined) return null;
  return entry.lines.map((line) => ({ label: line.label, amountFils: filsOf(line.amount), vat: line.vat }));
}
