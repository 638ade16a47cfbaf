// @vitest-environment node
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import type { OfficeContext } from "./context";
import { officeRoutes } from "./routes";
import { officeRouting, requireDeclaredAccess } from "./routing";

describe("the route table (routes.ts) as the office's one list of addresses", () => {
  it("names every row that no route module registered, so the plugin refuses to start without it", async () => {
    const app = Fastify();
    requireDeclaredAccess(app);
    const { on, unregistered } = officeRouting(app, { config: { signInPerMinute: 30 } } as OfficeContext);
    expect(unregistered(officeRoutes)).toEqual(Object.keys(officeRoutes));
    on(officeRoutes.health, async () => "");
    expect(unregistered(officeRoutes)).not.toContain("health");
    expect(unregistered(officeRoutes)).toContain("audit");
    await app.close();
  });
});
