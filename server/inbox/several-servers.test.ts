import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseSetting } from "../data/settings";
import { emptyDatabase, engines } from "../data/testing/engines";
import { startCluster, type Cluster } from "../data/testing/postgres";
import {
  accepted,
  enquiriesOn,
  enquiryForm,
  post,
  removeTestDirs,
  type Running,
  start,
  validEnquiry,
  waitFor,
} from "../testing/inbox-server";
import { LocalSmtp } from "../testing/smtp";
import { unavailableMessage } from "./route";
import { defaultSpamConfig } from "./spam";
import { inAFreshMinute } from "../testing/fresh-minute";

/*
 * Several servers on one database, as behind a load balancer, on each engine: real servers on loopback, a real
 * mail server, and the database with no mock in between.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => removeTestDirs());

async function serverOn(database: DatabaseSetting, options: Parameters<typeof start>[0] = {}): Promise<Running> {
  const server = await start({ ...options, database });
  cleanups.push(() => server.app.close());
  return server;
}

/** Two servers on one database, as behind a load balancer. */
async function twoOn(database: DatabaseSetting, options: Parameters<typeof start>[0] = {}) {
  return [await serverOn(database, options), await serverOn(database, options)] as const;
}

async function empty(engine: DatabaseSetting["engine"]): Promise<DatabaseSetting> {
  const { setting, remove } = await emptyDatabase(engine);
  cleanups.push(remove);
  return setting;
}

const messageIds = (raw: string) => /^Message-ID:\s*(\S+)/im.exec(raw)?.[1];

describe.each(engines)("several servers on one %s database", (engine) => {
  const smtp = new LocalSmtp();
  let smtpPort = 0;
  beforeAll(async () => {
    smtpPort = await smtp.start();
  });
  afterAll(() => smtp.stop());

  it("mail every enquiry once, whichever server took it", async () => {
    smtp.received.length = 0;
    const database = await empty(engine);
    const servers = await twoOn(database, { smtpPort });
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        post((index % 2 ? servers[1] : servers[0]).url, {
          body: enquiryForm({ ...validEnquiry, name: `Visitor ${index}` }),
        }),
      ),
    );
    expect(replies.every((reply) => reply.status === accepted.status)).toBe(true);
    await waitFor(() => smtp.received.length >= 30, "30 mails", 15_000);
    // A moment more, for any second copy.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(30);
    expect(new Set(smtp.received.map((mail) => messageIds(mail.raw))).size).toBe(30);
    const stored = await servers[0].stored();
    expect(stored.map((enquiry) => enquiry.status)).toEqual(Array.from({ length: 30 }, () => "sent"));
  }, 30_000);

  it("count one visitor's submissions together across the servers", async () => {
    inAFreshMinute();
    const database = await empty(engine);
    const servers = await twoOn(database, { rateLimit: 3 });
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) {
      statuses.push(
        (await post((index % 2 ? servers[1] : servers[0]).url, { body: enquiryForm(validEnquiry) })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("name the engine on /healthz, and let the enquiries command work on the same database", async () => {
    const database = await empty(engine);
    const server = await serverOn(database);
    const health = await (await fetch(`${server.origin}/healthz`)).json();
    expect(health).toEqual({ status: "ok", database: { engine, ok: true } });
    await post(server.url, { body: enquiryForm(validEnquiry) });
    expect(await enquiriesOn(database)).toMatch(/Latest 1 \(newest first\)[\s\S]*Aisha Khan/);
    expect(await enquiriesOn(database, "--csv")).toMatch(/Aisha Khan/);
  }, 60_000);

  it("mail a held enquiry once when two people release it with the enquiries command at the same moment", async () => {
    smtp.received.length = 0;
    const database = await empty(engine);
    const server = await serverOn(database, { smtpPort, inbox: { spam: { ...defaultSpamConfig, minFillMs: 0 } } });
    // No proof of work: held as suspected spam.
    await post(server.url, { body: enquiryForm(validEnquiry) });
    const [held] = await server.stored();
    expect(held?.status).toBe("held");
    const release = () =>
      enquiriesOn(database, "--release", String(held?.id)).then(
        (output) => output,
        (error: { stderr?: string }) => error.stderr ?? "",
      );
    const answers = await Promise.all([release(), release()]);
    expect(answers.filter((answer) => /is released/.test(answer))).toHaveLength(1);
    expect(answers.filter((answer) => /is not held/.test(answer))).toHaveLength(1);
    await waitFor(() => smtp.received.length >= 1, "the released enquiry's mail", 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(1);
  }, 60_000);
});

/**
 * The database going away, on a PostgreSQL cluster of these tests' own (stopping the shared one would fail the
 * other tests running meanwhile).
 */
describe("a PostgreSQL database that goes away", () => {
  let cluster: Cluster;
  let database: DatabaseSetting;
  beforeAll(async () => {
    cluster = await startCluster();
    database = { engine: "postgres", url: cluster.url(), safeUrl: cluster.url() };
  });
  afterAll(() => cluster.remove());

  it("at start: pages and /healthz answer, forms get 503, and the server connects by itself once it is back", async () => {
    await cluster.stop();
    const server = await serverOn(database, { inbox: { reopenMs: 200 } });
    const page = await fetch(`${server.origin}/`);
    expect(page.status).toBe(200);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(503);
    expect(await post(server.url, { body: enquiryForm(validEnquiry) })).toEqual({
      status: 503,
      body: { success: false, message: unavailableMessage },
    });
    await cluster.start();
    await waitFor(async () => (await fetch(`${server.origin}/healthz`)).status === 200, "the reconnection", 10_000);
    expect(await post(server.url, { body: enquiryForm(validEnquiry) })).toEqual(accepted);
  }, 30_000);

  it("mid-load: no acknowledged enquiry is missing, and the server carries on once it is back", async () => {
    const server = await serverOn(database);
    const acknowledged: string[] = [];
    let unavailable = 0;
    let stop = false;
    const client = async (id: number) => {
      for (let index = 0; !stop; index++) {
        const name = `client${id}-n${index}`;
        const reply = await post(server.url, { body: enquiryForm({ ...validEnquiry, name }) }).catch(() => null);
        if (reply?.status === 200) acknowledged.push(name);
        else if (reply?.status === 503) unavailable++;
        else throw new Error(`unexpected answer ${JSON.stringify(reply)}`);
      }
    };
    const clients = Promise.all(Array.from({ length: 8 }, (_, id) => client(id)));
    await waitFor(() => acknowledged.length >= 50, "50 acknowledged enquiries", 10_000);
    await cluster.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await cluster.start();
    const before = acknowledged.length;
    await waitFor(() => acknowledged.length >= before + 50, "50 more after the restart", 15_000);
    stop = true;
    await clients;
    const stored = new Set((await server.stored()).map((enquiry) => enquiry.name));
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    // The outage was seen: some submissions were answered 503 (and so not acknowledged).
    expect(unavailable).toBeGreaterThan(0);
  }, 60_000);
});
