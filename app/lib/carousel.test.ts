import { describe, expect, it } from "vitest";
import {
  CAROUSEL_INTERVAL_MS,
  SWIPE_THRESHOLD_PX,
  carouselReducer,
  initialCarouselState,
  isCarouselKey,
  isRotating,
  type CarouselAction,
  type CarouselState,
} from "./carousel";

const start = initialCarouselState(3);
const at = (index: number, rest: Partial<CarouselState> = {}): CarouselState => ({ ...start, index, ...rest });
const run = (state: CarouselState, ...actions: CarouselAction[]) => actions.reduce(carouselReducer, state);

describe("carousel constants", () => {
  it("match the spec's business constants: 5000 ms per slide, swipes over 40 px", () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(5000);
    expect(SWIPE_THRESHOLD_PX).toBe(40);
  });
});

describe("initialCarouselState", () => {
  it("shows the first slide, rotating, with nothing pausing it", () => {
    expect(start).toEqual({
      index: 0,
      count: 3,
      playing: true,
      startedByVisitor: false,
      hovered: false,
      focused: false,
    });
    expect(isRotating(start)).toBe(true);
  });
});

describe("next and prev", () => {
  it("step one slide", () => {
    expect(run(start, { type: "next" }).index).toBe(1);
    expect(run(at(2), { type: "prev" }).index).toBe(1);
  });

  it("wrap from the last slide to the first and from the first to the last", () => {
    expect(run(at(2), { type: "next" }).index).toBe(0);
    expect(run(start, { type: "prev" }).index).toBe(2);
  });

  it("go all the way round", () => {
    expect(run(start, { type: "next" }, { type: "next" }, { type: "next" }).index).toBe(0);
    expect(run(start, { type: "prev" }, { type: "prev" }, { type: "prev" }).index).toBe(0);
  });

  it("leave the rotation state alone", () => {
    const paused = at(1, { playing: false, hovered: true, focused: true });
    expect(run(paused, { type: "next" })).toEqual({ ...paused, index: 2 });
  });

  it("do nothing with one slide or none", () => {
    const one = initialCarouselState(1);
    expect(run(one, { type: "next" })).toBe(one);
    expect(run(one, { type: "prev" })).toBe(one);
    const none = initialCarouselState(0);
    expect(run(none, { type: "next" })).toBe(none);
  });
});

describe("goTo", () => {
  it("selects any slide", () => {
    expect(run(start, { type: "goTo", index: 2 }).index).toBe(2);
    expect(run(at(2), { type: "goTo", index: 0 }).index).toBe(0);
  });

  it("returns the same state for the current slide", () => {
    const state = at(1);
    expect(run(state, { type: "goTo", index: 1 })).toBe(state);
  });

  it.each([-1, 3, 1.5, Number.NaN])("ignores the index %s that names no slide", (index) => {
    expect(run(start, { type: "goTo", index })).toBe(start);
  });
});

describe("swipe", () => {
  it("to the left by more than 40 px shows the next slide", () => {
    expect(run(start, { type: "swipe", deltaX: -41 }).index).toBe(1);
    expect(run(at(2), { type: "swipe", deltaX: -300 }).index).toBe(0);
  });

  it("to the right by more than 40 px shows the previous slide", () => {
    expect(run(at(1), { type: "swipe", deltaX: 41 }).index).toBe(0);
    expect(run(start, { type: "swipe", deltaX: 300 }).index).toBe(2);
  });

  it.each([-40, -1, 0, 1, 40])("of %s px does nothing", (deltaX) => {
    expect(run(start, { type: "swipe", deltaX })).toBe(start);
  });

  it("just over the threshold counts", () => {
    expect(run(start, { type: "swipe", deltaX: -40.5 }).index).toBe(1);
  });
});

describe("key", () => {
  it("ArrowRight shows the next slide and ArrowLeft the previous, wrapping", () => {
    expect(run(start, { type: "key", key: "ArrowRight" }).index).toBe(1);
    expect(run(at(2), { type: "key", key: "ArrowRight" }).index).toBe(0);
    expect(run(start, { type: "key", key: "ArrowLeft" }).index).toBe(2);
  });

  it.each(["ArrowUp", "ArrowDown", "Enter", " ", "Home", "a", "constructor"])("ignores %j", (key) => {
    expect(run(start, { type: "key", key })).toBe(start);
    expect(isCarouselKey(key)).toBe(false);
  });

  it("isCarouselKey names exactly the arrows it handles", () => {
    expect(isCarouselKey("ArrowLeft")).toBe(true);
    expect(isCarouselKey("ArrowRight")).toBe(true);
  });
});

describe("toggle (the rotation button)", () => {
  it("stops a rotating carousel", () => {
    const stopped = run(start, { type: "toggle" });
    expect(stopped.playing).toBe(false);
    expect(isRotating(stopped)).toBe(false);
  });

  it("starts it again, even while hovered and focused, because the visitor asked", () => {
    const stopped = at(1, { playing: false, hovered: true, focused: true });
    const started = run(stopped, { type: "toggle" });
    expect(started).toEqual({ ...stopped, playing: true, startedByVisitor: true });
    expect(isRotating(started)).toBe(true);
  });

  it("stopping again forgets the visitor's start, so hover and focus pause once more after the next start", () => {
    const state = run(start, { type: "toggle" }, { type: "toggle" }, { type: "toggle" });
    expect(state).toEqual({ ...start, playing: false, startedByVisitor: false });
  });

  it("keeps the slide shown", () => {
    expect(run(at(2), { type: "toggle" }).index).toBe(2);
  });
});

describe("stop (reduced motion)", () => {
  it("stops rotation", () => {
    const state = run(start, { type: "stop" });
    expect(state.playing).toBe(false);
    expect(isRotating(state)).toBe(false);
  });

  it("also undoes a visitor's start", () => {
    const started = at(0, { playing: true, startedByVisitor: true });
    expect(run(started, { type: "stop" })).toEqual({ ...start, playing: false });
  });

  it("returns the same state when already stopped", () => {
    const stopped = at(0, { playing: false });
    expect(run(stopped, { type: "stop" })).toBe(stopped);
  });
});

describe("hover and focus", () => {
  it("hover pauses and leaving resumes", () => {
    const hovered = run(start, { type: "hover", inside: true });
    expect(hovered.hovered).toBe(true);
    expect(isRotating(hovered)).toBe(false);
    expect(isRotating(run(hovered, { type: "hover", inside: false }))).toBe(true);
  });

  it("focus inside pauses and focus leaving resumes", () => {
    const focused = run(start, { type: "focus", inside: true });
    expect(focused.focused).toBe(true);
    expect(isRotating(focused)).toBe(false);
    expect(isRotating(run(focused, { type: "focus", inside: false }))).toBe(true);
  });

  it("rotation resumes only when neither holds it", () => {
    const both = run(start, { type: "hover", inside: true }, { type: "focus", inside: true });
    expect(isRotating(run(both, { type: "hover", inside: false }))).toBe(false);
    expect(isRotating(run(both, { type: "focus", inside: false }))).toBe(false);
    expect(isRotating(run(both, { type: "hover", inside: false }, { type: "focus", inside: false }))).toBe(true);
  });

  it("leaving does not restart a carousel the visitor stopped", () => {
    const state = run(start, { type: "toggle" }, { type: "hover", inside: true }, { type: "hover", inside: false });
    expect(isRotating(state)).toBe(false);
  });

  it("returns the same state when nothing changes", () => {
    expect(run(start, { type: "hover", inside: false })).toBe(start);
    expect(run(start, { type: "focus", inside: false })).toBe(start);
  });
});

describe("tick", () => {
  it("advances a rotating carousel and wraps", () => {
    expect(run(start, { type: "tick" }).index).toBe(1);
    expect(run(at(2), { type: "tick" }).index).toBe(0);
  });

  it.each<[string, Partial<CarouselState>]>([
    ["stopped", { playing: false }],
    ["hovered", { hovered: true }],
    ["focused", { focused: true }],
  ])("does nothing while %s", (_, paused) => {
    const state = at(1, paused);
    expect(run(state, { type: "tick" })).toBe(state);
  });

  it("advances a visitor-started carousel even while hovered and focused", () => {
    const state = at(1, { startedByVisitor: true, hovered: true, focused: true });
    expect(run(state, { type: "tick" }).index).toBe(2);
  });
});

describe("isRotating", () => {
  it("is false with fewer than two slides", () => {
    expect(isRotating(initialCarouselState(1))).toBe(false);
    expect(isRotating(initialCarouselState(0))).toBe(false);
  });
});
