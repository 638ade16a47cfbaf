import { pagePaths, paths } from "../../app/lib/paths";

export type FormFactor = "mobile" | "desktop";

export interface BenchTarget {
  formFactor: FormFactor;
  route: string;
  /** The server answers this route with 404 on purpose. */
  notFound: boolean;
}

/**
 * A URL no route knows: the server answers it with the designed 404 page, as a visitor would see it. Measuring
 * /404 itself would also work, but would not show that unknown URLs really get that page.
 */
export const notFoundProbe = "/no-such-page";

/** The four top pages, also measured on desktop. */
export const desktopRoutes: readonly string[] = [paths.home, paths.about, paths.services, paths.contact];

const mobileRoutes: readonly string[] = [...pagePaths, notFoundProbe];

function normalise(route: string): string {
  const trimmed = route.trim();
  if (trimmed === "404" || trimmed === "/404") return notFoundProbe;
  const withSlash = trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, "") : withSlash;
}

/**
 * What to measure, in table order: every route on mobile, then the top pages on desktop. `only` limits the
 * routes (`--routes`); a route the site does not have is an error rather than a silent empty run.
 */
export function benchTargets(only: readonly string[] | null): BenchTarget[] {
  let wanted = mobileRoutes;
  if (only) {
    const asked = new Set(only.map(normalise));
    const unknown = [...asked].filter((route) => !mobileRoutes.includes(route));
    if (unknown.length > 0) {
      throw new Error(
        `Unknown route(s): ${unknown.join(", ")}. Known: ${mobileRoutes.join(", ")} (404 = ${notFoundProbe}).`,
      );
    }
    wanted = mobileRoutes.filter((route) => asked.has(route));
  }
  return [
    ...wanted.map((route) => ({ formFactor: "mobile" as const, route, notFound: route === notFoundProbe })),
    ...wanted
      .filter((route) => desktopRoutes.includes(route))
      .map((route) => ({ formFactor: "desktop" as const, route, notFound: false })),
  ];
}

/** The report's file name without extension: `mobile-home`, `desktop-about`, `mobile-dubai-visa-1`, `mobile-404`. */
export function reportSlug(target: BenchTarget): string {
  const route = target.notFound ? "404" : target.route === "/" ? "home" : target.route.slice(1).replaceAll("/", "-");
  return `${target.formFactor}-${route}`;
}
