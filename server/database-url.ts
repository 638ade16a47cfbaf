import { resolve } from "node:path";

/**
 * Where the data lives, from DATABASE_URL: embedded SQLite (the default, nothing to install) or PostgreSQL (for
 * several servers sharing one database). INBOX_DB, the older setting, still names the SQLite file.
 */
export type DatabaseSetting =
  | { engine: "sqlite"; path: string }
  | {
      engine: "postgres";
      url: string;
      /** The address without its password, for logs and messages. */
      safeUrl: string;
    };

/** A DATABASE_URL (or INBOX_DB) that cannot be used; the message names the variable and never the password. */
export class DatabaseSettingError extends Error {
  override name = "DatabaseSettingError";
}

/** The address with any password replaced, so that it can be printed. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    // Unparsable: the part between "://" and "@" may hold a password, so it goes whole.
    return url.replace(/\/\/[^/@]*@/, "//***@");
  }
}

/**
 * One DATABASE_URL, trimmed and not empty: `sqlite:PATH` (relative to the working folder, or absolute:
 * `sqlite:/var/lib/x.sqlite`, `sqlite:///var/lib/x.sqlite`), or `postgres://user:password@host:port/database`
 * (`postgresql://` too).
 */
export function parseDatabaseUrl(raw: string): DatabaseSetting {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1]?.toLowerCase();
  if (scheme === "sqlite") {
    const path = raw.slice("sqlite:".length).replace(/^\/\/(?=\/)/, "");
    if (path === "" || path === "//") {
      throw new DatabaseSettingError("DATABASE_URL: sqlite: needs a file, such as sqlite:data/inbox.sqlite");
    }
    return { engine: "sqlite", path: resolve(path) };
  }
  if (scheme === "postgres" || scheme === "postgresql") return postgres(raw);
  const shown = scheme ? `${scheme}:` : `"${withoutPassword(raw).slice(0, 40)}"`;
  throw new DatabaseSettingError(
    `DATABASE_URL must start with postgres:// or sqlite: (got ${shown}); leave it unset for data/inbox.sqlite`,
  );
}

function postgres(raw: string): DatabaseSetting {
  const safeUrl = withoutPassword(raw);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DatabaseSettingError(
      `DATABASE_URL is not a valid address (${safeUrl}); write it as postgres://user:password@host:5432/database, ` +
        "with any special character in the password percent-encoded",
    );
  }
  if (url.hostname === "") {
    throw new DatabaseSettingError(
      `DATABASE_URL names no host (${safeUrl}): postgres://user:password@host:5432/database`,
    );
  }
  if (url.port !== "" && !(Number(url.port) > 0 && Number(url.port) < 65536)) {
    throw new DatabaseSettingError(`DATABASE_URL has port ${url.port}, which is not a port (${safeUrl})`);
  }
  if (url.pathname.replace(/^\//, "") === "") {
    throw new DatabaseSettingError(
      `DATABASE_URL names no database (${safeUrl}): postgres://user:password@host:5432/database`,
    );
  }
  return { engine: "postgres", url: raw, safeUrl };
}

/** How the setting is named in logs: the file, or the address without its password. */
export function describeDatabase(setting: DatabaseSetting): string {
  return setting.engine === "sqlite" ? `SQLite ${setting.path}` : `PostgreSQL ${setting.safeUrl}`;
}
