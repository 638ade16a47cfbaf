/**
 * Loading of route chunks after the first page: a chunk that fails (a stale deploy, a dropped connection) or
 * does not arrive within 120 s becomes a ChunkLoadError. The site's page router loads them through this
 * (app/lib/page-router/navigation.ts), and so does React Router where it runs in the browser (the benchmark's
 * client-rendered comparison; scripts/vite-chunk-errors.ts rewires its loader). Neither passes such an error to
 * an error boundary (the route renders empty), so failures are also published here and the root layout shows
 * them with a reload button.
 */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
  constructor(
    readonly chunk: string,
    cause?: unknown,
  ) {
    super(`Loading chunk ${chunk} failed`, { cause });
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof Error && error.name === "ChunkLoadError";
}

let lastFailure: ChunkLoadError | null = null;
const listeners = new Set<() => void>();

function publish(error: ChunkLoadError) {
  lastFailure = error;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: the latest chunk failure, if any. */
export const chunkFailures = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  latest: (): ChunkLoadError | null => lastFailure,
  none: (): null => null,
};

type Importer = (url: string) => Promise<unknown>;
const browserImport: Importer = (url) => import(/* @vite-ignore */ url);

export function loadRouteChunk(
  chunk: string,
  url: string,
  timeoutMs: number = CHUNK_TIMEOUT_MS,
  importer: Importer = browserImport,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const fail = (cause: unknown) => {
      const error = new ChunkLoadError(chunk, cause);
      publish(error);
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    importer(url).then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        fail(error);
      },
    );
  });
}
