import { afterEach, describe, expect, it, vi } from "vitest";
import { registerServiceWorker } from "./register";

/** A window with a service worker container, a load state and an idle callback the test runs by hand. */
function fakeWindow(readyState: DocumentReadyState, withWorkers = true) {
  const register = vi.fn(() => Promise.resolve({}));
  const idle: (() => void)[] = [];
  const target = new EventTarget();
  const win = {
    navigator: withWorkers ? { serviceWorker: { register } } : {},
    document: { readyState },
    requestIdleCallback: (callback: () => void) => idle.push(callback),
    setTimeout,
    addEventListener: target.addEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
  };
  return { win: win as unknown as Window, register, idle, load: () => target.dispatchEvent(new Event("load")) };
}

describe("registering the service worker", () => {
  afterEach(() => vi.useRealTimers());

  it("waits for the page's load, then for the browser to be idle", () => {
    const { win, register, idle, load } = fakeWindow("interactive");
    registerServiceWorker(win);
    expect(idle).toHaveLength(0);
    load();
    expect(register).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]?.();
    expect(register).toHaveBeenCalledExactlyOnceWith("/sw.js");
  });

  it("only waits for idle when the page had loaded before its scripts ran", () => {
    const { win, register, idle } = fakeWindow("complete");
    registerServiceWorker(win);
    idle[0]?.();
    expect(register).toHaveBeenCalledExactlyOnceWith("/sw.js");
  });

  it("does nothing in a browser without service workers", () => {
    const { win, idle, load } = fakeWindow("interactive", false);
    registerServiceWorker(win);
    load();
    expect(idle).toHaveLength(0);
  });

  it("says nothing when the registration fails (no worker is all it means)", async () => {
    const { win, register, idle } = fakeWindow("complete");
    register.mockImplementation(() => Promise.reject(new Error("insecure")));
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    registerServiceWorker(win);
    idle[0]?.();
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off("unhandledRejection", unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
