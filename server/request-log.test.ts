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
