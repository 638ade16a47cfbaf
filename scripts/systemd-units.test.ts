// @vitest-environment node
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { serverEnvironment, serverNodeFlags } from "../server/node-flags";
import { afterAll, describe, expect, it } from "vitest";

/*
 * Issue 39: the systemd units of deploy/ (the server, and the nightly backup with its timer), checked by systemd's
 * own systemd-analyze verify. It wants ExecStart's program to exist: each file is copied into a temporary folder
 * with the machine's paths (Node, the project, the user) swapped for this one's, every other line as it is.
 */

const run = promisify(execFile);
const root = join(import.meta.dirname, "..");
const analyze = "/usr/bin/systemd-analyze";
const units = ["karama.service", "karama-backup.service", "karama-backup.timer"];
const text = (name: string) => readFileSync(join(root, "deploy", name), "utf8");
/** The active lines of a unit's section `[name]`: no comments, no blanks. */
const section = (unit: string, name: string) =>
  (unit.split(/^\[/m).find((part) => part.startsWith(`${name}]`)) ?? "")
    .split("\n")
    .slice(1)
    .filter((line) => line.trim() !== "" && !line.startsWith("#"));

describe("the units say what the issue asks", () => {
  const server = section(text("karama.service"), "Service");
  const backup = section(text("karama-backup.service"), "Service");

  it("the server: restarted on failure, a user of its own, stopped with SIGTERM in a bounded time", () => {
    expect(server).toEqual(
      expect.arrayContaining([
        "Restart=on-failure",
        "User=karama",
        "Group=karama",
        "KillSignal=SIGTERM",
        "TimeoutStopSec=30s",
        `ExecStart=/usr/local/bin/node ${serverNodeFlags.join(" ")} --import tsx server/index.ts`,
        ...Object.entries(serverEnvironment).map(([name, value]) => `Environment=${name}=${value}`),
        "WorkingDirectory=/srv/karama/current",
      ]),
    );
    expect(existsSync(join(root, "server", "index.ts"))).toBe(true);
    // npm run serve runs it the same way (issue 56: the young generation's size, server/node-flags.ts).
    const scripts = (
      JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }
    ).scripts;
    const environment = Object.entries(serverEnvironment).map(([name, value]) => `${name}=${value} `);
    expect(scripts.serve).toBe(`${environment.join("")}node ${serverNodeFlags.join(" ")} --import tsx server/index.ts`);
  });

  it.each([
    ["karama.service", server],
    ["karama-backup.service", backup],
  ])("%s writes only to the data folder, and leaves V8's JIT alone", (_name, lines) => {
    expect(lines).toEqual(
      expect.arrayContaining([
        "ProtectSystem=strict",
        "ProtectHome=true",
        "PrivateTmp=true",
        "NoNewPrivileges=true",
        "StateDirectory=karama",
        "User=karama",
      ]),
    );
    expect(lines.filter((line) => line.startsWith("ReadWritePaths="))).toEqual(["ReadWritePaths=/var/lib/karama"]);
    expect(lines.filter((line) => /^MemoryDenyWriteExecute=/.test(line))).toEqual([]);
  });

  it("the backup runs npm run backup's script every night, as the server's user", () => {
    expect(backup).toEqual(
      expect.arrayContaining(["Type=oneshot", "ExecStart=/usr/local/bin/node --import tsx scripts/backup.ts"]),
    );
    expect(existsSync(join(root, "scripts", "backup.ts"))).toBe(true);
    const timer = section(text("karama-backup.timer"), "Timer");
    expect(timer).toEqual(
      expect.arrayContaining(["OnCalendar=*-*-* 02:30:00 Asia/Dubai", "Persistent=true", "Unit=karama-backup.service"]),
    );
  });
});

const present = existsSync(analyze);
describe.skipIf(!present)(
  `systemd-analyze verify${present ? "" : " (skipped: systemd-analyze is not installed here)"}`,
  () => {
    const folder = mkdtempSync(join(tmpdir(), "karama-units-"));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));
    const user = userInfo().username;

    /** The unit with this machine's paths: each swap must find its text, or the copy would check nothing. */
    function localCopy(name: string, change: (unit: string) => string = (unit) => unit): string {
      let unit = text(name);
      const swaps: [string, string][] = [
        ["/usr/local/bin/node", process.execPath],
        ["/srv/karama/current", root],
        ["User=karama", `User=${user}`],
        ["Group=karama", `Group=${user}`],
      ];
      for (const [from, to] of name.endsWith(".timer") ? [] : swaps) {
        expect(unit, `${name} names ${from}`).toContain(from);
        unit = unit.replaceAll(from, to);
      }
      const path = join(folder, name);
      writeFileSync(path, change(unit));
      return path;
    }

    /** What systemd-analyze verify says about the files (its other lines, about the host's own units, left out). */
    async function verify(paths: string[]): Promise<{ code: number; said: string[] }> {
      let code = 0;
      let output = "";
      try {
        const { stdout, stderr } = await run(analyze, ["verify", "--man=no", ...paths], { cwd: folder });
        output = stdout + stderr;
      } catch (error) {
        const failed = error as { code?: number; stdout?: string; stderr?: string };
        code = failed.code ?? 1;
        output = (failed.stdout ?? "") + (failed.stderr ?? "");
      }
      const said = output.split("\n").filter((line) => units.some((name) => line.includes(name)));
      return { code, said };
    }

    it("passes the three units, with nothing to say", async () => {
      expect(await verify(units.map((name) => localCopy(name)))).toEqual({ code: 0, said: [] });
    });

    it.each([
      ["a misspelt option", (unit: string) => unit.replace("ProtectSystem=strict", "ProtectSytem=strict")],
      [
        "an option in the wrong section",
        (unit: string) => unit.replace("KillSignal=SIGTERM", "[Install]\nKillSignal=SIGTERM"),
      ],
      ["a bad value", (unit: string) => unit.replace("Restart=on-failure", "Restart=sometimes")],
      ["a program that is not there", (unit: string) => unit.replace(/^ExecStart=\S+/m, "ExecStart=/nonexistent/node")],
    ])("fails a broken copy of karama.service: %s", async (_what, change) => {
      const result = await verify([localCopy("karama.service", change)]);
      expect(result.code !== 0 || result.said.length > 0, result.said.join("\n")).toBe(true);
    });

    it("rates the server's unit's exposure OK (systemd-analyze security)", async () => {
      const { stdout } = await run(analyze, ["security", "--offline=true", "--no-pager", localCopy("karama.service")], {
        cwd: folder,
      });
      const level = Number(/Overall exposure level for karama\.service: ([\d.]+)/.exec(stdout)?.[1]);
      expect(level).toBeLessThan(3);
    });
  },
);
