import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseEnv } from "node:util";

/**
 * The settings file: a `.env` beside the project, read by the server, the build and every command, so that
 * they all see the same settings whatever shell (and working folder) they run from. Values already in the real
 * environment win over the file, even an empty one. ENV_FILE names another file, or `off` for none (the tests
 * set it: a developer's .env never reaches a test run). Parsed by Node's own `util.parseEnv`, after a check
 * that every line is a setting: Node skips a line it cannot read without a word, and a misspelt SITE_URL would
 * then print invitation links for localhost.
 */

export const repoRoot = join(import.meta.dirname, "..");

export class EnvFileError extends Error {
  override name = "EnvFileError";
}

export interface EnvFileLoaded {
  /** The file read, or null: none (ENV_FILE=off, or no .env beside the project). */
  file: string | null;
  /** The names the file gave, sorted. */
  applied: string[];
  /** The names the file has but the environment already set, so the environment's value stands, sorted. */
  overridden: string[];
}

/** The file to read: ENV_FILE, else `.env` beside the project; null with ENV_FILE=off. */
export function envFilePath(env: Record<string, string | undefined>, root = repoRoot): string | null {
  const named = env.ENV_FILE?.trim() ?? "";
  if (named.toLowerCase() === "off") return null;
  return named === "" ? join(root, ".env") : resolve(named);
}

const setting = /^\s*(?:export\s+)?[A-Za-z_][A-Za-z0-9_]*\s*=(.*)$/;
const quotes = ['"', "'", "`"];

/** Every line a setting, a comment or blank; a quoted value may go on over several lines, as Node reads it. */
function check(text: string, file: string): void {
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? "";
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    const match = setting.exec(line);
    if (!match) {
      throw new EnvFileError(
        `${file}, line ${index + 1}: not a setting. Write NAME=value (such as SITE_URL=https://www.example.ae); ` +
          "a line starting with # is a comment",
      );
    }
    const value = (match[1] ?? "").trimStart();
    const quote = quotes.find((mark) => value.startsWith(mark));
    if (quote === undefined || value.indexOf(quote, 1) !== -1) continue;
    // The value goes on to the line holding its closing quote.
    const closing = lines.findIndex((later, at) => at > index && later.includes(quote));
    if (closing === -1) {
      throw new EnvFileError(`${file}, line ${index + 1}: the value's opening ${quote} is never closed`);
    }
    index = closing;
  }
}

/** The settings a file holds; an EnvFileError says where a line is wrong (never what it holds: it may be a password). */
export function parseEnvFile(text: string, file: string): Record<string, string> {
  check(text, file);
  return parseEnv(text) as Record<string, string>;
}

/** Reads the settings file into `env` (process.env by default) under what `env` already sets. */
export function loadEnvFile(env: Record<string, string | undefined> = process.env, root = repoRoot): EnvFileLoaded {
  const file = envFilePath(env, root);
  const named = (env.ENV_FILE?.trim() ?? "") !== "";
  if (file === null) return { file: null, applied: [], overridden: [] };
  if (!existsSync(file)) {
    if (named) throw new EnvFileError(`ENV_FILE names ${file}, which does not exist`);
    return { file: null, applied: [], overridden: [] };
  }
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const why = error instanceof Error && "code" in error ? ` (${String(error.code)})` : "";
    throw new EnvFileError(`${file} cannot be read${why}`);
  }
  const values = parseEnvFile(text, file);
  const applied: string[] = [];
  const overridden: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (env[name] !== undefined) {
      overridden.push(name);
    } else {
      env[name] = value;
      applied.push(name);
    }
  }
  return { file, applied: applied.sort(), overridden: overridden.sort() };
}

/** The entry points' way in: reads the file into process.env, or stops with its message alone. */
export function loadEnvFileOrStop(what: string): EnvFileLoaded {
  try {
    return loadEnvFile();
  } catch (error) {
    console.error(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

/** Beside `client/` in a build: what the build read from a settings file (postbuild writes it). */
export const buildStampName = "settings-file.json";

/**
 * Why the end-to-end tests cannot use this build, or null: they expect pages built from the environment alone,
 * and a build that took settings from a developer's .env (SITE_URL, the agency's phone…) is not what they check.
 */
export function testBuildProblem(buildDir: string): string | null {
  let stamp: Partial<EnvFileLoaded>;
  try {
    stamp = JSON.parse(readFileSync(join(buildDir, buildStampName), "utf8")) as Partial<EnvFileLoaded>;
  } catch {
    return null;
  }
  const applied = Array.isArray(stamp.applied) ? stamp.applied : [];
  if (applied.length === 0) return null;
  return (
    `The build in ${buildDir} took ${applied.join(", ")} from ${String(stamp.file)}; the end-to-end tests need a ` +
    'build from the environment alone: run "ENV_FILE=off npm run build" first (npm test does this itself).'
  );
}
