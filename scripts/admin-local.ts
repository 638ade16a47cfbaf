/**
 * `npm run admin`: the editor on this computer, against the working copy. Starts Decap's local backend
 * (decap-server, which reads and writes the files of this folder directly, no git host, no sign-in), builds the
 * site with the editor pointed at it, and serves the build; both listen on loopback only. "Publish" in the editor
 * writes content/*.yaml (and uploads to content/images) at once; `npm run dev` in another terminal shows the pages
 * change as you publish, and `npm test` checks them.
 *
 *   ADMIN_PORT          the editor's page, default 3001: http://127.0.0.1:3001/admin
 *   ADMIN_BACKEND_PORT  decap-server, default 8081
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { readSettings } from "../app/lib/settings";
import { readCmsSettings } from "../server/admin";
import { buildServer } from "../server/app";
import { loadEnvFileOrStop } from "../server/env-file";
import { readInboxConfig } from "../server/inbox/config";

const require = createRequire(import.meta.url);
const root = join(import.meta.dirname, "..");

/** How long decap-server is given to answer. */
const startWaitMs = 60_000;

/**
 * Starts decap-server on 127.0.0.1:`port` over the files of `repo`; resolves once it answers, with its API address.
 * Its output goes to this terminal, or to `log` when one is given (the end-to-end test keeps it for a failure).
 */
export async function startLocalBackend(
  repo: string,
  port: number,
  log?: (text: string) => void,
): Promise<{ api: string; process: ChildProcess }> {
  const child = spawn(process.execPath, [require.resolve("decap-server/dist/index.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      BIND_HOST: "127.0.0.1",
      MODE: "fs",
      GIT_REPO_DIRECTORY: repo,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", log ? "pipe" : "inherit", log ? "pipe" : "inherit"],
  });
  if (log) for (const stream of [child.stdout, child.stderr]) stream?.on("data", (chunk: Buffer) => log(String(chunk)));
  const api = `http://127.0.0.1:${port}/api/v1`;
  // By time, as long as a server's start is given in the tests (60 s), rather than by a number of tries.
  const deadline = Date.now() + startWaitMs;
  while (Date.now() < deadline && child.exitCode === null) {
    const answer = await fetch(api, {
      method: "POST",
      body: JSON.stringify({ action: "info" }),
      headers: { "content-type": "application/json" },
    }).catch(() => null);
    if (answer?.ok) return { api, process: child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const exited = child.exitCode;
  child.kill();
  throw new Error(
    exited === null
      ? `decap-server did not answer on 127.0.0.1:${port} within ${startWaitMs / 1000} s`
      : `decap-server stopped (exit code ${exited}) before it answered on 127.0.0.1:${port} (is the port in use? set ADMIN_BACKEND_PORT)`,
  );
}

function runBuild(env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const build = spawn(npm, ["run", "build"], { cwd: root, env, stdio: "inherit" });
    build.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`the build failed (exit code ${code})`))));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The settings file beside the project (.env), as the server and the build read it.
  loadEnvFileOrStop("npm run admin");
  const port = Number(process.env.ADMIN_PORT ?? 3001);
  const backendPort = Number(process.env.ADMIN_BACKEND_PORT ?? 8081);
  const backend = await startLocalBackend(root, backendPort);
  const stop = () => backend.process.kill();
  process.once("exit", stop);
  try {
    const buildDir = join(root, "build-admin");
    const env = { ...process.env, BUILD_DIR: buildDir, CMS_LOCAL_BACKEND: backend.api };
    await runBuild(env);
    const settings = readSettings(env);
    const server = await buildServer({
      root: join(buildDir, "client"),
      settings,
      cms: readCmsSettings(env),
      inbox: readInboxConfig({ ...env, DATABASE_URL: "", INBOX_DB: join(buildDir, "inbox.sqlite") }, settings.email),
    });
    await server.listen({ port, host: "127.0.0.1" });
    console.log(`\nThe editor: http://127.0.0.1:${port}/admin (click Login; it saves into ${join(root, "content")})`);
    console.log("Run `npm run dev` in another terminal to see the pages change as you publish. Ctrl+C stops.");
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => void server.close().then(() => process.exit(0)));
    }
  } catch (error) {
    stop();
    throw error;
  }
}
