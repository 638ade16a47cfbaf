/**
 * The agency's people and their passkeys as the office's code hands them around (Accounts reads and writes them),
 * a person's name as it is kept, and the mapper from a passkey's row.
 */
import type { Selectable } from "kysely";
import type { PasskeysTable, Role } from "../data/schema";

export interface Person {
  id: number;
  name: string;
  role: Role;
  /** The WebAuthn user handle. */
  handle: string;
}

export interface StoredPasskey {
  id: string;
  personId: number;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface NewPasskey {
  id: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  label: string;
}

/** A person's name as given: trimmed, inner spaces single; 1 to 80 characters. */
export function cleanName(name: string): string | null {
  const clean = name.replace(/\s+/g, " ").trim();
  return clean.length >= 1 && clean.length <= 80 ? clean : null;
}

/** A passkey's row (its key and transports kept as text) as the office's code uses it. */
export function toPasskey(row: Selectable<PasskeysTable>): StoredPasskey {
  return {
    id: row.id,
    personId: row.person_id,
    publicKey: new Uint8Array(Buffer.from(row.public_key, "base64url")),
    counter: row.counter,
    transports: JSON.parse(row.transports) as string[],
    label: row.label,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}
