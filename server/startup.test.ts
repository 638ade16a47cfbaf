// @vitest-environment node
import { describe, expect, it } from "vitest";
import { readSettings } from "../app/lib/settings";
import { readOfficeSetting } from "./office/config";
import { startupMessage } from "./startup";

const enquiries = "Enquiries: stored in SQLite /srv/karama/data/inbox.sqlite";

function message(env: Record<string, string>, envFile = { file: null, applied: [], overridden: [] } as never) {
  const settings = readSettings(env);
  return startupMessage({
    env,
    port: 3000,
    host: "0.0.0.0",
    siteUrl: settings.siteUrl,
    office: readOfficeSetting(env, settings),
    enquiries,
    envFile,
  });
}

describe("the server's start-up message", () => {
  it("names the public address and the office's, and where each came from", () => {
    const lines = message({ SITE_URL: "https://www.example.ae", OFFICE_URL: "https://office.example.ae" });
    expect(lines).toEqual([
      "Site ready on http://localhost:3000 (listening on 0.0.0.0, port 3000)",
      "Public address: https://www.example.ae (SITE_URL)",
      "Back office: https://office.example.ae/office (OFFICE_URL): passkeys and invitation links work at this " +
        "address only",
      enquiries,
      "Settings: from the environment only (no .env file beside the project)",
    ]);
  });

  it("gives the office SITE_URL's address when OFFICE_URL is unset", () => {
    const lines = message({ SITE_URL: "https://www.example.ae" });
    expect(lines[2]).toBe(
      "Back office: https://www.example.ae/office (SITE_URL): passkeys and invitation links work at this address only",
    );
  });

  it("says plainly when SITE_URL is not set: every address names this computer", () => {
    const lines = message({});
    expect(lines[1]).toBe(
      "Public address: http://localhost:3000 (SITE_URL is not set: links and invitations name this computer; set " +
        "SITE_URL in the environment or in .env)",
    );
    expect(lines[2]).toBe(
      "Back office: http://localhost:3000/office (SITE_URL): passkeys and invitation links work at this address only",
    );
  });

  it("says why the office is off", () => {
    const lines = message({ SITE_URL: "http://www.example.ae" });
    expect(lines[2]).toMatch(/^Back office: off: SITE_URL: "http:\/\/www\.example\.ae" must be https/);
  });

  it("names the settings file read, and what the environment set over it", () => {
    const lines = message({ SITE_URL: "https://www.example.ae" }, {
      file: "/srv/karama/.env",
      applied: ["OFFICE_URL", "SMTP_HOST"],
      overridden: ["PORT"],
    } as never);
    expect(lines.at(-1)).toBe(
      "Settings: the environment, then /srv/karama/.env (2 settings) for what the environment does not set " +
        "(the environment's own: PORT)",
    );
    expect(message({ ENV_FILE: "off" }).at(-1)).toBe("Settings: from the environment only (ENV_FILE=off)");
    expect(message({}, { file: "/srv/karama/.env", applied: ["SITE_URL"], overridden: [] } as never).at(-1)).toBe(
      "Settings: the environment, then /srv/karama/.env (1 setting) for what the environment does not set",
    );
  });
});
