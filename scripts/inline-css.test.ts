import { describe, expect, it } from "vitest";
import { inlineStylesheets, pageCssSlot } from "./inline-css";

const css: Record<string, string> = {
  "/assets/root-a1.css": "body{margin:0}",
  "/assets/home-b2.css": "._hero_1{color:red}",
};
const read = (href: string) => css[href] ?? "";

describe("inlineStylesheets", () => {
  it("fills the page's CSS slot with each stylesheet's CSS, in order, and disables the links (not fetched)", () => {
    const html =
      `<head><style>@font-face{}</style>${pageCssSlot}<link rel="stylesheet" href="/assets/root-a1.css"/>` +
      '<link rel="stylesheet" href="/assets/home-b2.css"/></head>';
    expect(inlineStylesheets(html, read)).toBe(
      '<head><style>@font-face{}</style><style data-page-css="">body{margin:0}\n._hero_1{color:red}</style>' +
        '<link rel="stylesheet" href="/assets/root-a1.css" disabled=""/>' +
        '<link rel="stylesheet" href="/assets/home-b2.css" disabled=""/></head>',
    );
  });

  it("inlines a stylesheet React Router marks with a '#' (one a dynamic import also loads), keeping its href", () => {
    // React Router adds the '#' so that Vite's own loader of dynamic CSS does not take the link for its own.
    const html = `${pageCssSlot}<link rel="stylesheet" href="/assets/root-a1.css#"/>`;
    expect(inlineStylesheets(html, read)).toBe(
      '<style data-page-css="">body{margin:0}</style><link rel="stylesheet" href="/assets/root-a1.css#" disabled=""/>',
    );
  });

  it("stops the build when a page has stylesheets but no slot for their CSS, or more than one", () => {
    expect(() => inlineStylesheets('<link rel="stylesheet" href="/assets/root-a1.css"/>', read)).toThrow(
      /no empty <style data-page-css="">/,
    );
    const twice = `${pageCssSlot}${pageCssSlot}<link rel="stylesheet" href="/assets/root-a1.css"/>`;
    expect(() => inlineStylesheets(twice, read)).toThrow(/more than one/);
  });

  it("stops the build when a stylesheet link is left that it cannot inline", () => {
    expect(() => inlineStylesheets(`${pageCssSlot}<link rel="stylesheet" href="/assets/x.css?v=2"/>`, read)).toThrow(
      /render-blocking stylesheet/,
    );
    expect(() =>
      inlineStylesheets(`${pageCssSlot}<link rel="stylesheet" href="https://cdn.example/x.css"/>`, read),
    ).toThrow(/render-blocking stylesheet/);
  });

  it("leaves a page without stylesheets, and other links, alone", () => {
    const html = '<link rel="preload" href="/assets/inter.woff2" as="font"/><link rel="icon" href="/favicon.svg"/>';
    expect(inlineStylesheets(html, read)).toBe(html);
  });

  it("refuses CSS that would close the style element early", () => {
    expect(() =>
      inlineStylesheets(`${pageCssSlot}<link rel="stylesheet" href="/assets/x.css"/>`, () => "a{}</style><script>"),
    ).toThrow(/contains "<\/style"/);
  });
});
