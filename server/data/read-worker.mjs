// @ts-check
/**
 * Long reads off the server's one thread (server/data/reads.ts): a read-only connection of its own to the SQLite
 * file, in a worker thread. It answers each message, one at a time and in order, with the rows or the error.
 * Plain JavaScript, so that it runs the same under the server, the commands and the tests, whatever their loader.
 */
import BetterSqlite3 from "better-sqlite3";
import { parentPort, workerData } from "node:worker_threads";

const { path, waitMs } = /** @type {{ path: string, waitMs: number }} */ (workerData);
const file = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
file.pragma(`busy_timeout = ${Math.max(0, Math.floor(waitMs))}`);

parentPort?.on(
  "message",
  (/** @type {{ id: number, sql: string, parameters: unknown[] }} */ { id, sql, parameters }) => {
    try {
      const statement = file.prepare(sql);
      const rows = statement.reader ? statement.all(parameters) : (statement.run(parameters), []);
      parentPort?.postMessage({ id, rows });
    } catch (error) {
      const { message, code } = /** @type {Error & { code?: string }} */ (error);
      parentPort?.postMessage({ id, error: { message, code } });
    }
  },
);
