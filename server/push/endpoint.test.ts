// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../data/open";
import { testDatabase, removeTestDirs } from "../testing/inbox-server";
import { startPushService, type TestPushService } from "../testing/push-service";
import type { EndpointPolicy } from "./config";
import { acceptableEndpoint, checkEndpoint, isPublicAddress, refusedEndpoint, type Resolver } from "./endpoint";
import { vapidKeys, type VapidKeys } from "./keys";
import { sendPush } from "./sender";

/*
 * Issue 55, part 5: the server posts only to the known push services, at public addresses, as the name resolves
 * when a device is added and again when each alert is sent.
 */

const live: EndpointPolicy = { loopback: false };
const token = "dGVzdA:APA91bH-abc_123";

/** A resolver answering from a table, and counting what it was asked. */
function table(answers: Record<string, string[] | string[][]>): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const rounds = new Map<string, number>();
  const resolver = async (hostname: string) => {
    asked.push(hostname);
    const answer = answers[hostname];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    const round = rounds.get(hostname) ?? 0;
    rounds.set(hostname, round + 1);
    const addresses = (
      Array.isArray(answer[0]) ? (answer[Math.min(round, answer.length - 1)] as string[]) : answer
    ) as string[];
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return Object.assign(resolver, { asked });
}

const publicAnswers = {
  "fcm.googleapis.com": ["142.250.180.10", "2a00:1450:4001:80b::200a"],
  "updates.push.services.mozilla.com": ["34.107.221.82"],
  "web.push.apple.com": ["17.188.180.206"],
  "wns2-by3p.notify.windows.com": ["20.42.65.92"],
};

describe("the push services the office accepts", () => {
  it("accepts the known services: Google's FCM, Mozilla's autopush, Apple's web push, Microsoft's WNS", async () => {
    const resolve = table(publicAnswers);
    for (const endpoint of [
      `https://fcm.googleapis.com/fcm/send/${token}`,
      `https://fcm.googleapis.com/wp/${token}`,
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
      "https://web.push.apple.com/QGuA2S4yXzAb",
      "https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB",
      // Upper case and the explicit standard port are the same address.
      `https://FCM.googleapis.com:443/fcm/send/${token}`,
    ]) {
      expect(acceptableEndpoint(endpoint, live), endpoint).toBe(true);
      expect(await checkEndpoint(endpoint, { ...live, resolve }), endpoint).toBeNull();
    }
  });

  it("refuses every other host, scheme, port and login trick, as written", () => {
    for (const endpoint of [
      // Not a push service, or one that only looks like one.
      "https://push.example/a",
      "https://fcm.googleapis.com.evil.example/fcm/send/a",
      "https://evilfcm.googleapis.com/fcm/send/a",
      "https://fcm.googleapis.com./fcm/send/a",
      "https://push.apple.com/a",
      "https://notify.windows.com.evil.example/w/",
      "https://evil.example/?https://fcm.googleapis.com/",
      // Internal names.
      "https://localhost/push",
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://intranet/push",
      "https://db.internal.karama/push",
      // Other schemes and ports.
      "http://fcm.googleapis.com/fcm/send/a",
      "https://fcm.googleapis.com:8443/fcm/send/a",
      "https://fcm.googleapis.com:80/fcm/send/a",
      "ftp://fcm.googleapis.com/a",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "data:text/plain,x",
      "ws://fcm.googleapis.com/a",
      // Logins, and a login that makes the host another.
      "https://user:pw@fcm.googleapis.com/fcm/send/a",
      "https://user@fcm.googleapis.com/fcm/send/a",
      "https://fcm.googleapis.com@10.0.0.5/fcm/send/a",
      "https://fcm.googleapis.com:443@127.0.0.1/a",
      "https://fcm.googleapis.com%2f@127.0.0.1/a",
      "https://127.0.0.1#@fcm.googleapis.com/",
      "https://127.0.0.1\\@fcm.googleapis.com/",
      "",
      "x",
    ]) {
      expect(acceptableEndpoint(endpoint, live), endpoint).toBe(false);
    }
  });

  it("refuses an address written in, of every range that is not public, in any spelling", () => {
    for (const host of [
      "127.0.0.1",
      "127.1.2.3",
      "0x7f.1",
      "2130706433",
      "0177.0.0.1",
      "10.0.0.5",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "[::1]",
      "[::]",
      "[fc00::1]",
      "[fd12:3456:789a::1]",
      "[fe80::1]",
      "[ff02::1]",
      "[::ffff:127.0.0.1]",
      "[::ffff:10.0.0.5]",
      "[::ffff:7f00:1]",
      "[64:ff9b::a00:5]",
      "[2002:a00:5::1]",
      // Even a public address: a push service is reached by its name.
      "8.8.8.8",
      "[2a00:1450:4001:80b::200a]",
    ]) {
      expect(acceptableEndpoint(`https://${host}/push/a`, live), host).toBe(false);
      expect(acceptableEndpoint(`https://${host}/push/a`, { loopback: false, hosts: [host] }), host).toBe(false);
    }
  });

  it("tells public addresses from private, loopback, link-local, CGNAT, unique-local, multicast and mapped ones", () => {
    for (const address of ["142.250.180.10", "17.188.180.206", "2a00:1450:4001:80b::200a", "2606:4700::1111"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      ...["0.0.0.0", "0.1.2.3", "10.0.0.5", "100.64.0.1", "100.127.255.254", "127.0.0.1", "169.254.169.254"],
      ...["172.16.0.1", "172.31.255.255", "192.0.0.8", "192.0.2.1", "192.168.1.1", "198.18.0.1", "198.51.100.7"],
      ...["203.0.113.9", "224.0.0.251", "239.255.255.250", "240.0.0.1", "255.255.255.255"],
      ...["::", "::1", "::ffff:127.0.0.1", "::ffff:8.8.8.8", "::127.0.0.1", "64:ff9b::a00:5", "100::1"],
      ...["2001:db8::1", "2001::1", "2002:a00:5::1", "fc00::1", "fd00::1", "fe80::1", "fec0::1", "ff02::1"],
      "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("refuses a known service's name that resolves to an address inside, and one that does not resolve", async () => {
    const endpoint = `https://fcm.googleapis.com/fcm/send/${token}`;
    for (const inside of [
      ["10.0.0.5"],
      ["127.0.0.1"],
      ["169.254.169.254"],
      ["::1"],
      ["fd00::5"],
      ["::ffff:10.0.0.5"],
    ]) {
      const resolve = table({ "fcm.googleapis.com": inside });
      expect(await checkEndpoint(endpoint, { ...live, resolve }), inside[0]).toBe(refusedEndpoint);
    }
    // One address inside among public ones is enough to refuse.
    const mixed = table({ "fcm.googleapis.com": ["142.250.180.10", "192.168.0.10"] });
    expect(await checkEndpoint(endpoint, { ...live, resolve: mixed })).toBe(refusedEndpoint);
    expect(await checkEndpoint(endpoint, { ...live, resolve: table({}) })).toBe(refusedEndpoint);
  });

  it("takes another host from PUSH_HOSTS, still only at public addresses", async () => {
    const hosts = ["push.example.net", "*.push.example.org"];
    expect(acceptableEndpoint("https://push.example.net/p/1", live)).toBe(false);
    expect(acceptableEndpoint("https://push.example.net/p/1", { ...live, hosts })).toBe(true);
    expect(acceptableEndpoint("https://eu.push.example.org/p/1", { ...live, hosts })).toBe(true);
    expect(acceptableEndpoint("https://push.example.org/p/1", { ...live, hosts })).toBe(false);
    expect(acceptableEndpoint("https://evilpush.example.net/p/1", { ...live, hosts })).toBe(false);
    const resolve = table({ "push.example.net": ["10.1.2.3"], "eu.push.example.org": ["93.184.216.34"] });
    expect(await checkEndpoint("https://push.example.net/p/1", { ...live, hosts, resolve })).toBe(refusedEndpoint);
    expect(await checkEndpoint("https://eu.push.example.org/p/1", { ...live, hosts, resolve })).toBeNull();
  });

  it("with PUSH_LOOPBACK=on (tests), takes plain http at 127.0.0.1 and ::1, and nothing else inside", async () => {
    const tests: EndpointPolicy = { loopback: true, resolve: table({}) };
    expect(await checkEndpoint("http://127.0.0.1:9/push/a", tests)).toBeNull();
    expect(await checkEndpoint("http://[::1]:9/push/a", tests)).toBeNull();
    for (const endpoint of ["http://10.0.0.1/push/a", "http://192.168.1.1:9/a", "http://localhost:9/a", "file:///x"]) {
      expect(await checkEndpoint(endpoint, tests), endpoint).toBe(refusedEndpoint);
    }
    expect(acceptableEndpoint("http://127.0.0.1:9/push/a", live)).toBe(false);
  });
});

describe("a send", () => {
  let service: TestPushService;
  let database: Database;
  let keys: VapidKeys;

  beforeAll(async () => {
    service = await startPushService();
    database = await openDatabase(await testDatabase("sqlite"));
    keys = await vapidKeys(database);
  });
  afterAll(async () => {
    await service.close();
    await database.close();
    await removeTestDirs();
  });

  const payload = { title: "New enquiry: Aisha Khan", body: "Tourist Visa", url: "/office/enquiries/7" };
  const contact = "mailto:owner@karama-visa.example";

  it("connects to the very address the name resolved to and was checked", async () => {
    const device = service.device();
    // push.test exists in no DNS: only the resolver the send checks with says where it is.
    const named = { ...device, endpoint: device.endpoint.replace("127.0.0.1", "push.test") };
    const resolve = table({ "push.test": ["127.0.0.1"] });
    const policy: EndpointPolicy = { loopback: true, hosts: ["push.test"], resolve };
    expect(await sendPush(named, payload, { keys, contact, timeoutMs: 5_000, policy })).toEqual({ kind: "sent" });
    expect(resolve.asked).toEqual(["push.test"]);
    expect(JSON.parse(service.delivered(device)[0]?.text ?? "null")).toEqual(payload);
  });

  it("refuses, unsent, a name that resolved to a public address when added and resolves inside now (rebinding)", async () => {
    const device = service.device();
    const named = { ...device, endpoint: device.endpoint.replace("127.0.0.1", "push.test") };
    // Public when the device was added; the private address the test's push service stands for at the send.
    const resolve = table({ "push.test": [["93.184.216.34"], ["10.0.0.5"]] });
    const policy: EndpointPolicy = { loopback: true, hosts: ["push.test"], resolve };
    expect(await checkEndpoint(named.endpoint, policy)).toBeNull();
    const result = await sendPush(named, payload, { keys, contact, timeoutMs: 5_000, policy });
    expect(result).toEqual({ kind: "failed", reason: refusedEndpoint });
    expect(resolve.asked).toEqual(["push.test", "push.test"]);
    expect(service.received.filter((push) => push.device === device.endpoint.split("/").pop())).toEqual([]);
  });

  it("refuses a known service's name resolving inside, naming no address, and never posts to a device the rules refuse", async () => {
    const endpoint = `https://fcm.googleapis.com/fcm/send/${token}`;
    const device = { ...service.device(), endpoint };
    const resolve = table({ "fcm.googleapis.com": ["10.0.0.5"] });
    const result = await sendPush(device, payload, { keys, contact, timeoutMs: 5_000, policy: { ...live, resolve } });
    expect(result).toEqual({ kind: "failed", reason: refusedEndpoint });
    expect(JSON.stringify(result)).not.toContain("10.0.0.5");
    // Stored before the rules (or PUSH_HOSTS) changed: never posted to, kept for a server whose rules take it.
    const stored = { ...service.device(), endpoint: "https://10.0.0.5:8443/push" };
    expect(await sendPush(stored, payload, { keys, contact, timeoutMs: 5_000, policy: { ...live, resolve } })).toEqual({
      kind: "failed",
      reason: refusedEndpoint,
    });
    expect(resolve.asked).toEqual(["fcm.googleapis.com"]);
  });

  it("says a push service not reached by a code, never by the address it tried", async () => {
    const closed = { ...service.device(), endpoint: "http://127.0.0.1:1/push/x" };
    const result = await sendPush(closed, payload, { keys, contact, timeoutMs: 5_000, policy: { loopback: true } });
    expect(result).toEqual({ kind: "failed", reason: "push service not reached (ECONNREFUSED)" });
  });
});
