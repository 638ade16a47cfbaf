import { parseArgs, type ParseArgsConfig } from "node:util";

type Parsed<T extends ParseArgsConfig> = ReturnType<typeof parseArgs<T>>;

/**
 * A command's arguments, read by node:util's parseArgs, for the commands that answer alike (npm run backup,
 * restore, doctor, stats): the parsed arguments, or the exit code when the command is done already, 2 after an
 * option it does not know (the message, then the help, on stderr) and 0 after --help (the help, on stdout).
 */
export function commandArgs<T extends ParseArgsConfig & { options: { help: { type: "boolean" } } }>(
  config: T,
  help: string,
): Parsed<T> | number {
  let parsed: Parsed<T>;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n\n${help}`);
    return 2;
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(help);
    return 0;
  }
  return parsed;
}
