import { describe, expect, it, vi } from "vitest";
import { honeypotOnly } from "./honeypot";
import { challengeUrlOf, createProofSource } from "./spam-guard";

function formWithHoneypot(ticked: boolean): HTMLFormElement {
  const form = document.createElement("form");
  const box = document.createElement("input");
  box.type = "checkbox";
  box.name = "botcheck";
  box.value = "on";
  box.checked = ticked;
  form.append(box);
  return form;
}

function setup(options: { minFillMs?: number; solve?: () => Promise<string | null> } = {}) {
  let clock = 1_000;
  const waits: number[] = [];
  const fetchMock = vi.fn<typeof fetch>(async () =>
    Response.json({ challenge: { c: 1 }, minFillMs: options.minFillMs ?? 3_000 }),
  );
  const guard = createProofSource({
    endpoint: "/api/submit",
    fetch: fetchMock,
    now: () => clock,
    // The timer that bounds the wait for a solution never fires here: the solutions come at once.
    wait: (ms) => {
      if (ms >= 15_000) return new Promise<void>(() => undefined);
      waits.push(ms);
      clock += ms;
      return Promise.resolve();
    },
    solve: options.solve ?? (async () => "PROOF"),
  });
  return { guard, fetchMock, waits, advance: (ms: number) => (clock += ms) };
}

/** Lets the challenge's fetch and solve (all immediate here) finish. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the spam guard", () => {
  it("asks the inbox beside the submit address for challenges, and an external service for none", () => {
    expect(challengeUrlOf("/api/submit")).toBe("/api/challenge");
    expect(challengeUrlOf("https://inbox.example.ae/api/submit")).toBe("https://inbox.example.ae/api/challenge");
    expect(challengeUrlOf("https://api.web3forms.com/submit")).toBeNull();
  });

  it("fetches one challenge on the first touch and answers its proof", async () => {
    const { guard, fetchMock, waits, advance } = setup();
    guard.start();
    guard.start();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/challenge");
    await settled();
    advance(10_000);
    expect(await guard.proof()).toBe("PROOF");
    expect(waits).toEqual([]);
  });

  it("waits out the rest of the minimum fill time, so a quick person is never held", async () => {
    const { guard, waits, advance } = setup({ minFillMs: 3_000 });
    guard.start();
    await settled();
    advance(1_000);
    expect(await guard.proof()).toBe("PROOF");
    expect(waits).toEqual([2_000]);
  });

  it("answers no proof when the challenge cannot be had or solved", async () => {
    const failed = setup();
    failed.fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    expect(await failed.guard.proof()).toBeNull();
    expect(await setup({ solve: async () => null }).guard.proof()).toBeNull();
  });

  it("sends what the honeypot holds", async () => {
    expect(await honeypotOnly.fields(formWithHoneypot(false))).toEqual({ botcheck: "" });
    expect(await honeypotOnly.fields(formWithHoneypot(true))).toEqual({ botcheck: "on" });
  });

  it("uses each challenge once: the next submission fetches a new one", async () => {
    const { guard, fetchMock } = setup({ minFillMs: 0 });
    await guard.proof();
    await guard.proof();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
