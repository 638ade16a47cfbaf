/**
 * The Home banner carousel's state, as a pure reducer (the spec's screens "Home"; WAI-ARIA APG carousel pattern).
 * The component only turns events into actions and renders the state, so every rule lives and is tested here.
 */
import { carouselIntervalMs, swipeThresholdPx } from "../content/constants";

/** Time a slide stays before rotation moves on (the spec's business constants). */
export const CAROUSEL_INTERVAL_MS = carouselIntervalMs;
/** A swipe changes slide only when it travels further than this; exactly this distance does nothing (the spec's business constants). */
export const SWIPE_THRESHOLD_PX = swipeThresholdPx;

export interface CarouselState {
  /** The slide shown, from 0. */
  readonly index: number;
  readonly count: number;
  /** Rotation is switched on: what the rotation button shows. On by default; stopped by the visitor or reduced motion. */
  readonly playing: boolean;
  /**
   * The visitor pressed Start. As in the APG example, that means "rotate now", so hover and focus inside no
   * longer pause; otherwise the button would seem to do nothing, because the visitor's focus is on it.
   */
  readonly startedByVisitor: boolean;
  /** A pointer is over the carousel: rotation pauses until it leaves. */
  readonly hovered: boolean;
  /** Focus is inside the carousel: rotation pauses until it leaves. */
  readonly focused: boolean;
}

export type CarouselAction =
  | { type: "next" }
  | { type: "prev" }
  | { type: "goTo"; index: number }
  /** Horizontal travel of a pointer from down to up, in CSS px; negative is leftwards. */
  | { type: "swipe"; deltaX: number }
  | { type: "key"; key: string }
  /** The rotation button. */
  | { type: "toggle" }
  /** Stop without the visitor asking: prefers-reduced-motion. */
  | { type: "stop" }
  | { type: "hover"; inside: boolean }
  | { type: "focus"; inside: boolean }
  /** The rotation timer fired. */
  | { type: "tick" };

/** The state on the server and on the first client render alike, so that hydration matches. */
export function initialCarouselState(count: number): CarouselState {
  return { index: 0, count, playing: true, startedByVisitor: false, hovered: false, focused: false };
}

/** Whether the slides move by themselves right now. */
export function isRotating(state: CarouselState): boolean {
  if (state.count < 2 || !state.playing) return false;
  return state.startedByVisitor || (!state.hovered && !state.focused);
}

const keySteps: ReadonlyMap<string, 1 | -1> = new Map([
  ["ArrowLeft", -1],
  ["ArrowRight", 1],
]);

/** Whether the carousel handles this key (so the component can stop the browser's own handling of it). */
export function isCarouselKey(key: string): boolean {
  return keySteps.has(key);
}

function wrap(index: number, count: number): number {
  return ((index % count) + count) % count;
}

function step(state: CarouselState, by: 1 | -1): CarouselState {
  if (state.count < 2) return state;
  return { ...state, index: wrap(state.index + by, state.count) };
}

/** Returns the same object when nothing changes, so React can skip the render. */
export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  switch (action.type) {
    case "next":
      return step(state, 1);
    case "prev":
      return step(state, -1);
    case "goTo": {
      const valid = Number.isInteger(action.index) && action.index >= 0 && action.index < state.count;
      return valid && action.index !== state.index ? { ...state, index: action.index } : state;
    }
    case "swipe":
      // A swipe to the left pulls the next slide in, as on a phone's photo gallery.
      if (action.deltaX < -SWIPE_THRESHOLD_PX) return step(state, 1);
      if (action.deltaX > SWIPE_THRESHOLD_PX) return step(state, -1);
      return state;
    case "key": {
      const by = keySteps.get(action.key);
      return by === undefined ? state : step(state, by);
    }
    case "toggle":
      return state.playing
        ? { ...state, playing: false, startedByVisitor: false }
        : { ...state, playing: true, startedByVisitor: true };
    case "stop":
      return state.playing ? { ...state, playing: false, startedByVisitor: false } : state;
    case "hover":
      return state.hovered === action.inside ? state : { ...state, hovered: action.inside };
    case "focus":
      return state.focused === action.inside ? state : { ...state, focused: action.inside };
    case "tick":
      // A timer that fires after rotation paused (the effect cleanup raced it) must not move the slide.
      return isRotating(state) ? step(state, 1) : state;
  }
}
