import { execFileSync } from "node:child_process";
import { join } from "node:path";

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

/** The Nu HTML Checker's errors on the given HTML files, one run of vnu, as `path/index.html: message`. */
export function htmlErrors(pages: readonly string[]): string[] {
  const vnu = join(import.meta.dirname, "..", "node_modules", "vnu-jar", "build", "dist", "vnu.jar");
  let report = "";
  try {
    execFileSync("java", ["-jar", vnu, "--format", "json", "--errors-only", ...pages], { stdio: "pipe" });
  } catch (error) {
    report = String((error as { stderr?: Buffer }).stderr ?? "");
  }
  const messages =
    report === "" ? [] : (JSON.parse(report) as { messages: { url: string; message: string }[] }).messages;
  return messages
    .filter((entry) => !isOutdatedCssGrammar(entry.message))
    .map((entry) => `${entry.url.slice(entry.url.indexOf("/client/") + 7)}: ${entry.message}`);
}
