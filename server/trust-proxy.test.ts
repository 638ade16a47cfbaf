// @vitest-environment node
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OfficeClient, officeOrigin } from "./office/testing/office-client";
import { type ChildServer, spawnServer } from "./testing/child-server";
import { makeFakeClientRoot } from "./testing/fake-client";
import { removeTestDirs, testDatabase } from "./testing/inbox-server";

/*
 * Behind nginx, the Node server sees every request come from the proxy (loopback here). A proxy that appends to
 * the client's X-Forwarded-For (nginx's $proxy_add_x_forwarded_for) passes on whatever the client wrote first:
 * an attacker sends `X-Forwarded-For: <anything>` and the server receives `<anything>, <their real address>`.
 * With TRUST_PROXY set to the proxy's address, only the entry the proxy added is believed.
 */

const clientRoot = makeFakeClientRoot();
const proxy = "127.0.0.1";
const attacker = "203.0.113.50";
const bystander = "198.51.100.7";
let forgeries = 0;
/** What the server receives from the proxy for one request of the attacker's: a new made-up address first. */
const throughProxy = (real: string) => ({ "x-forwarded-for": `10.${++forgeries % 250}.${forgeries >> 8}.1, ${real}` });

const phone =
  "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** The limits count per clock minute in the server's process: start a burst with at least 20 s of it left. */
async function roomInThisMinute(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

afterAll(async () => {
  rmSync(clientRoot, { recursive: true, force: true });
  await removeTestDirs();
});

async function startServer(trustProxy: string): Promise<ChildServer> {
  const database = await testDatabase("sqlite");
  if (database.engine !== "sqlite") throw new Error("an SQLite database was asked for");
  return spawnServer({
    CLIENT_ROOT: clientRoot,
    DATABASE_URL: `sqlite:${database.path}`,
    SMTP_HOST: "",
    INBOX_RATE_LIMIT: "3",
    TRUST_PROXY: trustProxy,
  });
}

async function stop(server: ChildServer): Promise<void> {
  server.process.kill("SIGTERM");
  await server.exited;
}

describe("issue 34, finding 3: with TRUST_PROXY set to the proxy's address, a visitor cannot choose their address", () => {
  let server: ChildServer;
  beforeAll(async () => {
    server = await startServer(proxy);
    // A server process's start: spawnServer allows 60 s on a busy two-core machine.
  }, 60_000);
  afterAll(async () => stop(server));

  it("counts the sign-in limit (30 a minute) by the address the proxy saw, whatever the visitor wrote before it", async () => {
    await roomInThisMinute();
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      statuses.push(
        (await new OfficeClient(server.url, throughProxy(attacker)).json("/office/sign-in/options", {})).status,
      );
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
    // Another visitor behind the same proxy is not caught by it.
    expect(
      (await new OfficeClient(server.url, throughProxy(bystander)).json("/office/sign-in/options", {})).status,
    ).toBe(200);
  }, 60_000);

  it("counts the enquiry limit (INBOX_RATE_LIMIT, 3 here) by the address the proxy saw", async () => {
    await roomInThisMinute();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const reply = await fetch(`${server.url}/api/submit`, {
        method: "POST",
        headers: { "content-type": "application/json", ...throughProxy(attacker) },
        body: JSON.stringify({ name: `Forged ${i}`, email: "a@example.com", message: "Hello" }),
      });
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const other = await fetch(`${server.url}/api/submit`, {
      method: "POST",
      headers: { "content-type": "application/json", ...throughProxy(bystander) },
      body: JSON.stringify({ name: "Someone else", email: "b@example.com", message: "Hello" }),
    });
    expect(other.status).toBe(200);
  }, 60_000);

  it("counts the statistics limit (120 beacons a minute) by the address the proxy saw", async () => {
    await roomInThisMinute();
    const beacon = (real: string) =>
      fetch(`${server.url}/api/stats`, {
        method: "POST",
        headers: {
          "content-type": "text/plain;charset=UTF-8",
          "user-agent": phone,
          origin: officeOrigin,
          ...throughProxy(real),
        },
        body: JSON.stringify({ kind: "view", path: "/", source: "direct" }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) statuses.push((await beacon(attacker)).status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(120);
    expect(statuses.slice(120)).toEqual([429, 429, 429, 429, 429]);
    expect((await beacon(bystander)).status).toBe(204);
  }, 60_000);

  it("starts without a warning about TRUST_PROXY", () => {
    expect(server.output()).not.toMatch(/TRUST_PROXY/);
  });
});

describe("issue 34, finding 3: TRUST_PROXY=true is warned about at start", () => {
  it("says at start that every X-Forwarded-For is believed, and to name the proxy instead", async () => {
    const trusting = await startServer("true");
    try {
      expect(trusting.output()).toMatch(/TRUST_PROXY=true.*X-Forwarded-For.*proxy's address/s);
    } finally {
      await stop(trusting);
    }
  }, 60_000);
});
