import { describe, expect, it } from "vitest";
import { requestSerializer, withoutSecrets } from "./request-log";
import type { FastifyRequest } from "fastify";

describe("the request log never keeps an invitation link's token (issue 34, finding 11)", () => {
  const token = "Qx3_-abcdefghijklmnopqrstuvwxyz0123456789ABCD";
  it("replaces the token in the path, with or without LOG_VISITORS", () => {
    expect(withoutSecrets(`/office/enrol/${token}`)).toBe("/office/enrol/…");
    expect(withoutSecrets(`/office/enrol/${token}?x=1`)).toBe("/office/enrol/…?x=1");
    expect(withoutSecrets("/office/enrol/options")).toBe("/office/enrol/options");
    expect(withoutSecrets("/office/enquiries/5")).toBe("/office/enquiries/5");
    for (const keep of [false, true]) {
      const request = { method: "GET", url: `/office/enrol/${token}`, host: "localhost", ip: "1.2.3.4" };
      const logged = requestSerializer(keep)(request as unknown as FastifyRequest);
      expect(JSON.stringify(logged)).not.toContain(token);
    }
  });
});

describe("the request log never keeps a traveller's private link (issue 56)", () => {
  const link = "Zq9_-abcdefghijklmnopqrstuvwxyz0123456789AB";
  it("replaces the link in the page's and its papers' paths, and leaves the room's own addresses", () => {
    expect(withoutSecrets(`/case/${link}`)).toBe("/case/…");
    expect(withoutSecrets(`/case/${link}/papers/${"a".repeat(32)}`)).toBe(`/case/…/papers/${"a".repeat(32)}`);
    expect(withoutSecrets(`/CASE/${link}`)).toBe("/CASE/…");
    expect(withoutSecrets("/case/uploads/0123")).toBe("/case/uploads/0123");
    expect(withoutSecrets("/case/assets/case.abc.js")).toBe("/case/assets/case.abc.js");
    for (const keep of [false, true]) {
      const request = { method: "GET", url: `/case/${link}?x=1`, host: "localhost", ip: "1.2.3.4" };
      expect(JSON.stringify(requestSerializer(keep)(request as unknown as FastifyRequest))).not.toContain(link);
    }
  });
});
