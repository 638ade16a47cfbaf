import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, useLocation, useMatches } from "react-router";
import { afterHydrationPieces } from "./lib/hydration-pieces";
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore, type ReactNode } from "react";
import interCore from "./assets/fonts/inter-latin-core-wght.woff2?url";
import interRest from "./assets/fonts/inter-latin-rest-wght.woff2?url";
import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url";
import { PageBody } from "./components/layout/PageBody";
import { dataBlockText, pageStateId, type PageState } from "./lib/page-router/page-data";
import { chunkFailures, isChunkLoadError, type ChunkLoadError } from "./lib/chunk-loading";
import { earlyTapScript, replayEarlyTaps } from "./lib/early-taps";
import { interCoreRange, interLatinExtRange, interRestRange, interWeights } from "./lib/font";
import { applyFontOnNewPage, fontScript, loadFontForNextPage } from "./lib/font-loading";
import { paths } from "./lib/paths";
import { pageShown } from "./lib/statistics/visits";
import { sendKeptEnquiries } from "./lib/forms/kept-start";
import { site } from "./lib/site-config";
import { keepPageOffline, registerServiceWorker } from "./service-worker/register";
import { appleTouchIcon, faviconPath, themeColor } from "./lib/site-assets";
import "./styles/global.css";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: faviconPath, type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: appleTouchIcon.path },
  // The web app manifest is linked by the page's boot script after the first paint (scripts/defer-hydration.ts):
  // linked here, the browser fetched it and its 8 KB icon while the page was still loading.
];

// The font faces are written here rather than in CSS so that the built font's URL comes from its import.
// font-display: optional, not swap: the font is used when it is there as the text is first laid out; otherwise the
// page keeps the metric-matched fallback instead of swapping under the reader, which re-wrapped the home slides and
// shifted the layout (CLS 0.007 on Slow 4G). A first visit does not ask for it before its first paint at all
// (app/lib/font-loading.ts): it fetches the font once hydrated, for the next page.
// Not preloaded: Chromium holds the first paint for a preloaded optional face. Under its own Slow 4G and 4x CPU
// throttling (npm run bench -- --real) that cost / and /services 0.1-0.4 s of FCP and up to 0.2 s of LCP, and
// the whole page was laid out in one long task instead of as it streamed in (e2e/routes.spec.ts keeps the
// preload out). Lighthouse's simulation of the same change: / Perf 99 -> 100, TBT 141 -> 57 ms; /services
// 97 -> 99, LCP 1.22 -> 1.14 s (medians of 3). README.md, "How a page loads", has the figures.
// The Latin characters are cut into a core face for every page (15 KB) and the rest, which the browser fetches
// only for a text that uses one of them (app/lib/font.ts).
const interFace = (url: string, range: string, weights = `${interWeights.min} ${interWeights.max}`) =>
  `@font-face{font-family:"Inter Variable";font-style:normal;font-display:optional;font-weight:${weights};src:url(${url}) format("woff2");unicode-range:${range}}`;
const fontFaces = `
${interFace(interCore, interCoreRange)}
${interFace(interRest, interRestRange)}
${interFace(interLatinExt, interLatinExtRange, "100 900")}`;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={themeColor} />
        <Meta />
        {/* Holds taps made before hydration, for App to carry out (app/lib/early-taps.ts). */}
        <script dangerouslySetInnerHTML={{ __html: earlyTapScript }} />
        {/* Inter from the first paint when this phone has it already (app/lib/font-loading.ts). */}
        <script dangerouslySetInnerHTML={{ __html: fontScript(interCore) }} />
        <style dangerouslySetInnerHTML={{ __html: fontFaces }} />
        {/* Empty here: the build fills it with the page's CSS (scripts/inline-css.ts). */}
        <style data-page-css="" dangerouslySetInnerHTML={{ __html: "" }} />
        <Links />
      </head>
      <body>
        <PageBody>{children}</PageBody>
        <PageStateBlock />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * The routes this page matched, with their params and loader data, for the browser (app/lib/page-router): it
 * hydrates the page with them. Rendered at build time only; the browser never renders the document's scripts.
 */
function PageStateBlock() {
  const matches = useMatches();
  const state: PageState = {
    pathname: useLocation().pathname,
    matches: matches.map(({ id, pathname, params, loaderData }) => ({ id, pathname, params, data: loaderData })),
  };
  return <script type="application/json" id={pageStateId} dangerouslySetInnerHTML={{ __html: dataBlockText(state) }} />;
}

/**
 * On every path change the window scrolls to the top (the spec's screens), focus moves to the new page, and the
 * page takes the site's font if it has loaded since the first.
 */
function useScrollToTopOnPathChange() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useLayoutEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
    document.getElementById("main")?.focus({ preventScroll: true });
    // Before the new page is painted: in Inter, if the font has loaded since the first page.
    applyFontOnNewPage({ document });
  }, [pathname]);
}

/**
 * Each page shown is counted, once the page has hydrated (app/lib/statistics), and kept on the phone by the
 * service worker, where there is one (app/service-worker).
 */
function useCountPageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (site.serviceWorker) keepPageOffline(pathname);
    return pageShown(pathname);
  }, [pathname]);
}

export default function App() {
  useScrollToTopOnPathChange();
  useCountPageViews();
  useEffect(() => {
    // The browser's own restoration would fight the scroll to top on back and forward.
    window.history.scrollRestoration = "manual";
    // Pages kept for a weak or lost connection, and the offline page (app/service-worker), unless turned off.
    if (site.serviceWorker) registerServiceWorker();
    afterHydrationPieces(() => {
      // A marker for end-to-end tests and styles: the page is interactive from here on.
      document.documentElement.dataset.hydrated = "";
      // Now that every handler is in place, the taps made before it (menu, carousel, a form's button).
      replayEarlyTaps();
      // An enquiry kept on this phone for want of a network goes now (its sender loads only then; issue 38).
      sendKeptEnquiries();
      // The font, for the next page, unless this one has it (app/lib/font-loading.ts).
      void loadFontForNextPage({ document, fonts: document.fonts, storage: () => window.localStorage, url: interCore });
    });
  }, []);
  const matches = useMatches();
  const chunkFailure = useSyncExternalStore(chunkFailures.subscribe, chunkFailures.latest, chunkFailures.none);
  if (chunkFailure && matches.some((match) => match.id === chunkFailure.chunk)) {
    return <ChunkFailed error={chunkFailure} />;
  }
  return <Outlet />;
}

function ChunkFailed({ error }: { error: ChunkLoadError }) {
  return (
    <section className="container error-page" aria-labelledby="error-title">
      <h1 id="error-title">{error.message}</h1>
      <p>
        This part of the site could not be downloaded. Your connection may have dropped, or the site was just updated.
      </p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        Reload page
      </button>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isChunkLoadError(error)) return <ChunkFailed error={error} />;
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <section className="container error-page" aria-labelledby="error-title">
      <h1 id="error-title">Unexpected Application Error!</h1>
      <p>Something went wrong on our side while showing this page. Please try again, or start from the home page.</p>
      {detail && <p>{detail}</p>}
      <Link to={paths.home} className="button button-primary">
        Go to the home page
      </Link>
    </section>
  );
}
