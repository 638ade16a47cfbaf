/**
 * What the pages use of React Router, in the browser, in a few hundred bytes instead of React Router's 41 KiB
 * (issue 38). The client build resolves `react-router` here (scripts/vite-page-router.ts); the pre-rendering, the
 * component tests and the client-rendered comparison build keep React Router itself.
 *
 * Every page is pre-rendered, and its HTML says which routes it matched, with their params and loader data
 * (./page-data.ts). So the browser needs no route table and no data loading: it hydrates the page with what the
 * HTML says. Moving to another page of the site (a Link, back and forward) fetches that page's HTML and shows it in
 * this document (./navigation.ts), as React Router did: the visit's memory (the statistics' source) carries on,
 * the window scrolls to the top and focus moves to the page (root.tsx).
 *
 * Only what the site uses is here; a page that imports anything else fails the build, which names it.
 */
import {
  Component,
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from "react";
import type { PageMatch } from "./page-data";
import { isActivePath, isPlainClick, type Page, type ShownLocation } from "./page";
import { followLink, followHistory } from "./navigation";

export type { Page, RouteModule } from "./page";

/** A match as useMatches gives it (React Router's UIMatch). */
export interface UIMatch {
  id: string;
  pathname: string;
  params: PageMatch["params"];
  loaderData: unknown;
  handle: unknown;
}

interface Router {
  page: Page;
  matches: UIMatch[];
  show: (page: Page) => void;
}

const RouterContext = createContext<Router | null>(null);
/** The match a route's component renders for, and the error its error boundary shows. */
const RouteContext = createContext<{ index: number; error?: unknown }>({ index: -1 });

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error("page-router: used outside <PageRouter>");
  return router;
}

/** Holds the page shown; moving to another page shows that one. */
export function PageRouter({ initial, children }: { initial: Page; children: ReactNode }) {
  const [page, setPage] = useState(initial);
  const router = useMemo<Router>(
    () => ({
      page,
      matches: page.state.matches.map((match) => ({
        id: match.id,
        pathname: match.pathname,
        params: match.params,
        loaderData: match.data,
        handle: page.modules[match.id]?.handle,
      })),
      show: setPage,
    }),
    [page],
  );
  // Back and forward between pages of this document (not between two places on one page).
  useEffect(() => {
    const onPopState = () => followHistory(router.page, router.show);
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [router]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

/** The route at this depth of the page's matches, within its error boundary when it has one. */
export function RouteAt({ index }: { index: number }) {
  const { page } = useRouter();
  const match = page.state.matches[index];
  const module = match ? page.modules[match.id] : undefined;
  const Route = module?.default;
  if (!match || !Route) return null;
  const route = (
    <RouteContext.Provider value={{ index }}>
      <Route />
    </RouteContext.Provider>
  );
  if (!module.ErrorBoundary) return route;
  return (
    <RouteBoundary pageKey={page.key} index={index} fallback={module.ErrorBoundary}>
      {route}
    </RouteBoundary>
  );
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  pageKey: number;
}

/**
 * A route's error boundary. A new page starts without the error the last one had; the route itself stays mounted
 * from page to page (the root layout keeps its state and effects, as under React Router).
 */
class RouteBoundary extends Component<
  { pageKey: number; index: number; fallback: ComponentType; children: ReactNode },
  BoundaryState
> {
  override state: BoundaryState = { failed: false, error: undefined, pageKey: this.props.pageKey };
  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }
  static getDerivedStateFromProps(props: { pageKey: number }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pageKey === state.pageKey ? null : { failed: false, error: undefined, pageKey: props.pageKey };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    const Fallback = this.props.fallback;
    return (
      <RouteContext.Provider value={{ index: this.props.index, error: this.state.error }}>
        <Fallback />
      </RouteContext.Provider>
    );
  }
}

export function Outlet() {
  return <RouteAt index={useContext(RouteContext).index + 1} />;
}

function useRouteMatch(): { match: UIMatch | undefined; matches: UIMatch[]; error: unknown } {
  const { matches } = useRouter();
  const { index, error } = useContext(RouteContext);
  return { match: matches[index], matches, error };
}

// React Router's build wraps each route module's component in these, to give it its props.
export function UNSAFE_withComponentProps(Route: ComponentType<Record<string, unknown>>) {
  return function WithComponentProps() {
    const { match, matches } = useRouteMatch();
    return (
      <Route params={match?.params ?? {}} loaderData={match?.loaderData} actionData={undefined} matches={matches} />
    );
  };
}

export function UNSAFE_withErrorBoundaryProps(Boundary: ComponentType<Record<string, unknown>>) {
  return function WithErrorBoundaryProps() {
    const { match, error } = useRouteMatch();
    return (
      <Boundary params={match?.params ?? {}} loaderData={match?.loaderData} actionData={undefined} error={error} />
    );
  };
}

export function UNSAFE_withHydrateFallbackProps(Fallback: ComponentType<Record<string, unknown>>) {
  return function WithHydrateFallbackProps() {
    const { match } = useRouteMatch();
    return <Fallback params={match?.params ?? {}} loaderData={match?.loaderData} actionData={undefined} />;
  };
}

export function useMatches(): UIMatch[] {
  return useRouter().matches;
}

export function useLocation(): ShownLocation {
  return useRouter().page.location;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  reloadDocument?: boolean;
};

/** A link to a page of the site: shown in this document on a plain click, as React Router's Link does. */
export function Link({ to, reloadDocument, onClick, ...rest }: LinkProps) {
  const router = useContext(RouterContext);
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (!router || reloadDocument || event.defaultPrevented) return;
    if (!isPlainClick(event, event.currentTarget)) return;
    if (followLink(event.currentTarget.href, router.page, router.show)) event.preventDefault();
  }
  // The content comes with the props (`children`), as with React Router's Link.
  // eslint-disable-next-line jsx-a11y/anchor-has-content
  return <a {...rest} href={to} onClick={follow} />;
}

type NavLinkProps = Omit<LinkProps, "className"> & {
  end?: boolean;
  caseSensitive?: boolean;
  className?: string | ((state: { isActive: boolean; isPending: boolean; isTransitioning: boolean }) => string);
};

/** A Link that says when it leads to the page shown: `aria-current="page"` and the class `active`. */
export function NavLink({ to, end = false, caseSensitive = false, className, ...rest }: NavLinkProps) {
  const isActive = isActivePath(useLocation().pathname, to, end, caseSensitive);
  const classes =
    typeof className === "function"
      ? className({ isActive, isPending: false, isTransitioning: false })
      : [className, isActive ? "active" : null].filter(Boolean).join(" ");
  return (
    <Link
      {...rest}
      to={to}
      className={classes || undefined}
      aria-current={isActive ? (rest["aria-current"] ?? "page") : undefined}
    />
  );
}

// The document's head and its scripts are the pre-rendered page's: the browser never renders them.
export const Links = () => null;
export const Meta = () => null;
export const Scripts = () => null;

/** React Router's error response (a 404 thrown by a loader): none reaches the browser here, but the test is the same. */
export function isRouteErrorResponse(error: unknown): error is { status: number; statusText: string; data: unknown } {
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { status?: unknown }).status === "number" &&
    typeof (error as { statusText?: unknown }).statusText === "string" &&
    "data" in error &&
    "internal" in error
  );
}
