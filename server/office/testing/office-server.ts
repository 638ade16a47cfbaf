import { afterAll, beforeAll, expect } from "vitest";
import { openDatabase, type Database } from "../../data/open";
import type { DatabaseSetting } from "../../data/settings";
import { enquiryForm, post, type Running, startOn, validEnquiry } from "../../testing/inbox-server";
import type { Role } from "../../data/schema";
import { officeOrigin, signedInPerson } from "./office-client";

export type SignedInPerson = Awaited<ReturnType<typeof signedInPerson>>;

/** What the office's HTTP tests share: a server, its database, one person signed in, and the visitor's form. */
export interface OfficeServer {
  server: Running;
  database: Database;
  person: SignedInPerson;
  /** Posts a valid enquiry with `values` over it, as the form on `page` does; resolves with the enquiry's id. */
  submit: (values: Record<string, string>, page?: string) => Promise<number>;
}

/**
 * For a describe block of the office's HTTP tests: a server on an empty database of `engine` (trusting
 * X-Forwarded-For, so that each person's client has an address of its own), started before its tests with `name`
 * signed in as `role`, and stopped after them. The fields are there once the block's first beforeAll has run.
 */
export function officeServer(engine: DatabaseSetting["engine"], name: string, role: Role): OfficeServer {
  const office = {
    submit: async (values: Record<string, string>, page = "/visa-changes/2") => {
      const reply = await post(office.server.url, {
        body: enquiryForm({ ...validEnquiry, ...values }),
        headers: { referer: `${officeOrigin}${page}` },
      });
      expect(reply.status).toBe(200);
      return (await office.server.stored()).at(-1)?.id ?? 0;
    },
  } as OfficeServer;
  beforeAll(async () => {
    office.server = await startOn(engine, { server: { trustProxy: true } });
    office.database = await openDatabase(office.server.database, { migrate: false });
    office.person = await signedInPerson(office.server.origin, office.database, name, role);
  });
  afterAll(async () => {
    await office.database.close();
    await office.server.app.close();
  });
  return office;
}
