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

/**
 * The JVM's options for one short run of the checker: the quick compiler only (the optimising one spent more CPU
 * compiling than it saved in a run of seconds: 4.4 CPU-s for the 36 pages instead of 10, the same report), whose
 * code needs a deeper stack than the checker's schema (1 MB fails with "requires a java thread stack size").
 */
const jvmOptions = ["-XX:TieredStopAtLevel=1", "-Xss8m"];

/** The Nu HTML Checker's errors on the given HTML files, one run of vnu, as `path/index.html: message`. */
export function htmlErrors(pages: readonly string[]): string[] {
  const vnu = join(import.meta.dirname, "..", "node_modules", "vnu-jar", "build", "dist", "vnu.jar");
  let report = "";
  try {
    execFileSync("java", [...jvmOptions, "-jar", vnu, "--format", "json", "--errors-only", ...pages], {
      stdio: "pipe",
    });
  } catch (error) {
    report = String((error as { stderr?: Buffer }).stderr ?? "");
  }
  const messages =
    report === "" ? [] : (JSON.parse(report) as { messages: { url: string; message: string }[] }).messages;
  return messages
    .filter((entry) => !isOutdatedCssGrammar(entry.message))
    .map((entry) => `${entry.url.slice(entry.url.indexOf("/client/") + 7)}: ${entry.message}`);
}
