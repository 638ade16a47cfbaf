import { describe, expect, it } from "vitest";
import { readInboxConfig } from "./inbox/config";
import { defaultSpamConfig } from "./inbox/spam";
import { readServerSettings, ServerSettingsError, settingsTable } from "./settings";

/*
 * Issue 36: the server's settings are one schema, read once at start. Its defaults are what the server does with
 * nothing set, and a bad value stops the start with a message naming the variable.
 */
describe("the server's settings", () => {
  it("default to a working local server", () => {
    const settings = readServerSettings({});
    expect(settings).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      LOG: true,
      LOG_VISITORS: false,
      TRUST_PROXY: false,
      INBOX_RATE_LIMIT: 10,
      INBOX_ALLOWED_ORIGINS: [],
      INBOX_MIN_FILL_SECONDS: 3,
      INBOX_POW_MAX_NUMBER: 50_000,
      SMTP_USER: "",
      SMTP_PASS: "",
      RETENTION_MONTHS: 24,
      OFFICE_DIGEST: true,
      CMS_BACKEND: "github",
      CMS_BRANCH: "main",
      SITE_URL: "http://localhost:3000",
      AGENCY_NAME: "Karama Visa & Travel",
    });
    // Unset, another setting or the part that reads it decides.
    for (const name of ["BUILD_DIR", "CLIENT_ROOT", "DATABASE_URL", "INBOX_DB", "SMTP_HOST", "SMTP_PORT"] as const) {
      expect(settings[name], name).toBeUndefined();
    }
    expect([settings.SMTP_SECURE, settings.MAIL_FROM, settings.OFFICE_URL, settings.ENV_FILE]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // The spam checks' own defaults are the settings' defaults.
    expect(readInboxConfig({}, "a@b.example").spam).toEqual(defaultSpamConfig);
  });

  it("read an empty variable as unset, and a blank one too for the server's own", () => {
    const unset = readServerSettings({});
    const empty = Object.fromEntries(settingsTable().map(({ name }) => [name, ""]));
    expect(readServerSettings(empty)).toEqual(unset);
    const own = ["PORT", "HOST", "BUILD_DIR", "CLIENT_ROOT", "INBOX_RATE_LIMIT", "INBOX_MIN_FILL_SECONDS", "SMTP_PORT"];
    expect(readServerSettings(Object.fromEntries(own.map((name) => [name, "  "])))).toEqual(unset);
  });

  it("read each value as the server uses it", () => {
    expect(
      readServerSettings({
        PORT: "0",
        HOST: "127.0.0.1",
        LOG: "off",
        LOG_VISITORS: " ON ",
        TRUST_PROXY: "127.0.0.1, ::1",
        INBOX_ALLOWED_ORIGINS: " https://cdn.example.net/ , http://localhost:5173",
        SMTP_SECURE: "yes",
        SMTP_PORT: "2525",
        RETENTION_MONTHS: "6",
        OFFICE_DIGEST: "off",
      }),
    ).toMatchObject({
      PORT: 0,
      HOST: "127.0.0.1",
      LOG: false,
      LOG_VISITORS: true,
      TRUST_PROXY: "127.0.0.1,::1",
      INBOX_ALLOWED_ORIGINS: ["https://cdn.example.net", "http://localhost:5173"],
      SMTP_SECURE: true,
      SMTP_PORT: 2525,
      RETENTION_MONTHS: 6,
      OFFICE_DIGEST: false,
    });
    // Only "off" silences the log, as it always has.
    expect(readServerSettings({ LOG: "OFF" }).LOG).toBe(true);
  });

  it("stop at a bad value with a message naming the variable", () => {
    expect(() => readServerSettings({ PORT: "eighty" })).toThrow(
      new ServerSettingsError(['PORT must be a port number from 0 to 65535, not "eighty"']),
    );
    expect(() => readServerSettings({ LOG_VISITORS: "yes" })).toThrow('LOG_VISITORS must be on or off, not "yes"');
    expect(() => readServerSettings({ TRUST_PROXY: "nginx" })).toThrow(/^TRUST_PROXY must be the proxy's addresses/);
    expect(() => readServerSettings({ SITE_URL: "example.ae" })).toThrow(/^SITE_URL: /);
  });

  it("name every bad variable at once, one a line", () => {
    let thrown: unknown;
    try {
      readServerSettings({ RETENTION_MONTHS: "0", OFFICE_DIGEST: "daily", DATABASE_URL: "mysql://db/karama" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ServerSettingsError);
    expect((thrown as ServerSettingsError).problems).toEqual([
      "DATABASE_URL must start with postgres:// or sqlite: (got mysql:); leave it unset for data/inbox.sqlite",
      'RETENTION_MONTHS must be a whole number of months from 1 to 600, not "0"',
      'OFFICE_DIGEST must be on or off, not "daily"',
    ]);
    expect((thrown as Error).message).toBe(
      "3 settings are wrong:\n  " + (thrown as ServerSettingsError).problems.join("\n  "),
    );
  });

  it("describe each one in a line, with its default as README shows it", () => {
    const table = settingsTable();
    const of = (name: string) => table.find((row) => row.name === name);
    expect(of("PORT")).toEqual({ name: "PORT", default: "`3000`", about: "the server's port (0: any free one)" });
    expect(of("FORM_ACCESS_KEY")?.default).toBe("empty");
    expect(of("SMTP_HOST")?.default).toBe("unset");
    expect(of("MAIL_FROM")?.default).toBe("`AGENCY_EMAIL`");
    for (const row of table) expect(row.about, row.name).toMatch(/^[^\n]{10,120}$/);
  });
});
