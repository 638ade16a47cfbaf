// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import { Page } from "./layout";
import { PostForm } from "./post-form";

describe("the office's forms carry the session's token by one component (issue 36, item 1)", () => {
  it("a PostForm on a page posts the page's token, and the header's sign-out too", () => {
    const html = renderToString(
      h(Page, {
        title: "T",
        agency: "A",
        assets: { css: "/c.css", js: "/j.js" },
        person: { id: 1, name: "Sara", role: "staff", handle: "h" },
        csrf: "t0ken",
        children: h(PostForm, { action: "/office/x", class: "y" }, h("button", null, "Go")),
      }),
    );
    expect(html).toContain(
      '<form method="post" action="/office/x" class="y"><input type="hidden" name="csrf" value="t0ken"/><button>Go</button></form>',
    );
    expect(html).toContain(
      '<form method="post" action="/office/sign-out"><input type="hidden" name="csrf" value="t0ken"/>',
    );
  });

  it("no view writes the token field or a POST form by hand", () => {
    const folder = import.meta.dirname;
    for (const file of readdirSync(folder).filter((name) => name.endsWith(".tsx") && name !== "post-form.tsx")) {
      const source = readFileSync(join(folder, file), "utf8");
      expect(source, file).not.toMatch(/name="csrf"/);
      expect(source, file).not.toMatch(/<form[^>]*method="post"/);
    }
  });
});
