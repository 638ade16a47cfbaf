import { type InboxConfig, inboxDefaults } from "../inbox/config";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A temporary directory with just enough of a client build for buildServer: a home page and a 404 page. */
export function makeFakeClientRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "inbox-client-"));
  writeFileSync(join(root, "index.html"), "<!doctype html><title>Home</title>");
  mkdirSync(join(root, "404"));
  writeFileSync(join(root, "404", "index.html"), "<!doctype html><title>Not found</title>");
  return root;
}

export function makeTempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** An inbox for tests of the server: a database in `dir`, no rate limit, no SMTP, fast retries. */
export function testInboxConfig(dir: string, overrides: Partial<InboxConfig> = {}): InboxConfig {
  return {
    database: { engine: "sqlite", path: join(dir, "inbox.sqlite") },
    rateLimit: 0,
    mailTo: "a@b.example",
    smtp: null,
    retry: { baseMs: 50, maxMs: 200 },
    allowedOrigins: [],
    ...inboxDefaults,
    pollMs: 100,
    reopenMs: 100,
    spam: null,
    ...overrides,
  };
}
