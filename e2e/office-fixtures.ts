import { type Browser, type Cookie, expect, type Page, type WorkerInfo } from "@playwright/test";
import { addPasskeyDevice, type OwnOffice, startOwnOffice } from "./own-server";

/*
 * One back office per Playwright worker, for the office specs that need no settings of their own: started at the
 * worker's first office test, stopped when the worker ends. A server of a spec's own (startOwnOffice in its
 * beforeAll) was started in each project and in each worker that ran one of the spec's tests: some thirty starts
 * for the office specs, each seconds of CPU (it bundles the office's script) on a busy two-core machine. A worker
 * runs the tests of one project only, one at a time, so the tests on it never race; they share its database, so
 * each test names its own visitors and people (a word of its own, searched for) and reads only what it made.
 */

/** The shared office's agency name: not the default, as the header's name comes from AGENCY_NAME (office-wording). */
export const sharedAgency = "Al Noor Visa & Travel";

export type Role = "staff" | "owner";

/** The worker's office: mail not set up (no SMTP_HOST), its agency name `sharedAgency`. */
export interface SharedOffice extends OwnOffice {
  /**
   * The worker's staff member or owner, enrolled with a virtual passkey at its first use and signed in once; their
   * session's cookie put in this page's browser, the page at the inbox; returns their name. An owner's passkey check
   * is made fresh (as a sign-in a moment ago leaves it): export and invitations ask for one at most 5 minutes old.
   * For a test about what a signed-in person does, not about signing in; one that needs the passkey itself (a check
   * asked for again, signing out) signs in a person of its own with `signIn`.
   */
  session: (page: Page, role?: Role) => Promise<string>;
}

/**
 * The worker fixture `office` of e2e/fixtures.ts (there, so that every spec shares one kind of worker: a `test` of
 * its own would make Playwright start new workers into and out of the office specs; loaded only when used).
 */
export async function runSharedOffice(
  browser: Browser,
  workerInfo: WorkerInfo,
  use: (office: SharedOffice) => Promise<void>,
): Promise<void> {
  const office = await startOwnOffice({
    prefix: `karama-e2e-office-${workerInfo.project.name}-`,
    env: { AGENCY_NAME: sharedAgency },
    inHook: false,
  });
  const people = new Map<Role, Promise<{ name: string; cookies: Cookie[] }>>();
  const enrol = async (role: Role) => {
    const name = role === "owner" ? "Shared Owner" : "Shared Staff";
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await addPasskeyDevice(page);
      await page.goto(await office.invitation(name, role));
      await page.getByRole("button", { name: "Create my passkey" }).click();
      await expect(page).toHaveURL(`${office.origin}/office`, { timeout: 15_000 });
      return { name, cookies: await context.cookies() };
    } finally {
      await context.close();
    }
  };
  const session = async (page: Page, role: Role = "staff") => {
    let person = people.get(role);
    if (!person) {
      person = enrol(role);
      people.set(role, person);
    }
    const { name, cookies } = await person;
    if (role === "owner") office.freshSessions(name);
    await page.context().addCookies(cookies);
    await page.goto(`${office.origin}/office`);
    await expect(page).toHaveURL(`${office.origin}/office`);
    return name;
  };
  await use({ ...office, session });
  await office.stop();
}
