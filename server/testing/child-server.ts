import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { serverEnvironment, serverNodeFlags } from "../node-flags";

export interface ChildServer {
  process: ChildProcess;
  url: string;
  /** Resolves with the exit code or signal once the process has gone. */
  exited: Promise<string>;
  /** Everything it has written to stdout and stderr so far. */
  output: () => string;
}

const repoRoot = join(import.meta.dirname, "..", "..");

/**
 * Starts the real production entry point (server/index.ts) as its own process on a free loopback port and
 * resolves once it says where it listens. `shell` is the environment it starts from: the test's own, or a bare
 * one (a test of the settings file).
 */
export function spawnServer(
  env: Record<string, string>,
  // The server bundles the office's script at start: 20 s was not always enough on a busy two-core machine.
  timeoutMs = 60_000,
  shell: Record<string, string | undefined> = process.env,
): Promise<ChildServer> {
  const child = spawn(process.execPath, [...serverNodeFlags, "--import", "tsx", join(repoRoot, "server", "index.ts")], {
    cwd: repoRoot,
    // DATABASE_URL only when the test gives one: a developer's own must never receive a test's enquiries. Nor
    // does their settings file (.env) reach a test's server, unless the test names one (ENV_FILE).
    env:
      shell === process.env
        ? {
            ...shell,
            ...serverEnvironment,
            DATABASE_URL: "",
            ENV_FILE: "off",
            HOST: "127.0.0.1",
            PORT: "0",
            LOG: "off",
            ...env,
          }
        : { ...shell, ...serverEnvironment, HOST: "127.0.0.1", PORT: "0", LOG: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<string>((resolve) => {
    child.once("exit", (code, signal) => resolve(signal ?? String(code)));
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Site ready on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ process: child, url: `http://127.0.0.1:${match[1]}`, exited, output: () => output });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${how}) before it was ready:\n${output}`));
    });
  });
}
