import { afterEach, describe, expect, it } from "vitest";
import { dataBlockText, pageScriptsId, pageStateId, readPageScripts, readPageState } from "./page-data";

function withBlock(id: string, text: string): Document {
  document.body.innerHTML = `<script type="application/json" id="${id}"></script>`;
  const block = document.getElementById(id);
  if (block) block.textContent = text;
  return document;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the page's state block", () => {
  const state = {
    pathname: "/dubai-visa/1",
    matches: [
      { id: "root", pathname: "/", params: { id: "1" } },
      { id: "detail/dubai-visa", pathname: "/dubai-visa/1", params: { id: "1" }, data: { title: "</script> & <b>" } },
    ],
  };

  it("reads back what the page wrote, a visitor-facing text with `</script>` in it included", () => {
    const text = dataBlockText(state);
    expect(text).not.toContain("</script>");
    document.body.innerHTML = `<script type="application/json" id="${pageStateId}">${text}</script><p>after</p>`;
    expect(readPageState(document)).toEqual(state);
    expect(document.querySelector("p")?.textContent).toBe("after");
  });

  it("is null when it is missing, not JSON or not the shape the router needs", () => {
    document.body.innerHTML = "";
    expect(readPageState(document)).toBeNull();
    for (const text of [
      "{",
      "[]",
      '{"pathname":"/","matches":[]}',
      '{"pathname":"/","matches":[{"id":"root","pathname":"/","params":{"id":1}}]}',
      '{"matches":[{"id":"root","pathname":"/","params":{}}]}',
    ]) {
      expect(readPageState(withBlock(pageStateId, text)), text).toBeNull();
    }
  });
});

describe("the page's scripts block", () => {
  it("reads the entry, the route modules and the preloads", () => {
    const scripts = { entry: "/assets/e.js", modules: { root: "/assets/r.js" }, preloads: ["/assets/e.js"] };
    expect(readPageScripts(withBlock(pageScriptsId, dataBlockText(scripts)))).toEqual(scripts);
  });

  it("is null when it is missing or not the shape the boot needs", () => {
    expect(readPageScripts(document)).toBeNull();
    for (const text of [
      "null",
      '{"entry":"/e.js","modules":{"root":3},"preloads":[]}',
      '{"entry":"/e.js","modules":{},"preloads":"x"}',
      '{"modules":{},"preloads":[]}',
    ]) {
      expect(readPageScripts(withBlock(pageScriptsId, text)), text).toBeNull();
    }
  });
});
