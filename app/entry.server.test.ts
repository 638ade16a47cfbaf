import { describe, expect, it } from "vitest";
import { intoBody, withoutTrailingSlash } from "./entry.server";

describe("withoutTrailingSlash", () => {
  it("drops a trailing slash, except from the home page", () => {
    expect(withoutTrailingSlash("/contact/")).toBe("/contact");
    expect(withoutTrailingSlash("/contact")).toBe("/contact");
    expect(withoutTrailingSlash("/")).toBe("/");
  });
});

describe("intoBody", () => {
  it("moves what was rendered after the document element to the end of the body", () => {
    const rendered = "<html><head></head><body><main>Hi</main></body></html><!--$s--><script>data</script><!--/$s-->";
    expect(intoBody(rendered)).toBe(
      "<html><head></head><body><main>Hi</main><!--$s--><script>data</script><!--/$s--></body></html>",
    );
  });

  it("leaves a page with nothing after the document element as it is", () => {
    expect(intoBody("<html><body>x</body></html>")).toBe("<html><body>x</body></html>");
  });

  it("stops the build when the page has no end of body", () => {
    expect(() => intoBody("<div>fragment</div>")).toThrow(/no <\/body><\/html>/);
  });
});
