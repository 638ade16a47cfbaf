import Database from "better-sqlite3";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { FastifyInstance } from "fastify";
import { rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { expect } from "vitest";
import { readSettings } from "../../app/lib/settings";
import { documentsKey, Keyring } from "../data/cases/vault";
import { buildServer, type ServerOptions } from "../app";
import { openDatabase } from "../data/open";
import type { DatabaseSetting } from "../data/settings";
import { emptyDatabase } from "../data/testing/engines";
import type { InboxConfig } from "../inbox/config";
import { InboxStore } from "../data/enquiries/store";
import type { StoredEnquiry } from "../data/enquiries/types";
import { makeFakeClientRoot, makeTempDir, testInboxConfig } from "./fake-client";

/* The inbox's integration tests: a real server on loopback with its own database, and the requests they send. */

export const agency = "office@karama-visa.example";
const tempDirs: string[] = [];
/**
 * The stand-in for the built site the servers of this file serve, made at the first start and gone with
 * removeTestDirs: the test files share one module graph (Vitest's isolate is off), so the next file makes its own.
 */
let clientRoot: string | null = null;
function fakeClientRoot(): string {
  if (clientRoot === null) {
    clientRoot = makeFakeClientRoot();
    tempDirs.push(clientRoot);
  }
  return clientRoot;
}

const databases: (() => Promise<void>)[] = [];

/** Removes the client root, every database directory and every PostgreSQL database the tests of this file made. */
export async function removeTestDirs(): Promise<void> {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  clientRoot = null;
  for (const remove of databases.splice(0)) await remove();
}

/** An empty database of the engine for the tests of this file, removed with removeTestDirs. */
export async function testDatabase(engine: DatabaseSetting["engine"]): Promise<DatabaseSetting> {
  if (engine === "sqlite") return { engine, path: newDbPath() };
  const { setting, remove } = await emptyDatabase(engine);
  databases.push(remove);
  return setting;
}

/** A server on an empty database of the engine (`start` with a new database of its own). */
export async function startOn(engine: DatabaseSetting["engine"], options: StartOptions = {}): Promise<Running> {
  return start({ ...options, database: await testDatabase(engine) });
}

export interface Running {
  app: FastifyInstance;
  /** The enquiries with their outbox rows, read through the data layer (either engine), oldest first. */
  stored: () => Promise<StoredEnquiry[]>;
  database: DatabaseSetting;
  /** The site's origin, http://127.0.0.1:port */
  origin: string;
  /** POST /api/submit */
  url: string;
  dbPath: string;
  rows: () => Record<string, unknown>[];
}

export interface StartOptions {
  /** The SQLite file (a new one in a temporary folder by default). */
  dbPath?: string;
  /** Another database (a PostgreSQL one, say): then `rows` is not available, `stored` is. */
  database?: DatabaseSetting;
  smtpPort?: number;
  rateLimit?: number;
  accessKey?: string;
  inbox?: Partial<InboxConfig>;
  server?: Partial<ServerOptions>;
  env?: Record<string, string>;
}

export function newDbPath(): string {
  const dir = makeTempDir("inbox-test-");
  tempDirs.push(dir);
  return join(dir, "inbox.sqlite");
}

export function readRows(dbPath: string): Record<string, unknown>[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare("SELECT * FROM enquiries e JOIN outbox o ON o.enquiry_id = e.id ORDER BY e.id").all() as Record<
      string,
      unknown
    >[];
  } finally {
    db.close();
  }
}

/** Every enquiry in a database, through the data layer. */
export async function readStored(setting: DatabaseSetting): Promise<StoredEnquiry[]> {
  const database = await openDatabase(setting, { migrate: false });
  try {
    return await new InboxStore(database).all();
  } finally {
    await database.close();
  }
}

export async function start(options: StartOptions = {}): Promise<Running> {
  const database: DatabaseSetting = options.database ?? { engine: "sqlite", path: options.dbPath ?? newDbPath() };
  const dbPath = database.engine === "sqlite" ? database.path : newDbPath();
  const inbox: InboxConfig = testInboxConfig(join(dbPath, ".."), {
    database,
    rateLimit: options.rateLimit ?? 0,
    mailTo: agency,
    smtp: options.smtpPort
      ? { host: "127.0.0.1", port: options.smtpPort, secure: false, user: "", pass: "", from: "website@karama.example" }
      : null,
    ...options.inbox,
  });
  const settings = readSettings({ AGENCY_EMAIL: agency, FORM_ACCESS_KEY: options.accessKey, ...options.env });
  // The papers' key: a fixed one of the tests' own, never a key file in the project (issue 56).
  const documents = { keyring: new Keyring([documentsKey(Buffer.alloc(32, 1))]), keepDays: 30, from: "the tests" };
  const app = await buildServer({ root: fakeClientRoot(), settings, inbox, documents, ...options.server });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    origin,
    url: `${origin}/api/submit`,
    dbPath,
    rows: () => readRows(dbPath),
    stored: () => readStored(database),
    database,
  };
}

/**
 * Polls until check() holds; bounded, so a broken delivery fails the test instead of hanging it. The bound is what a
 * busy two-core machine needs (5 s was not), not what an idle one does: a check that holds returns at once.
 */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function enquiryForm(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  return form;
}

export const validEnquiry = {
  access_key: "",
  name: "Aisha Khan",
  email: "aisha@example.com",
  phone: "+971501234567",
  visa_type: "Tourist Visa",
  date: "2026-03-14",
  message: "Two adults, 30 days please.",
  adult: "2",
  child: "1",
  to_email: "attacker@evil.example",
};

export interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
}

export async function post(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  const { status, body } = await send(url, init);
  return { status, body };
}

/** Like post, with the reply's headers too. */
export async function send(url: string, init: RequestInit): Promise<Reply> {
  const response = await fetch(url, { method: "POST", ...init });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Left as text: the assertion on the body shows what came back.
  }
  return { status: response.status, headers: response.headers, body };
}

export const json = (value: unknown, contentType = "application/json") => ({
  headers: { "content-type": contentType },
  body: typeof value === "string" ? value : JSON.stringify(value),
});

export const multipart = (body: string, boundary = "XyZ") => ({
  headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  body,
});

export const refused = (status: number, message: string | RegExp) => ({
  status,
  body: { success: false, message: typeof message === "string" ? message : expect.stringMatching(message) },
});

export const accepted = {
  status: 200,
  body: { success: true, message: "Your enquiry has been submitted successfully!" },
};

const repoRoot = join(import.meta.dirname, "..", "..");
const run = promisify(execFile);

/** npm run enquiries -- --db dbPath ...args, as the agency runs it; resolves with what it prints. */
export async function enquiries(dbPath: string, ...args: string[]): Promise<string> {
  const script = join(repoRoot, "scripts", "enquiries.ts");
  const { stdout } = await run(process.execPath, ["--import", "tsx", script, "--db", dbPath, ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: "" },
  });
  return stdout;
}

/** npm run enquiries -- ...args with DATABASE_URL naming the database, as on a server of several. */
export async function enquiriesOn(database: DatabaseSetting, ...args: string[]): Promise<string> {
  const { stdout, stderr, code } = await scriptOn("enquiries", database, args);
  if (code !== 0)
    throw Object.assign(new Error(`npm run enquiries exited with ${code}: ${stderr}`), { stdout, stderr });
  return stdout;
}

/**
 * One of the server's commands (scripts/NAME.ts) with DATABASE_URL naming the database; resolves with what it
 * printed and its exit code, whatever that is.
 */
export async function scriptOn(
  name: string,
  database: DatabaseSetting,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ stdout: string; stderr: string; code: number }> {
  const script = join(repoRoot, "scripts", `${name}.ts`);
  const url = database.engine === "sqlite" ? `sqlite:${database.path}` : database.url;
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: url, ...env },
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; code?: number };
    if (typeof failed.code !== "number") throw error;
    return { stdout: failed.stdout ?? "", stderr: failed.stderr ?? "", code: failed.code };
  }
}
