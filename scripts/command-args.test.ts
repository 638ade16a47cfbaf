import { afterEach, describe, expect, it, vi } from "vitest";
import { commandArgs } from "./command-args";

const help = "Usage: npm run example -- [--days N]";
const config = (args: string[]) =>
  ({
    args,
    options: { days: { type: "string", default: "7" }, help: { type: "boolean", default: false } },
    allowPositionals: true,
  }) as const;

describe("a command's arguments", () => {
  afterEach(() => vi.restoreAllMocks());

  it("gives the values and positionals read", () => {
    const args = commandArgs(config(["--days", "30", "file.sqlite"]), help);
    expect(args).toMatchObject({ values: { days: "30", help: false }, positionals: ["file.sqlite"] });
  });

  it("exits 2 on an option it does not know, with the message and the help on stderr", () => {
    const stderr = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(commandArgs(config(["--dayz", "30"]), help)).toBe(2);
    expect(stderr).toHaveBeenCalledWith(expect.stringMatching(/Unknown option '--dayz'[\s\S]*Usage: npm run example/));
  });

  it("exits 0 after printing the help for --help", () => {
    const stdout = vi.spyOn(console, "log").mockImplementation(() => {});
    expect(commandArgs(config(["--help"]), help)).toBe(0);
    expect(stdout).toHaveBeenCalledWith(help);
  });
});
