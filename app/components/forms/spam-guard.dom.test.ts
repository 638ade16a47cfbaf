import { afterEach, describe, expect, it, vi } from "vitest";
import { inWorker } from "./spam-guard";

/** Stands in for the browser's Worker: records what the page posts and answers as told. */
class FakeWorker {
  static made: FakeWorker[] = [];
  static answer: (worker: FakeWorker) => void = FakeWorker.proof;
  static proof(worker: FakeWorker) {
    worker.onmessage?.({ data: "PROOF" } as MessageEvent);
  }
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  posted: unknown[] = [];
  terminated = false;
  constructor(readonly url: string | URL) {
    FakeWorker.made.push(this);
  }
  postMessage(data: unknown) {
    this.posted.push(data);
    if (data === null) FakeWorker.answer(this);
  }
  terminate() {
    this.terminated = true;
  }
}

function form(): HTMLFormElement {
  const element = document.createElement("form");
  element.innerHTML = `<input type="checkbox" name="botcheck" value="on">`;
  return element;
}

afterEach(() => {
  FakeWorker.made = [];
  FakeWorker.answer = FakeWorker.proof;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the forms' spam guard, in a worker", () => {
  it("starts one worker on the first touch, and sends its proof with the honeypot", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    const guard = inWorker("/api/submit");
    guard.start();
    guard.start();
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]?.posted).toEqual(["/api/submit"]);
    expect(await guard.fields(form())).toEqual({ botcheck: "", altcha: "PROOF" });
    expect(FakeWorker.made[0]?.terminated).toBe(true);
  });

  it("uses a fresh worker (a fresh challenge) for the next submission", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    const guard = inWorker("/api/submit");
    await guard.fields(form());
    await guard.fields(form());
    expect(FakeWorker.made).toHaveLength(2);
  });

  it("sends the honeypot alone when the worker fails, has no proof, or never answers", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    FakeWorker.answer = (worker) => worker.onerror?.();
    expect(await inWorker("/api/submit").fields(form())).toEqual({ botcheck: "" });
    FakeWorker.answer = (worker) => worker.onmessage?.({ data: null } as MessageEvent);
    expect(await inWorker("/api/submit").fields(form())).toEqual({ botcheck: "" });

    vi.useFakeTimers();
    FakeWorker.answer = () => undefined;
    const silent = inWorker("/api/submit").fields(form());
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await silent).toEqual({ botcheck: "" });
  });

  it("sends the honeypot alone where there are no workers", async () => {
    vi.stubGlobal("Worker", undefined);
    expect(await inWorker("/api/submit").fields(form())).toEqual({ botcheck: "" });
  });
});
