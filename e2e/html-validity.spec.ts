import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures";

const clientDir = join(process.env.BUILD_DIR ?? join(import.meta.dirname, "..", "build"), "client");

/**
 * The Nu HTML Checker's CSS grammar predates container queries: it calls `@container` and `container-type`
 * errors. Those two messages, exactly, are its gap and not ours; every other message counts.
 */
export function isOutdatedCssGrammar(message: string): boolean {
  return (
    message === "CSS: Unrecognized at-rule “@container”" ||
    /^CSS: “container-(type|name)”: Property “container-(type|name)” doesn't exist\.$/.test(message)
  );
}

// The HTML does not depend on the width: the desktop project checks every built page once, in one run of vnu.
test("every built page is valid HTML (Nu HTML Checker)", async ({ isMobile }) => {
  test.skip(isMobile, "the HTML is the same at every width");
  test.setTimeout(120_000);
  // Files whose names start with "_" are not served (React Router's SPA fallback, the deploy files).
  const pages = readdirSync(clientDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".html") && !file.split("/").some((part) => part.startsWith("_")))
    .map((file) => join(clientDir, file));
  expect(pages.length).toBeGreaterThan(30);
  const vnu = join(import.meta.dirname, "..", "node_modules", "vnu-jar", "build", "dist", "vnu.jar");
  let report = "";
  try {
    execFileSync("java", ["-jar", vnu, "--format", "json", "--errors-only", ...pages], { stdio: "pipe" });
  } catch (error) {
    report = String((error as { stderr?: Buffer }).stderr ?? "");
  }
  const messages =
    report === "" ? [] : (JSON.parse(report) as { messages: { url: string; message: string }[] }).messages;
  const errors = messages
    .filter((entry) => !isOutdatedCssGrammar(entry.message))
    .map((entry) => `${entry.url.slice(entry.url.indexOf("/client/") + 7)}: ${entry.message}`);
  expect(errors).toEqual([]);
});
