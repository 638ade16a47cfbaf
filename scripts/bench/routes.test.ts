// @vitest-environment node
import { describe, expect, it } from "vitest";
import { pagePaths } from "../../app/lib/paths";
import { benchTargets, desktopRoutes, notFoundProbe, reportSlug } from "./routes";

describe("benchTargets", () => {
  it("measures every page and the 404 page on mobile, and the four top pages on desktop", () => {
    const targets = benchTargets(null);
    const mobile = targets.filter((target) => target.formFactor === "mobile").map((target) => target.route);
    const desktop = targets.filter((target) => target.formFactor === "desktop").map((target) => target.route);
    expect(mobile).toEqual([...pagePaths, notFoundProbe]);
    expect(pagePaths).toHaveLength(25);
    expect(desktop).toEqual(["/", "/about", "/services", "/contact"]);
    expect(desktopRoutes).toEqual(desktop);
  });

  it("expects a 404 status only on the not-found probe", () => {
    const notFound = benchTargets(null).filter((target) => target.notFound);
    expect(notFound).toEqual([{ formFactor: "mobile", route: notFoundProbe, notFound: true }]);
  });

  it("limits the routes to the ones asked for, on both form factors where they apply", () => {
    expect(benchTargets(["/about", "/dubai-visa/2"])).toEqual([
      { formFactor: "mobile", route: "/about", notFound: false },
      { formFactor: "mobile", route: "/dubai-visa/2", notFound: false },
      { formFactor: "desktop", route: "/about", notFound: false },
    ]);
  });

  it("accepts 404 and a trailing slash as spellings of known routes", () => {
    expect(benchTargets(["404", "/about/"]).map((target) => target.route)).toEqual(["/about", notFoundProbe, "/about"]);
  });

  it("rejects a route it does not know, naming it", () => {
    expect(() => benchTargets(["/nowhere"])).toThrow(/\/nowhere/);
  });
});

describe("reportSlug", () => {
  it("names each report file after its form factor and route", () => {
    expect(reportSlug({ formFactor: "mobile", route: "/", notFound: false })).toBe("mobile-home");
    expect(reportSlug({ formFactor: "desktop", route: "/about", notFound: false })).toBe("desktop-about");
    expect(reportSlug({ formFactor: "mobile", route: "/visa-packages/3", notFound: false })).toBe(
      "mobile-visa-packages-3",
    );
    expect(reportSlug({ formFactor: "mobile", route: notFoundProbe, notFound: true })).toBe("mobile-404");
  });
});
