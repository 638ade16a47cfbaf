/**
 * What a visitor types, picks or pastes while the page hydrates reaches the form that owns the field.
 *
 * A pre-rendered form can be filled in before its JavaScript runs, and between the hydration pieces
 * (app/lib/hydration-pieces.ts). The browser keeps what was typed, but the form's state still holds the values it
 * was rendered with, and nothing told it otherwise: its next render set every field back to that state. Preact even
 * sets a textarea's value while hydrating it, so a message typed before its piece's turn was erased at once
 * (issue 29). Here, as React 19 does (react#33129), a field is brought into line the moment it hydrates: if what
 * the visitor left in it differs from what its owner rendered, the visitor's value is put back and the field's own
 * `input` and `change` events are sent again, so that its owner takes the value through its usual handler (and
 * saves its draft, validates, and so on). No form has to look for typed values itself.
 *
 * Between startRecordingInput() and stopRecordingInput(), the first hydration of a pre-rendered page, every form
 * control's ref is watched (app/lib/react-runtime.ts calls watchedRef for each one rendered meanwhile).
 */

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What the visitor left in a control that has not hydrated yet: its value, and the caret after the last input. */
interface Typed {
  value: string;
  selection: [number, number] | null;
}

interface Recording {
  document: Document;
  /** The controls not yet hydrated, with what the visitor left in them. */
  typed: WeakMap<Control, Typed>;
  /** The controls that have hydrated: their owner hears every event from here on. */
  live: WeakSet<Control>;
  listener: (event: Event) => void;
}

let recording: Recording | null = null;

/** Hydrated controls whose owner has yet to be told the visitor's value, with the value. */
let replays: [Control, string][] = [];

/** Input types whose value is what the visitor types or picks (not a checkbox's or a button's fixed value). */
const fixedValueTypes = new Set(["checkbox", "radio", "file", "hidden", "submit", "reset", "button", "image"]);

function isControl(node: unknown): node is Control {
  if (!(node instanceof Element)) return false;
  if (node.localName === "textarea" || node.localName === "select") return true;
  return node.localName === "input" && !fixedValueTypes.has((node as HTMLInputElement).type);
}

/** Whether an element of this tag may be watched: the form controls whose value an owner can hold in state. */
export function isControlTag(tag: string): boolean {
  return tag === "input" || tag === "textarea" || tag === "select";
}

function read(control: Control): Typed {
  const focused = control.ownerDocument.activeElement === control && !(control instanceof HTMLSelectElement);
  let selection: [number, number] | null = null;
  if (focused) {
    // Reading a selection throws on input types that have none (email, date).
    try {
      const { selectionStart, selectionEnd } = control as HTMLInputElement | HTMLTextAreaElement;
      if (selectionStart !== null && selectionEnd !== null) selection = [selectionStart, selectionEnd];
    } catch {
      selection = null;
    }
  }
  return { value: control.value, selection };
}

/**
 * Called once, right before the first hydration of a pre-rendered page: what the fields hold now (typed before
 * any script ran) and every change from here on is remembered until each field hydrates.
 */
export function startRecordingInput(document: Document): void {
  stopRecordingInput();
  const typed = new WeakMap<Control, Typed>();
  const live = new WeakSet<Control>();
  for (const control of document.querySelectorAll("input, textarea, select")) {
    if (isControl(control)) typed.set(control, read(control));
  }
  // Capturing, on the document: it hears each event before any listener the hydration adds to the field.
  const listener = (event: Event) => {
    if (isControl(event.target) && !live.has(event.target)) typed.set(event.target, read(event.target));
  };
  document.addEventListener("input", listener, true);
  document.addEventListener("change", listener, true);
  recording = { document, typed, live, listener };
}

/** Called once every piece has hydrated: fields are their owners' alone from here on. */
export function stopRecordingInput(): void {
  if (!recording) return;
  const { document, listener } = recording;
  document.removeEventListener("input", listener, true);
  document.removeEventListener("change", listener, true);
  recording = null;
}

export function isRecordingInput(): boolean {
  return recording !== null;
}

type RefCallback = (element: Element | null) => (() => void) | undefined;
type Ref = RefCallback | { current: unknown } | null | undefined;

/**
 * The ref to give a form control rendered while the page hydrates, in place of its own `ref`: it hears when the
 * control is hydrated, with the value its owner rendered, and passes the element on to the control's own ref.
 */
export function watchedRef(ref: Ref, renderedValue: unknown): RefCallback {
  return (element) => {
    if (element && typeof renderedValue === "string" && isControl(element)) hydrated(element, renderedValue);
    if (typeof ref === "function") return ref(element) ?? undefined;
    if (ref) ref.current = element;
    return undefined;
  };
}

/**
 * A control has just been hydrated (or rendered again) with `renderedValue`. The first time, if the visitor left
 * another value in it, that value goes back into it (hydrating a textarea empties it) and its owner is told.
 */
function hydrated(control: Control, renderedValue: string): void {
  if (!recording || recording.live.has(control)) return;
  const { typed, live } = recording;
  live.add(control);
  const left = typed.get(control);
  typed.delete(control);
  if (!left || left.value === renderedValue) return;
  restore(control, left);
  replays.push([control, left.value]);
  // After the render that hydrated it and the effects it set going (a restored draft, say), in the same task: no
  // key press, and no paint, comes in between.
  if (replays.length === 1) queueMicrotask(replay);
}

function restore(control: Control, left: Typed): void {
  if (control.value === left.value) return;
  control.value = left.value;
  if (left.selection && control.ownerDocument.activeElement === control) {
    (control as HTMLInputElement | HTMLTextAreaElement).setSelectionRange(...left.selection);
  }
}

/** Sends each hydrated control's events again, with the visitor's value in it, for its owner's handlers. */
function replay(): void {
  const batch = replays;
  replays = [];
  for (const [control, value] of batch) {
    if (!control.isConnected) continue;
    // A render since (an effect's) may have set the owner's old value again.
    if (control.value !== value) control.value = value;
    control.dispatchEvent(new Event("input", { bubbles: true }));
    control.dispatchEvent(new Event("change", { bubbles: true }));
  }
}
