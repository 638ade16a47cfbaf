import { afterEach, describe, expect, it, vi } from "vitest";
import { startKeptSender } from "./kept-start";

/** The browser's own sense of the network (navigator.onLine), as the test sets it. */
function setOnline(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
}

/** A sender whose module arrives when the test says, and what it was asked to do. */
function slowSender() {
  const calls: boolean[] = [];
  let arrive: () => void = () => {};
  const loaded = new Promise<void>((resolve) => (arrive = resolve));
  const load = async () => {
    await loaded;
    return { startSending: (now: boolean) => void calls.push(now) };
  };
  return { calls, load, arrive: async () => (arrive(), await loaded, await Promise.resolve()) };
}

describe("starting the sender of kept enquiries", () => {
  afterEach(() => vi.restoreAllMocks());

  it("sends at once when the connection came back while its code was still loading (the online event unheard)", async () => {
    setOnline(false);
    const sender = slowSender();
    startKeptSender(false, sender.load);
    setOnline(true);
    dispatchEvent(new Event("online"));
    await sender.arrive();
    expect(sender.calls).toEqual([false, true]);
  });

  it.each([
    ["waits for its timer after a failure with the browser online throughout (a time-out, a dropped connection)", true],
    ["leaves the connection's return to the sender when it loads while the browser is still offline", false],
  ])("%s", async (_, online) => {
    setOnline(online);
    const sender = slowSender();
    startKeptSender(false, sender.load);
    await sender.arrive();
    expect(sender.calls).toEqual([false]);
  });

  it("loads and sends once the connection is back when its code could not be loaded offline", async () => {
    setOnline(false);
    const calls: boolean[] = [];
    let tries = 0;
    const load = async () => {
      tries += 1;
      if (tries === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return { startSending: (now: boolean) => void calls.push(now) };
    };
    startKeptSender(false, load);
    await vi.waitFor(() => expect(tries).toBe(1));
    await Promise.resolve();
    setOnline(true);
    dispatchEvent(new Event("online"));
    await vi.waitFor(() => expect(calls).toEqual([true]));
  });
});
