import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { type IncomingHttpHeaders, request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { join } from "node:path";

/* A real Caddy for the tests (Debian's package), run from a folder of the test's own (e2e/caddy.spec.ts). */

/** Whether Caddy (Debian's package: apt-get install caddy) can be run here, for the tests that need a real one. */
export function caddyIsInstalled(): boolean {
  return spawnSync("caddy", ["version"], { stdio: "ignore" }).status === 0;
}

/** Where a test's Caddy keeps its certificates and its CA: the `storage` of its CaddyTestRun. */
export const caddyStorage = (dir: string): string => join(dir, "storage");

export interface RunningCaddy {
  /** The PEM of its own CA's root, for a client that should trust it (and nothing more). */
  rootCa: string;
  /**
   * The base64 SHA-256 of the public keys of its root and intermediate, for Chromium's
   * --ignore-certificate-errors-spki-list: its certificates, and no others, are then valid to the browser, as a
   * real one is to a visitor's (ignoreHTTPSErrors would accept any certificate, a wrong one too).
   */
  spkiHashes: string[];
  /** What it has written so far. */
  output: () => string;
  /** Stops it (SIGTERM) and waits until it has gone. */
  stop: () => Promise<void>;
}

const spkiHash = (pem: string) =>
  createHash("sha256")
    .update(new X509Certificate(pem).publicKey.export({ type: "spki", format: "der" }))
    .digest("base64");

/**
 * Runs Caddy with this Caddyfile from `dir` (its storage in caddyStorage(dir), its HOME and XDG folders there too,
 * so nothing is written to the user's), and resolves once `probe` (an https address it serves) answers over TLS
 * with a certificate of its own CA.
 */
export async function startCaddy(
  dir: string,
  caddyfile: string,
  probe: string,
  timeoutMs = 30_000,
): Promise<RunningCaddy> {
  const file = join(dir, "Caddyfile");
  writeFileSync(file, caddyfile);
  const child: ChildProcess = spawn("caddy", ["run", "--adapter", "caddyfile", "--config", file], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: join(dir, "home"),
      XDG_DATA_HOME: join(dir, "data"),
      XDG_CONFIG_HOME: join(dir, "config"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const stop = async () => {
    if (!gone) child.kill("SIGTERM");
    await exited;
  };

  const authority = join(caddyStorage(dir), "pki", "authorities", "local");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`Caddy stopped before it served ${probe}:\n${output}`);
    if (existsSync(join(authority, "intermediate.crt"))) {
      const rootCa = readFileSync(join(authority, "root.crt"), "utf8");
      const answered = await fetchOver(probe, { ca: rootCa }).then(
        () => true,
        () => false,
      );
      if (answered) {
        const intermediate = readFileSync(join(authority, "intermediate.crt"), "utf8");
        return { rootCa, spkiHashes: [spkiHash(rootCa), spkiHash(intermediate)], output: () => output, stop };
      }
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Caddy did not serve ${probe} within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The headers as sent, name (lowercase) and value, one entry per line: a header sent twice is there twice. */
  lines: [string, string][];
  body: Buffer;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** For https: the only CA trusted (Caddy's root). */
  ca?: string;
  /** The loopback address to send from (127.0.0.2…): another visitor to Caddy. */
  from?: string;
  /** How long the answer may be silent before the request fails (10 s by default). */
  timeoutMs?: number;
}

/**
 * One HTTP/1.1 request, the answer as it came: no redirect followed, nothing decompressed, every header line kept.
 * https is verified against `ca` alone.
 */
export function fetchOver(
  url: string,
  { method = "GET", headers = {}, body, ca, from, timeoutMs = 10_000 }: RawRequest = {},
): Promise<RawAnswer> {
  const target = new URL(url);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }) },
        ...(target.protocol === "https:" ? { ca, servername: target.hostname } : {}),
        // Caddy listens on 127.0.0.1 only (default_bind), not on ::1.
        family: 4,
        ...(from ? { localAddress: from } : {}),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const lines: [string, string][] = [];
          for (let i = 0; i < response.rawHeaders.length; i += 2) {
            lines.push([(response.rawHeaders[i] ?? "").toLowerCase(), response.rawHeaders[i + 1] ?? ""]);
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, lines, body: Buffer.concat(chunks) });
        });
      },
    );
    request.setTimeout(timeoutMs, () =>
      request.destroy(new Error(`${method} ${url}: no answer within ${timeoutMs / 1000} s`)),
    );
    request.on("error", reject);
    request.end(body);
  });
}
