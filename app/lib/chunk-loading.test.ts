import { afterEach, describe, expect, it, vi } from "vitest";
import { CHUNK_TIMEOUT_MS, ChunkLoadError, chunkFailures, isChunkLoadError, loadRouteChunk } from "./chunk-loading";

afterEach(() => {
  vi.useRealTimers();
});

describe("loadRouteChunk", () => {
  it("resolves with the module when the import succeeds", async () => {
    const module = { default: "page" };
    await expect(loadRouteChunk("routes/about", "/assets/about.js", 1000, async () => module)).resolves.toBe(module);
  });

  it("turns a failed import into 'Loading chunk {n} failed'", async () => {
    const failure = loadRouteChunk("routes/about", "/assets/about.js", 1000, () =>
      Promise.reject(new TypeError("Failed to fetch dynamically imported module")),
    );
    await expect(failure).rejects.toThrow("Loading chunk routes/about failed");
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it("publishes each failure to its subscribers", async () => {
    const listener = vi.fn();
    const unsubscribe = chunkFailures.subscribe(listener);
    await loadRouteChunk("routes/services", "/x.js", 1000, () => Promise.reject(new Error("offline"))).catch(() => {});
    expect(listener).toHaveBeenCalledTimes(1);
    expect(chunkFailures.latest()?.chunk).toBe("routes/services");
    unsubscribe();
  });

  it("gives up after 120 s", async () => {
    vi.useFakeTimers();
    const never = loadRouteChunk("routes/contact", "/assets/contact.js", undefined, () => new Promise(() => {}));
    const settled = vi.fn();
    never.catch(settled);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(expect.objectContaining({ message: "Loading chunk routes/contact failed" }));
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it("recognises its errors", () => {
    expect(isChunkLoadError(new ChunkLoadError("x"))).toBe(true);
    expect(isChunkLoadError(new Error("x"))).toBe(false);
    expect(isChunkLoadError("Loading chunk x failed")).toBe(false);
  });
});
