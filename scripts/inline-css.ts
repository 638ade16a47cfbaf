/**
 * After the build: each page carries the CSS it needs inline, so the first screen paints from the HTML
 * response alone, without waiting for a render-blocking stylesheet round trip (on mobile data that is
 * the largest part of first paint). The page CSS is small (about 5 KB compressed), so all of it is inlined
 * rather than a guessed "critical" part: nothing can flash unstyled.
 *
 * The CSS goes into the one empty `<style data-page-css="">` the root layout renders for it (app/root.tsx). The
 * layout renders it with an empty `dangerouslySetInnerHTML`, which hydration leaves as it finds it, so the CSS
 * stays for the life of the page. The <link> elements stay too, marked `disabled` so the browser neither fetches
 * nor applies them: Vite's loader of a lazily imported chunk finds its stylesheet already linked and does not
 * fetch it again, and moving to another page in the browser takes that page's links with its head
 * (app/lib/page-router/navigation.ts).
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** The slot's opening tag, and the slot as the root layout renders it (empty). */
const slotOpen = '<style data-page-css="">';
export const pageCssSlot = `${slotOpen}</style>`;
/** The same, however the renderer writes an empty attribute (`data-page-css=""` or `data-page-css`). */
const slotPattern = /<style data-page-css(?:="")?><\/style>/;

/**
 * A built stylesheet's link. React Router ends the href with "#" when a dynamic import loads the same file too
 * (so that Vite's loader of dynamic CSS does not take the link for one of its own); the file is the same.
 */
const stylesheetLink = /<link rel="stylesheet" href="(\/assets\/[^"#]+\.css)#?"\/>/g;
/** Any stylesheet link still enabled: a round trip before the first paint. */
const enabledStylesheet = /<link rel="stylesheet"(?![^>]*\bdisabled)[^>]*>/;

export function inlineStylesheets(html: string, cssOf: (href: string) => string): string {
  const sheets: string[] = [];
  const disabled = html.replace(stylesheetLink, (link: string, href: string) => {
    const css = cssOf(href);
    // A </style> inside CSS would end the element early; built CSS never has one, and the guard says so.
    if (/<\/style/i.test(css)) throw new Error(`inline-css: ${href} contains "</style"`);
    sheets.push(css);
    return link.replace("/>", ' disabled=""/>');
  });
  const left = enabledStylesheet.exec(disabled);
  if (left) throw new Error(`inline-css: a render-blocking stylesheet it cannot inline: ${left[0]}`);
  if (sheets.length === 0) return html;
  const slots = disabled.match(new RegExp(slotPattern, "g"))?.length ?? 0;
  if (slots === 0) throw new Error(`inline-css: the page has stylesheets but no empty ${slotOpen} for them`);
  if (slots > 1) throw new Error(`inline-css: the page has more than one ${slotOpen}`);
  return disabled.replace(slotPattern, () => `${slotOpen}${sheets.join("\n")}</style>`);
}

/** Inlines the stylesheets of every page of a client build; returns how many pages changed. */
export async function inlineBuildStylesheets(clientDir: string): Promise<number> {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => join(entry.parentPath, entry.name));
  const pages = await Promise.all(files.map(async (file) => ({ file, html: await readFile(file, "utf8") })));
  const hrefs = new Set(pages.flatMap(({ html }) => [...html.matchAll(stylesheetLink)].map((match) => match[1] ?? "")));
  const css = new Map(
    await Promise.all(
      [...hrefs].map(async (href) => [href, (await readFile(join(clientDir, href), "utf8")).trim()] as const),
    ),
  );
  const changed = pages
    .map(({ file, html }) => ({ file, html, inlined: inlineStylesheets(html, (href) => css.get(href) ?? "") }))
    .filter(({ html, inlined }) => inlined !== html);
  await Promise.all(changed.map(({ file, inlined }) => writeFile(file, inlined)));
  return changed.length;
}
