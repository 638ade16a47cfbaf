import { describe, expect, it } from "vitest";
import { clientRenderedRoutes, unexportLoaders } from "./vite-client-rendered";

describe("unexportLoaders", () => {
  it("keeps a route's loader as a plain function, and its clientLoader exported", () => {
    const route = [
      "export function loader({ request }: LoaderFunctionArgs) {",
      "  return {};",
      "}",
      "export async function clientLoader() {",
      "  return {};",
      "}",
    ].join("\n");
    const out = unexportLoaders(route);
    expect(out).toContain("\nexport async function clientLoader() {");
    expect(out.startsWith("function loader({ request }")).toBe(true);
    expect(unexportLoaders("export async function loader() {}")).toBe("async function loader() {}");
  });

  it("leaves other exports and a loader's name elsewhere as they are", () => {
    const code = "export const meta = () => loader;\nconst x = 'export function loader(';";
    expect(unexportLoaders(code)).toBe(code);
  });
});

describe("clientRenderedRoutes", () => {
  const transform = (enabled: boolean, id: string) => {
    const plugin = clientRenderedRoutes(enabled);
    const hook = plugin.transform as (code: string, id: string) => { code: string } | null;
    return hook.call({}, "export function loader() {}", id);
  };

  it("changes route modules only, and only for the client-rendered build", () => {
    expect(transform(true, "/site/app/routes/detail.tsx")?.code).toBe("function loader() {}");
    expect(transform(false, "/site/app/routes/detail.tsx")).toBeNull();
    expect(transform(true, "/site/app/lib/seo.ts")).toBeNull();
  });
});

describe("the client-rendered build's entry", () => {
  const load = (enabled: boolean, id: string) => {
    const plugin = clientRenderedRoutes(enabled);
    return (plugin.load as (id: string) => string | null).call({}, id);
  };

  it("is React Router's own router in place of app/entry.client.tsx, only for that build", () => {
    const code = load(true, "/site/app/entry.client.tsx");
    expect(code).toContain('from "react-router/dom"');
    // Read as if it were app/entry.client.tsx: its imports of the site's modules are relative to app/.
    expect(code).toContain('from "./lib/hydration-pieces"');
    expect(load(false, "/site/app/entry.client.tsx")).toBeNull();
    expect(load(true, "/site/app/root.tsx")).toBeNull();
  });
});
