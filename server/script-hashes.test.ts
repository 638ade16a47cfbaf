import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectScriptHashes, inlineScriptHashes } from "./script-hashes";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes the exact text of each inline script the browser runs, classic and module", () => {
    const html =
      '<script>window.a = 1;</script><p>x</p><script type="module" async="">import "/assets/x.js";</script>' +
      '<script id="_R_">requestAnimationFrame(function(){})</script>';
    expect(inlineScriptHashes(html)).toEqual([
      sha("window.a = 1;"),
      sha('import "/assets/x.js";'),
      sha("requestAnimationFrame(function(){})"),
    ]);
  });

  it("skips external scripts and data blocks such as JSON-LD, which CSP does not govern", () => {
    const html =
      '<script src="/assets/a.js"></script><script type="application/ld+json">{"@type":"TravelAgency"}</script>' +
      "<script type='text/javascript'>run()</script>";
    expect(inlineScriptHashes(html)).toEqual([sha("run()")]);
  });

  it("keeps multi-line scripts byte for byte, including non-ASCII text", () => {
    const body = '\nwindow.t = "Al Karama – Dubai";\n';
    expect(inlineScriptHashes(`<script>${body}</script>`)).toEqual([sha(body)]);
  });
});

describe("collectScriptHashes", () => {
  it("gathers every page's hashes once, in a stable order", async () => {
    const root = mkdtempSync(join(tmpdir(), "hashes-"));
    mkdirSync(join(root, "about"));
    writeFileSync(join(root, "index.html"), "<script>b()</script><script>a()</script>");
    writeFileSync(join(root, "about", "index.html"), "<script>a()</script><script>c()</script>");
    writeFileSync(join(root, "app.js"), "<script>not a page</script>");
    expect(await collectScriptHashes(root)).toEqual([sha("a()"), sha("b()"), sha("c()")].sort());
  });
});
