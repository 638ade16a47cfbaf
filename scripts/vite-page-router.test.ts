import { describe, expect, it } from "vitest";
import { pageRouter } from "./vite-page-router";

describe("pageRouter", () => {
  const plugin = pageRouter("/site", true);
  const resolveId = plugin.resolveId as (source: string) => string | null;
  const applies = plugin.applyToEnvironment as (environment: { name: string }) => boolean;

  it("resolves react-router to the site's page router, and nothing else", () => {
    expect(resolveId("react-router")).toBe("/site/app/lib/page-router/react-router.tsx");
    expect(resolveId("react-router/dom")).toBeNull();
    expect(resolveId("react")).toBeNull();
  });

  it("applies to the browser build only, and not at all for the client-rendered comparison", () => {
    expect(plugin.apply).toBe("build");
    expect(applies({ name: "client" })).toBe(true);
    expect(applies({ name: "ssr" })).toBe(false);
    expect((pageRouter("/site", false).applyToEnvironment as typeof applies)({ name: "client" })).toBe(false);
  });
});
