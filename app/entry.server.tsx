import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToStringAsync } from "preact-render-to-string";

/**
 * Renders each page to HTML at build time (the site is static: `ssr: false`). It replaces React Router's
 * default entry for one reason: React Router 8 pre-renders `/contact` by requesting `/contact/`, but the page is
 * served and hydrated at `/contact` (the server redirects the trailing slash away). Rendered at `/contact/`,
 * links to the current page lose `aria-current` in the HTML and the markup differs from what hydration renders.
 * So the page is rendered at the path a visitor uses. React's `prerender` waits for the whole page, as a static
 * build wants.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  const url = new URL(request.url);
  url.pathname = withoutTrailingSlash(url.pathname);
  const handlerContext = routerContext.staticHandlerContext;
  const context: EntryContext = {
    ...routerContext,
    staticHandlerContext: {
      ...handlerContext,
      location: { ...handlerContext.location, pathname: withoutTrailingSlash(handlerContext.location.pathname) },
    },
  };
  const rendered = await renderToStringAsync(<ServerRouter context={context} url={url} />);
  const prelude = `<!DOCTYPE html>${intoBody(rendered)}`;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(prelude, { status: responseStatusCode, headers: responseHeaders });
}

export function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

/** React Router renders its hydration data after the document element; the HTML parser would put it into the body. */
export function intoBody(html: string): string {
  const end = html.lastIndexOf("</body></html>");
  if (end < 0) throw new Error("entry.server: the rendered page has no </body></html>");
  const after = html.slice(end + "</body></html>".length);
  return `${html.slice(0, end)}${after}</body></html>`;
}
