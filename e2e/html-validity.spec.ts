import { readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures";
import { htmlErrors } from "./vnu";

const clientDir = join(process.env.BUILD_DIR ?? join(import.meta.dirname, "..", "build"), "client");

// The HTML does not depend on the width: the desktop project checks every built page once, in one run of vnu.
test("every built page is valid HTML (Nu HTML Checker)", { tag: "@desktop" }, async () => {
  test.setTimeout(120_000);
  // Files whose names start with "_" are not served (React Router's SPA fallback, the deploy files).
  const pages = readdirSync(clientDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".html") && !file.split("/").some((part) => part.startsWith("_")))
    .map((file) => join(clientDir, file));
  expect(pages.length).toBeGreaterThan(30);
  expect(htmlErrors(pages)).toEqual([]);
});
