/**
 * A CacheStorage held in memory, for tests of what the site keeps in Cache Storage (the kept enquiries' copies for
 * the service worker): the little of it the site uses. Addresses are resolved against `origin`, as a browser
 * resolves them against the page's or the worker's address.
 */
export class MemoryCaches implements Pick<CacheStorage, "has" | "open" | "delete" | "keys"> {
  caches = new Map<string, MemoryCache>();
  constructor(readonly origin = "http://localhost:3000") {}
  async has(name: string) {
    return this.caches.has(name);
  }
  async open(name: string) {
    let cache = this.caches.get(name);
    if (!cache) this.caches.set(name, (cache = new MemoryCache(this.origin)));
    return cache as unknown as Cache;
  }
  async delete(name: string) {
    return this.caches.delete(name);
  }
  async keys() {
    return [...this.caches.keys()];
  }
  /** As the code under test takes it. */
  get storage(): CacheStorage {
    return this as unknown as CacheStorage;
  }
}

class MemoryCache {
  entries = new Map<string, string>();
  constructor(private readonly origin: string) {}
  private url(request: RequestInfo | URL): string {
    return new URL(request instanceof Request ? request.url : String(request), this.origin).href;
  }
  async put(request: RequestInfo | URL, response: Response) {
    this.entries.set(this.url(request), await response.text());
  }
  async match(request: RequestInfo | URL) {
    const body = this.entries.get(this.url(request));
    return body === undefined ? undefined : new Response(body);
  }
  async delete(request: RequestInfo | URL) {
    return this.entries.delete(this.url(request));
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}
