import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";

/*
 * A throwaway PostgreSQL cluster for the tests: Debian's `postgresql` package (initdb and pg_ctl), a temporary
 * folder and a free port on loopback, started by the test set-up and removed after it. Run as root, the server's
 * commands run as the `postgres` user, as PostgreSQL requires.
 */

const run = promisify(execFile);

/** Where Debian puts the server's programs: the newest version's bin folder; PG_BIN overrides. */
export function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest || !existsSync(join(root, newest, "bin", "initdb"))) {
    throw new Error(
      "The tests need PostgreSQL's server programs (initdb, pg_ctl): apt-get install postgresql, or set PG_BIN " +
        "to the folder that holds them",
    );
  }
  return join(root, newest, "bin");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface Cluster {
  /** A superuser's address for a database on it (postgres by default). */
  url(database?: string): string;
  /** Stops the server at once, as a crash would (immediate mode); `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  const bin = binDir();
  const folder = mkdtempSync(join(tmpdir(), "karama-pg-"));
  const data = join(folder, "data");
  const asRoot = process.getuid?.() === 0;
  let uid = 0;
  let gid = 0;
  if (asRoot) {
    uid = Number((await run("id", ["-u", "postgres"])).stdout.trim());
    gid = Number((await run("id", ["-g", "postgres"])).stdout.trim());
    chownSync(folder, uid, gid);
  }
  // As root: the same command through runuser, as the postgres user.
  const pgCommand = (program: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", join(bin, program), ...args]) : run(join(bin, program), args);

  await pgCommand("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"]);
  const port = await freePort();
  // fsync off: the tests stop the server, never the machine. Commits are still acknowledged only once written.
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = async () => {
    await pgCommand("pg_ctl", ["-D", data, "-o", options, "-l", join(folder, "log"), "-w", "-t", "60", "start"]);
  };
  const stop = async () => {
    await pgCommand("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
  };
  await start();
  let running = true;
  return {
    url: (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async remove() {
      if (running) await stop().catch(() => {});
      running = false;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A new, empty database on the cluster whose superuser address is `adminUrl`: its address, and how to drop it
 * (with any connection still open to it).
 */
export async function createDatabase(
  adminUrl: string,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The whole database as pg_dump writes it (plain SQL, bytea in hex): what a stolen backup would show. */
export async function dumpDatabase(url: string): Promise<string> {
  const { stdout } = await run(join(binDir(), "pg_dump"), ["--no-owner", "--dbname", url], {
    maxBuffer: 512 * 1024 * 1024,
  });
  return stdout;
}
