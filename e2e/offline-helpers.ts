import type { Page } from "@playwright/test";
import BetterSqlite3 from "better-sqlite3";
import { keptCacheName, type WorkerCopy } from "../app/lib/forms/kept-copies";
import { keptKeyPrefix } from "../app/lib/forms/kept-enquiry";

/*
 * What the specs of issue 38 (offline-enquiry, offline-pages, background-sync) share: the inbox as the suite's server
 * stored it, what a page keeps, and the site's service worker in control.
 */

/** The enquiries of this name in the suite's inbox (its SQLite file), with the page each was sent from. */
export function enquiriesNamed(name: string): { page: string | null }[] {
  const file = new BetterSqlite3(process.env.E2E_INBOX_DB ?? "", { readonly: true });
  try {
    return file.prepare("SELECT page FROM enquiries WHERE name = ?").all(name) as { page: string | null }[];
  } finally {
    file.close();
  }
}

/** A kept enquiry goes after its proof of work is solved, in a worker: on a busy machine, more than expect's 5 s. */
export const sending = { timeout: 15_000 };

/** What the page keeps in storage under the kept enquiries' names, or null for nothing. */
export const keptNow = (page: Page) =>
  page.evaluate((prefix) => {
    const names = Object.keys(window.localStorage).filter((name) => name.startsWith(prefix));
    return names.length === 0 ? null : names.map((name) => window.localStorage.getItem(name)).join("\n");
  }, keptKeyPrefix);

/** The service worker's copies of the kept enquiries (app/lib/forms/kept-copies.ts), as a page of the site reads them. */
export const workerCopies = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const cache = await caches.open(name);
    const found: WorkerCopy[] = [];
    for (const request of await cache.keys()) found.push(await (await cache.match(request))!.json());
    return found;
  }, keptCacheName);

/** Fills a detail page's enquiry form, Send aside. */
export async function fillEnquiry(page: Page, name: string) {
  const form = page.getByRole("form", { name: "Enquiry Now" });
  await form.getByLabel("Full Name").fill(name);
  await form.getByLabel("Email").fill("olivia@example.com");
  await form.getByLabel("Phone Number").fill("+971 50 111 2222");
  await form.getByLabel("Travel Date").fill("2026-12-20");
  await form.getByLabel("Message").fill("Landing at DXB on the 20th.");
  return form;
}

/** Until the site's worker answers this page's requests (it registers once the page has loaded and is idle). */
export async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}
