/**
 * How Node runs the server (deploy/karama.service, `npm run serve`, the tests' and the benches' servers): a young
 * generation of 2 MB semi-spaces instead of V8's default (up to 16 MB each), so that the memory a burst of requests
 * takes (ten travellers' uploads at once: issue 56, `npm run bench:upload`) is collected soon rather than kept.
 * Measured: the server idle 165-175 MiB instead of 217-219, and 266 MiB instead of 331 at the peak of ten photos
 * arriving at once, the uploads' p95 unchanged (0.8 s).
 */
export const serverNodeFlags = ["--max-semi-space-size=2"] as const;

/**
 * And its environment: glibc's allocator keeps up to 8 arenas per core, one per thread that allocates, and hands
 * little of them back; sharp's decoding threads (the papers, issue 56) each fill one. Two arenas, as sharp's own
 * documentation advises on glibc: ten photos arriving at once peak at 255 MiB instead of 285, ten 5 MB photos sent
 * as they are at 345 MiB instead of 401 (`npm run bench:upload -- --no-browser`, medians of 3), no slower.
 */
export const serverEnvironment: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: "2" };
