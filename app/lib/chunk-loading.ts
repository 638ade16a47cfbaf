/**
 * Loading of route chunks after the first page: a chunk that fails (a stale deploy, a dropped connection) or
 * does not arrive within 120 s becomes a ChunkLoadError, which the root error boundary shows with a reload
 * button. React Router's own loader is rewired to this by scripts/vite-chunk-errors.ts.
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

type Importer = (url: string) => Promise<unknown>;
const browserImport: Importer = (url) => import(/* @vite-ignore */ url);

export function loadRouteChunk(
  chunk: string,
  url: string,
  timeoutMs: number = CHUNK_TIMEOUT_MS,
  importer: Importer = browserImport,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(chunk, new Error(`no answer within ${timeoutMs / 1000} s`))),
      timeoutMs,
    );
    importer(url).then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk, error));
      },
    );
  });
}
