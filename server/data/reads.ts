import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { Worker } from "node:worker_threads";
import type { Schema } from "./schema";

/**
 * Long reads off the server's one thread (issue 34). better-sqlite3 runs each statement on the thread that calls it,
 * so a report over many rows (the office's statistics, a search) held every public request that arrived meanwhile.
 * This query builder sends its statements to a worker thread with a read-only connection of its own to the same
 * file (read-worker.mjs): in WAL mode a reader sees every transaction committed before the read began and never
 * waits for a writer. It reads only: a write or a transaction is refused.
 *
 * One worker, started on the first read; its statements run one after another, in the order sent.
 */
export function sqliteReads(path: string, waitMs: number): Kysely<Schema> {
  return new Kysely<Schema>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new WorkerDriver(path, waitMs),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    } satisfies Dialect,
  });
}

interface Answer {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string };
}

type Waiter = { resolve: (rows: unknown[]) => void; reject: (error: Error) => void };

/** A worker thread and the reads sent to it that it has not answered yet. */
interface Thread {
  worker: Worker;
  waiting: Map<number, Waiter>;
}

class WorkerDriver implements Driver {
  private thread: Thread | null = null;
  private sent = 0;
  private readonly connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => ({
      rows: (await this.run(query.sql, query.parameters)) as R[],
    }),
    streamQuery: () => {
      throw new Error("Long reads are read whole, not streamed.");
    },
  };

  constructor(
    private readonly path: string,
    private readonly waitMs: number,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }

  async releaseConnection(): Promise<void> {}

  async beginTransaction(): Promise<void> {
    throw new Error("Long reads run outside transactions: write through database.db.");
  }

  async commitTransaction(): Promise<void> {}

  async rollbackTransaction(): Promise<void> {}

  async destroy(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    await thread?.worker.terminate();
  }

  private run(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const thread = (this.thread ??= this.start());
    const id = ++this.sent;
    return new Promise((resolve, reject) => {
      thread.waiting.set(id, { resolve, reject });
      thread.worker.postMessage({ id, sql, parameters });
    });
  }

  private start(): Thread {
    const worker = new Worker(new URL("./read-worker.mjs", import.meta.url), {
      workerData: { path: this.path, waitMs: this.waitMs },
    });
    const thread: Thread = { worker, waiting: new Map() };
    // It never keeps a process alive on its own: a command that forgets to close its database still ends.
    worker.unref();
    worker.on("message", ({ id, rows, error }: Answer) => {
      const waiter = thread.waiting.get(id);
      thread.waiting.delete(id);
      if (error) waiter?.reject(Object.assign(new Error(error.message), { code: error.code }));
      else waiter?.resolve(rows ?? []);
    });
    // A worker that fails to start (the file is gone) or dies fails the reads it holds; the next read starts another.
    const fail = (error: Error) => {
      if (this.thread === thread) this.thread = null;
      for (const waiter of thread.waiting.values()) waiter.reject(error);
      thread.waiting.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`The database's reading thread stopped (${code}).`)));
    return thread;
  }
}
