import { type CDPSession, expect, type Page, test } from "@playwright/test";
import BetterSqlite3 from "better-sqlite3";
import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { defaultVisaByVariant, type EnquiryVariant, visaOptionsByVariant } from "../app/content/enquiry-options";
import { detailGroups, paths } from "../app/lib/paths";
import { readSettings } from "../app/lib/settings";
import { openDatabase } from "../server/data/open";
import { Accounts } from "../server/office/accounts";
import { type ChildServer, spawnServer } from "../server/testing/child-server";
import { makeTempDir } from "../server/testing/fake-client";
import { solvedProof } from "../server/testing/pow";

/* What the specs that start a server of their own share (the office, its phones, the visa labels, the statistics). */

const run = promisify(execFile);
const repoRoot = join(import.meta.dirname, "..");

/** A port free on loopback at this moment, for a server of the spec's own. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A phone's passkey store on this page: user verification (fingerprint, face, PIN) always succeeds. */
export async function addPasskeyDevice(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

export interface OwnServerOptions {
  /** The start of its temporary folder's name, e.g. "karama-e2e-office-". */
  prefix: string;
  /** The spec's own settings, over the shared ones (and able to replace them). */
  env?: Record<string, string>;
  /**
   * How long it may take to start. The server bundles the office's script at start: two of them at once (one per
   * project) beside other suites on the shared two-core machine took over 30 s, so 90 s by default.
   */
  timeoutMs?: number;
  /**
   * The host name in its address: localhost (the default) is a secure context, which passkeys need, and gets
   * OFFICE_URL; 127.0.0.1 for a spec that wants the address literal (the office cannot run there).
   */
  host?: "localhost" | "127.0.0.1";
  /**
   * Started in a beforeAll (the default), whose time limit then grows to cover the start; false from a worker
   * fixture, which has a time limit of its own (e2e/office-fixtures.ts).
   */
  inHook?: boolean;
}

/** The production server started by a spec for itself, on an SQLite file of its own that the spec may read. */
export interface OwnServer {
  /** http://localhost:PORT (or http://127.0.0.1:PORT), its SITE_URL and, on localhost, its OFFICE_URL. */
  origin: string;
  port: number;
  /** The settings it runs with (PORT aside), for a command run against its database. */
  env: Record<string, string>;
  /** Its temporary folder, removed by stop(). */
  dataDir: string;
  /** Its SQLite database file. */
  database: string;
  server: ChildServer;
  /** Stops the server and removes its folder. */
  stop: () => Promise<void>;
}

/**
 * Starts a server of the spec's own, in its beforeAll: a fresh SQLite file, its address on a free port, no rate
 * limit and no minimum fill time (the tests send many enquiries from one address, at once). The hook's own
 * time limit grows to cover the start. Stop it in afterAll with stop().
 */
export async function startOwnServer({
  prefix,
  env: extra = {},
  timeoutMs = 90_000,
  host = "localhost",
  inHook = true,
}: OwnServerOptions): Promise<OwnServer> {
  if (inHook) {
    const hook = test.info();
    if (hook.timeout > 0 && hook.timeout < timeoutMs + 30_000) hook.setTimeout(timeoutMs + 30_000);
  }
  const dataDir = makeTempDir(prefix);
  const database = join(dataDir, "inbox.sqlite");
  const port = await freePort();
  const origin = `http://${host}:${port}`;
  const env = {
    ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
    DATABASE_URL: `sqlite:${database}`,
    ...(host === "localhost" ? { OFFICE_URL: origin } : {}),
    SITE_URL: origin,
    INBOX_RATE_LIMIT: "0",
    INBOX_MIN_FILL_SECONDS: "0",
    ...extra,
  };
  let server: ChildServer;
  try {
    server = await spawnServer({ ...env, PORT: String(port) }, timeoutMs);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const stop = async () => {
    server.process.kill("SIGTERM");
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, port, env, dataDir, database, server, stop };
}

/** An enquiry as a visitor sends it from a public page's form; each spec names what matters to it. */
export interface VisitorEnquiry {
  name: string;
  /** The page with the form, from the site's root: the Services page by default. */
  path?: string;
  /** The form's name: "Inquiry Now" on the Services page, "Enquiry Now" on a detail page. */
  form?: string;
  email?: string;
  phone?: string;
  /** The Visa Type option's label; null leaves the form's own choice. */
  visa?: string | null;
  travelDate?: string;
  message?: string;
}

/** What a VisitorEnquiry leaves out, as the form is filled (sendEnquiry) or posted (postEnquiry). */
const enquiryDefaults = {
  path: paths.services,
  email: "visitor@example.com",
  phone: "050 123 4567",
  visa: "Dubai Tourist Visa" as string | null,
  travelDate: "2026-12-20",
  message: "Two adults, 30 days.",
};

/** The server of OwnServer, with the back office's people on it. */
export interface OwnOffice extends OwnServer {
  /** npm run office -- invite: the enrolment link (the last line it prints). */
  invite: (name: string, role?: "owner" | "staff") => Promise<string>;
  /**
   * The same link, the invitation written to the server's database from the test itself, with the office's own
   * code: the command (`invite` above, the first-week journey and server/office/office.test.ts) costs three seconds
   * of start-up.
   */
  invitation: (name: string, role?: "owner" | "staff") => Promise<string>;
  /** Invited (`invitation`), enrolled with a virtual passkey on this page: signed in (the passkey check fresh), at the inbox. */
  signIn: (page: Page, name: string, role?: "owner" | "staff") => Promise<void>;
  /** Makes this person's last passkey check long ago, as on a phone left unlocked. */
  staleSessions: (name: string) => void;
  /** Makes this person's last passkey check now, as a sign-in or a "Confirm with my passkey" a moment ago leaves it. */
  freshSessions: (name: string) => void;
  /** Fills in a public form in the browser and sends it, until the form says it was received. */
  sendEnquiry: (page: Page, enquiry: VisitorEnquiry) => Promise<void>;
  /**
   * The same enquiry sent as that form sends it, without the browser: its multipart POST to /api/submit with the
   * fields e2e/forms.spec.ts checks one by one (a proof of work solved here, the option's spec value beside the
   * label picked, the visit's source), from the form's page (Referer) and this page's browser (its User-Agent and
   * cookies). For a test of what the office makes of an enquiry, not of the form: a page load, a hydration and the
   * browser's proof of work saved.
   */
  postEnquiry: (page: Page, enquiry: VisitorEnquiry) => Promise<void>;
}

/** A server of the spec's own with the back office on, at localhost (see startOwnServer). */
export async function startOwnOffice(options: Omit<OwnServerOptions, "host">): Promise<OwnOffice> {
  const own = await startOwnServer({ ...options, host: "localhost" });
  const { origin, env, database } = own;

  const invite = async (name: string, role: "owner" | "staff" = "staff") => {
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", join(repoRoot, "scripts", "office.ts"), "invite", "--name", name, "--role", role],
      { cwd: repoRoot, env: { ...process.env, ...env } },
    );
    return stdout.trim().split("\n").at(-1) ?? "";
  };

  const invitation = async (name: string, role: "owner" | "staff" = "staff") => {
    const opened = await openDatabase({ engine: "sqlite", path: database });
    try {
      const { token } = await new Accounts(opened).invite({ name, role, by: null, now: Date.now(), validMs: 600_000 });
      return `${origin}/office/enrol/${token}`;
    } finally {
      await opened.close();
    }
  };

  const signIn = async (page: Page, name: string, role: "owner" | "staff" = "staff") => {
    const link = await invitation(name, role);
    await addPasskeyDevice(page);
    await page.goto(link);
    await page.getByRole("button", { name: "Create my passkey" }).click();
    // The ceremony, its check on the server and the inbox's first load: over 5 s beside other suites.
    await expect(page).toHaveURL(`${origin}/office`, { timeout: 15_000 });
  };

  const checkedAt = (name: string, at: number) => {
    const file = new BetterSqlite3(database);
    try {
      file
        .prepare("UPDATE sessions SET verified_at = ? WHERE person_id IN (SELECT id FROM people WHERE name = ?)")
        .run(at, name);
    } finally {
      file.close();
    }
  };
  const staleSessions = (name: string) => checkedAt(name, 0);
  const freshSessions = (name: string) => checkedAt(name, Date.now());

  const sendEnquiry = async (page: Page, enquiry: VisitorEnquiry) => {
    const {
      name,
      path,
      form: formName = "Inquiry Now",
      email,
      phone,
      visa,
      travelDate,
      message,
    } = {
      ...enquiryDefaults,
      ...enquiry,
    };
    await page.goto(`${origin}${path}`);
    const form = page.getByRole("form", { name: formName });
    await form.getByLabel("Full Name").fill(name);
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Phone Number").fill(phone);
    if (visa !== null) await form.getByLabel("Visa Type").selectOption({ label: visa });
    await form.getByLabel("Travel Date").fill(travelDate);
    await form.getByLabel("Message").fill(message);
    await form.getByRole("button", { name: "Make Enquiry" }).click();
    // The form's proof of work takes a second or two; longer on a busy machine.
    await expect(form.getByText("Your enquiry has been submitted successfully!")).toBeVisible({ timeout: 30_000 });
  };

  const settings = readSettings(process.env);
  const postEnquiry = async (page: Page, enquiry: VisitorEnquiry) => {
    const { name, path, email, phone, visa, travelDate, message } = { ...enquiryDefaults, ...enquiry };
    const variant = formVariantOf(path);
    const option = visa === null ? null : visaOptionsByVariant[variant].find(({ label }) => label === visa);
    if (option === undefined) throw new Error(`The form on ${path} offers no "${visa}"`);
    const response = await page.request.post(`${origin}/api/submit`, {
      headers: { origin, referer: `${origin}${path}` },
      multipart: {
        access_key: settings.formAccessKey,
        name,
        email,
        phone,
        visa_type: option?.value ?? defaultVisaByVariant[variant],
        date: travelDate,
        message,
        to_email: settings.email,
        botcheck: "",
        altcha: await solvedProof(origin),
        ...(option ? { visa_label: option.label } : {}),
        source: "direct",
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    expect(await response.json()).toMatchObject({ success: true });
  };

  return { ...own, invite, invitation, signIn, staleSessions, freshSessions, sendEnquiry, postEnquiry };
}

/** Which enquiry form a public page has: its select's options and its default (app/content/enquiry-options.ts). */
function formVariantOf(path: string): EnquiryVariant {
  if (path === paths.services) return "services";
  if (path === paths.about) return "about";
  const group = detailGroups.find((name) => path.startsWith(`/${name}/`));
  if (!group) throw new Error(`No enquiry form on ${path}`);
  return group;
}

/** One event the statistics' collector counts, on a day so many days ago (Dubai time). */
export interface StatEvent {
  daysAgo: number;
  kind: string;
  route: string;
  source: string;
  device: "phone" | "desktop";
}

/**
 * Four weeks of a small agency's statistics in a server's database, as the collector would have kept them (the
 * suite's own browser runs under automation, which counts nothing): 20 to 34 views a day over `routes` and
 * `sources` (one in five from a desktop), an enquiry for every ninth, and speed figures (LCP, CLS, INP) for every
 * fourth on the first `speedRoutes` routes; then the `events` given.
 */
export function seedStatistics(
  database: string,
  {
    routes,
    sources,
    speedRoutes,
    events = [],
  }: { routes: string[]; sources: string[]; speedRoutes: number; events?: StatEvent[] },
): void {
  const file = new BetterSqlite3(database);
  const dubaiDay = (daysAgo: number) =>
    new Date(Date.now() + 4 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const event = file.prepare(
    // One row per day and key (migration 8): each event adds to its row.
    "INSERT INTO stat_events (day, kind, route, source, device, count) VALUES (?, ?, ?, ?, ?, 1) " +
      "ON CONFLICT (day, kind, route, source, device) DO UPDATE SET count = count + 1",
  );
  const vital = file.prepare(
    "INSERT OR IGNORE INTO stat_vitals (id, day, route, device, metric, value) VALUES (?, ?, ?, ?, ?, ?)",
  );
  try {
    file.transaction(() => {
      for (let ago = 27; ago >= 0; ago--) {
        const day = dubaiDay(ago);
        for (let n = 0; n < 20 + ((ago * 7) % 15); n++) {
          const device = n % 5 === 0 ? "desktop" : "phone";
          const route = routes[n % routes.length];
          event.run(day, "view", route, sources[(n + ago) % sources.length], device);
          if (n % 9 === 0) event.run(day, "enquiry", route, sources[(n + ago) % sources.length], device);
          if (n % 4 === 0) {
            const id = `v6-${ago}-${n}`;
            const fast = routes[n % speedRoutes];
            vital.run(`${id}-l`, day, fast, device, "LCP", 1400 + ((n * 97) % 2000));
            vital.run(`${id}-c`, day, fast, device, "CLS", ((n * 13) % 20) / 100);
            vital.run(`${id}-i`, day, fast, device, "INP", 90 + ((n * 31) % 300));
          }
        }
      }
      for (const { daysAgo, kind, route, source, device } of events) {
        event.run(dubaiDay(daysAgo), kind, route, source, device);
      }
    })();
  } finally {
    file.close();
  }
}
