import { cleanup, fireEvent, render, screen } from "@testing-library/preact";
import { useEffect } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hydratePieces, startHydrationInPieces } from "../hydration-pieces";
import { replaceHead, startNavigation } from "./navigation";
import { pageAt, type RouteModule } from "./page";
import { dataBlockText, pageScriptsId, pageStateId, type PageState } from "./page-data";
import {
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  PageRouter,
  RouteAt,
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  useLocation,
  useMatches,
} from "./react-router";

const entry = "/assets/entry.client-1.js";

/** A root layout as root.tsx is: a menu, the page's route in the outlet, and an error boundary. */
const root: RouteModule = {
  default: UNSAFE_withComponentProps(function Root() {
    const matches = useMatches();
    return (
      <div>
        <nav>
          <NavLink to="/about" className="item">
            About
          </NavLink>
          <NavLink to="/dubai-visa" className={({ isActive }) => (isActive ? "on" : "off")}>
            Dubai Visa
          </NavLink>
          <Link to="/about" className="plain">
            About us
          </Link>
        </nav>
        <p data-testid="handles">{matches.map((match) => String(match.handle ?? "-")).join(",")}</p>
        <p data-testid="path">{useLocation().pathname}</p>
        <Outlet />
      </div>
    );
  }),
  ErrorBoundary: UNSAFE_withErrorBoundaryProps(function Failed({ error }: { error?: unknown }) {
    return <h1>Unexpected Application Error! {(error as Error).message}</h1>;
  }),
};

const detail: RouteModule = {
  default: UNSAFE_withComponentProps(function Detail(props: Record<string, unknown>) {
    const { params, loaderData } = props as { params: { id: string }; loaderData: { title: string } };
    return (
      <h1>
        {loaderData.title} #{params.id}
      </h1>
    );
  }),
  handle: "detail",
};

const about: RouteModule = {
  default: UNSAFE_withComponentProps(function About() {
    return <h1>About the agency</h1>;
  }),
};

const broken: RouteModule = {
  default: UNSAFE_withComponentProps(function Broken(): never {
    throw new Error("Broken page");
  }),
};

const detailState: PageState = {
  pathname: "/dubai-visa/1",
  matches: [
    { id: "root", pathname: "/", params: { id: "1" } },
    { id: "detail/dubai-visa", pathname: "/dubai-visa/1", params: { id: "1" }, data: { title: "48 Hours Transit" } },
  ],
};
const aboutState: PageState = {
  pathname: "/about",
  matches: [
    { id: "root", pathname: "/", params: {} },
    { id: "routes/about", pathname: "/about", params: {} },
  ],
};

const modules = { root, "detail/dubai-visa": detail, "routes/about": about };

function show(state: PageState, known: Record<string, RouteModule> = modules) {
  return render(
    <PageRouter initial={pageAt(state, known, window.location, 0)}>
      <Link to="/about">Header: About</Link>
      <RouteAt index={0} />
    </PageRouter>,
  );
}

/** A page of the site as the server sends it: its head and its two data blocks. */
function pageHtml(state: PageState, title: string, pageEntry = entry): string {
  return (
    `<!DOCTYPE html><html><head><title>${title}</title><style data-page-css="">.x{}</style></head><body><main></main>` +
    `<script type="application/json" id="${pageStateId}">${dataBlockText(state)}</script>` +
    `<script type="application/json" id="${pageScriptsId}">${dataBlockText({ entry: pageEntry, modules: {}, preloads: [] })}</script>` +
    `</body></html>`
  );
}

beforeEach(() => {
  window.history.replaceState(null, "", "/dubai-visa/1");
  document.head.innerHTML = "<title>48 Hours Transit</title>";
  document.body.insertAdjacentHTML(
    "beforeend",
    `<script type="application/json" id="${pageScriptsId}">${dataBlockText({ entry, modules: {}, preloads: [] })}</script>`,
  );
  startNavigation(document);
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});

describe("the page's routes, from its HTML", () => {
  it("renders the root, then the page's route in its outlet, with the params and loader data the HTML gave", () => {
    show(detailState);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("48 Hours Transit #1");
    expect(screen.getByTestId("path").textContent).toBe("/dubai-visa/1");
    expect(screen.getByTestId("handles").textContent).toBe("-,detail");
  });

  it("marks the links to the page shown as React Router's NavLink does", () => {
    show(detailState);
    const dubai = screen.getByRole("link", { name: "Dubai Visa" });
    expect(dubai.className).toBe("on");
    expect(dubai.getAttribute("aria-current")).toBe("page");
    const aboutLink = screen.getByRole("link", { name: "About" });
    expect(aboutLink.className).toBe("item");
    expect(aboutLink.hasAttribute("aria-current")).toBe(false);
  });

  it("shows the root's error boundary, with the error, when a route throws", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    show(aboutState, { ...modules, "routes/about": broken });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Unexpected Application Error! Broken page");
  });

  it("renders nothing for a route whose module did not load (the root says why: root.tsx)", () => {
    show(aboutState, { root });
    expect(screen.queryByRole("heading")).toBeNull();
    expect(screen.getByTestId("path").textContent).toBe("/about");
  });

  it("tells a route error response as React Router does", () => {
    expect(isRouteErrorResponse({ status: 404, statusText: "Not Found", data: null, internal: true })).toBe(true);
    expect(isRouteErrorResponse(new Error("x"))).toBe(false);
  });
});

describe("moving to another page in this document", () => {
  function answerWith(html: string, status = 200) {
    const fetch = vi.fn(async () => new Response(html, { status, headers: { "Content-Type": "text/html" } }));
    vi.stubGlobal("fetch", fetch);
    return fetch;
  }

  it("fetches the page's HTML, takes its head and shows its route, and the address moves", async () => {
    const fetch = answerWith(pageHtml(aboutState, "About Us"));
    show(detailState);
    fireEvent.click(screen.getByRole("link", { name: "About us" }));
    await vi.waitFor(() => expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("About the agency"));
    expect(fetch).toHaveBeenCalledWith("/about", { headers: { Accept: "text/html" } });
    expect(window.location.pathname).toBe("/about");
    expect(document.title).toBe("About Us");
    expect(document.head.querySelector("style[data-page-css]")).not.toBeNull();
    expect(screen.getByTestId("path").textContent).toBe("/about");
    expect(screen.getByRole("link", { name: "About" }).getAttribute("aria-current")).toBe("page");
  });

  it("keeps the root layout mounted from page to page, as React Router does", async () => {
    let mounts = 0;
    const Root = root.default;
    if (!Root) throw new Error("the root module has no component");
    const counted: RouteModule = {
      ...root,
      default: function Counted() {
        useEffect(() => void mounts++, []);
        return <Root />;
      },
    };
    answerWith(pageHtml(aboutState, "About Us"));
    show(detailState, { ...modules, root: counted });
    fireEvent.click(screen.getByRole("link", { name: "About us" }));
    await vi.waitFor(() => expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("About the agency"));
    expect(mounts).toBe(1);
  });

  it("starts a new page without the error the last one had", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    answerWith(pageHtml(aboutState, "About Us"));
    show(detailState, { ...modules, "detail/dubai-visa": broken });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Unexpected Application Error! Broken page");
    // The layout around the routes (the header's links) is outside the boundary.
    fireEvent.click(screen.getByRole("link", { name: "Header: About" }));
    await vi.waitFor(() => expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("About the agency"));
  });

  it("takes the address the server redirected to", async () => {
    const response = new Response(pageHtml(aboutState, "About Us"), { headers: { "Content-Type": "text/html" } });
    Object.defineProperty(response, "redirected", { value: true });
    Object.defineProperty(response, "url", { value: "http://localhost:3000/about?moved=1" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => response),
    );
    show(detailState);
    fireEvent.click(screen.getByRole("link", { name: "About us" }));
    await vi.waitFor(() => expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("About the agency"));
    expect(window.location.pathname + window.location.search).toBe("/about?moved=1");
  });

  it("preloads only the next page's files the boot script has not", async () => {
    document.head.insertAdjacentHTML("beforeend", '<link rel="modulepreload" href="/assets/shared-1.js">');
    startNavigation(document);
    const scripts = { entry, modules: {}, preloads: ["/assets/shared-1.js", "/assets/about-1.js"] };
    answerWith(
      pageHtml(aboutState, "About Us").replace(
        /(id="page-scripts">)[^<]*/,
        (_, open: string) => open + dataBlockText(scripts),
      ),
    );
    show(detailState);
    fireEvent.click(screen.getByRole("link", { name: "About us" }));
    await vi.waitFor(() => expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("About the agency"));
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute("href"),
    );
    expect(preloads.sort()).toEqual(["/assets/about-1.js", "/assets/shared-1.js"]);
  });

  it("shows the page before again on back", async () => {
    answerWith(pageHtml(aboutState, "About Us"));
    show(detailState);
    fireEvent.click(screen.getByRole("link", { name: "About us" }));
    await vi.waitFor(() => expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("About the agency"));
    answerWith(pageHtml(detailState, "48 Hours Transit"));
    window.history.replaceState(null, "", "/dubai-visa/1");
    window.dispatchEvent(new PopStateEvent("popstate"));
    await vi.waitFor(() => expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("48 Hours Transit #1"));
    expect(document.title).toBe("48 Hours Transit");
  });

  it("leaves a link to the browser until every piece of the page has hydrated", async () => {
    const fetch = answerWith(pageHtml(aboutState, "About Us"));
    startHydrationInPieces();
    startNavigation(document);
    show(detailState);
    expect(fireEvent.click(screen.getByRole("link", { name: "About us" }))).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
    hydratePieces();
    await vi.waitFor(() => {
      fireEvent.click(screen.getByRole("link", { name: "About us" }));
      expect(fetch).toHaveBeenCalled();
    });
  });

  it("loads the page shown again in place, without a second history entry", async () => {
    answerWith(pageHtml(detailState, "48 Hours Transit, again"));
    const push = vi.spyOn(window.history, "pushState");
    render(
      <PageRouter initial={pageAt(detailState, modules, window.location, 0)}>
        <Link to="/dubai-visa/1">This page</Link>
        <RouteAt index={0} />
      </PageRouter>,
    );
    const length = window.history.length;
    fireEvent.click(screen.getByRole("link", { name: "This page" }));
    await vi.waitFor(() => expect(document.title).toBe("48 Hours Transit, again"));
    expect(window.history.length).toBe(length);
    expect(push).not.toHaveBeenCalled();
  });

  it("leaves a click with a key held, and a place on the same page, to the browser", () => {
    const fetch = answerWith(pageHtml(aboutState, "About Us"));
    show(detailState);
    const link = screen.getByRole("link", { name: "About us" });
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    window.history.replaceState(null, "", "/dubai-visa/1#enquiry");
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("loads the page whole when its HTML is of another build, or not one of the site's pages", async () => {
    for (const [html, status] of [
      [pageHtml(aboutState, "About Us", "/assets/entry.client-2.js"), 200],
      ["<!DOCTYPE html><html><body>Bad gateway</body></html>", 502],
      ["<!DOCTYPE html><html><body>A page without its state</body></html>", 200],
    ] as const) {
      answerWith(html, status);
      const assign = vi.fn();
      vi.stubGlobal("location", { ...window.location, href: window.location.href, assign, reload: vi.fn() });
      const { unmount } = show(detailState);
      fireEvent.click(screen.getByRole("link", { name: "About us" }));
      await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("http://localhost:3000/about"));
      expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("48 Hours Transit #1");
      unmount();
      vi.unstubAllGlobals();
    }
  });
});

describe("replaceHead", () => {
  it("keeps what both heads have as it is, drops the rest and adds what only the next has", () => {
    const head = document.head;
    head.innerHTML =
      '<meta charset="utf-8"><title>Old</title><style id="fonts">a{}</style><link rel="modulepreload" href="/assets/a.js">' +
      '<meta name="description" content="old"><link rel="manifest" href="/site.webmanifest" data-after-paint="">';
    const fonts = head.querySelector("#fonts");
    const next = new DOMParser().parseFromString(
      '<html><head><meta charset="utf-8"><title>New</title><style id="fonts">a{}</style><meta name="description" content="new"></head></html>',
      "text/html",
    ).head;
    replaceHead(head, next);
    expect(head.querySelector("#fonts")).toBe(fonts);
    expect(document.title).toBe("New");
    expect(head.querySelector('meta[name="description"]')?.getAttribute("content")).toBe("new");
    expect(head.querySelectorAll("title")).toHaveLength(1);
    // What the boot script added stays: the preloads (the browser has those files) and the manifest.
    expect(head.querySelector('link[rel="modulepreload"]')).not.toBeNull();
    expect(head.querySelector('link[rel="manifest"]')).not.toBeNull();
  });
});
