import { createECDH } from "node:crypto";
import type { Database } from "../data/open";

/** The server's VAPID key pair (RFC 8292): a P-256 key, both halves base64url as the push protocol writes them. */
export interface VapidKeys {
  /** The uncompressed public point (65 bytes): what a browser's subscribe() is given as applicationServerKey. */
  publicKey: string;
  /** The private scalar (32 bytes). */
  privateKey: string;
}

const secretName = "vapid-keys";

function makeKeys(): VapidKeys {
  const curve = createECDH("prime256v1");
  curve.generateKeys();
  // The scalar may come shorter when it begins with zero bytes: always 32, as the JWT's key must be.
  const scalar = curve.getPrivateKey();
  const privateKey = Buffer.concat([Buffer.alloc(Math.max(0, 32 - scalar.length)), scalar]);
  return { publicKey: curve.getPublicKey().toString("base64url"), privateKey: privateKey.toString("base64url") };
}

/**
 * The keys every server signs its pushes with: made by the first server that asks and kept in the database's
 * secrets (as the spam guard's are), so that every server, before and after a restart, signs the same way. A
 * browser's subscription is bound to the public key it was made with: new keys would silence every device.
 */
export async function vapidKeys(database: Database): Promise<VapidKeys> {
  await database.db
    .insertInto("secrets")
    .values({ name: secretName, value: JSON.stringify(makeKeys()) })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const row = await database.db.selectFrom("secrets").select("value").where("name", "=", secretName).executeTakeFirst();
  if (!row) throw new Error("The alerts' keys could not be stored");
  return JSON.parse(row.value) as VapidKeys;
}
