import { act, fireEvent } from "@testing-library/preact";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { HydrationPiece } from "../components/HydrationPiece";
import { isRecordingInput, startRecordingInput, stopRecordingInput } from "./hydration-input";
import { afterHydrationPieces, hydratePieces, nextTask, startHydrationInPieces } from "./hydration-pieces";

interface Values {
  name: string;
  visa: string;
  message: string;
}

const empty: Values = { name: "", visa: "Tourist Visa", message: "" };

/**
 * A form whose state lives outside the piece that holds its message box, as a form's state lives in the form and
 * its fields in the pieces below it. Every change the form hears is logged.
 */
/** The name field's own ref: it must get its element whatever the watching does. */
const nameRef: { current: HTMLInputElement | null } = { current: null };

function Form({ heard }: { heard: string[] }) {
  const [values, setValues] = useState(empty);
  const [uncontrolled] = useState("kept");
  const change = (field: keyof Values) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    heard.push(`${field}=${value}`);
    setValues((current) => ({ ...current, [field]: value }));
  };
  return (
    <form aria-label="Enquiry">
      <input aria-label="Name" ref={nameRef} value={values.name} onChange={change("name")} />
      <select aria-label="Visa" value={values.visa} onChange={change("visa")}>
        <option value="Tourist Visa">Tourist Visa</option>
        <option value="Visa Change">Visa Change</option>
      </select>
      <input aria-label="Note" defaultValue={uncontrolled} />
      <HydrationPiece>
        <div>
          <textarea aria-label="Message" value={values.message} onChange={change("message")} />
        </div>
      </HydrationPiece>
      <output>{JSON.stringify(values)}</output>
    </form>
  );
}

/** Lets one task go by. */
const aTurn = () => act(() => new Promise<void>((resolve) => nextTask(resolve)));

function serverPage(heard: string[]) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Form heard={heard} />);
  document.body.append(container);
  const get = <T extends Element>(label: string) => {
    const found = container.querySelector<T>(`[aria-label="${label}"]`);
    if (!found) throw new Error(`no field ${label}`);
    return found;
  };
  return {
    container,
    name: () => get<HTMLInputElement>("Name"),
    visa: () => get<HTMLSelectElement>("Visa"),
    note: () => get<HTMLInputElement>("Note"),
    message: () => get<HTMLTextAreaElement>("Message"),
    state: () => JSON.parse(container.querySelector("output")?.textContent ?? "{}") as Values,
  };
}

/** The first hydration as entry.client runs it, up to the end of every piece's turn. */
async function hydrate(page: ReturnType<typeof serverPage>, heard: string[], between?: () => void) {
  let done = false;
  startHydrationInPieces();
  startRecordingInput(document);
  afterHydrationPieces(stopRecordingInput);
  await act(() => {
    hydrateRoot(page.container, <Form heard={heard} />);
  });
  afterHydrationPieces(() => (done = true));
  between?.();
  act(() => hydratePieces());
  for (let turn = 0; turn < 20 && !done; turn++) await aTurn();
  expect(done).toBe(true);
}

/** Types as a browser does: the value changes, then the field's input event (and change, for a select). */
function type(control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  control.value = value;
  fireEvent.input(control);
  if (control instanceof HTMLSelectElement) fireEvent.change(control);
}

afterEach(() => {
  stopRecordingInput();
  document.body.innerHTML = "";
});

describe("what is typed while the page hydrates", () => {
  it("reaches the form from fields typed into before hydration, the textarea included", async () => {
    const heard: string[] = [];
    const page = serverPage(heard);
    type(page.name(), "Amina");
    type(page.visa(), "Visa Change");
    type(page.message(), "Two adults from Manila");

    await hydrate(page, heard);

    expect(page.message().value).toBe("Two adults from Manila");
    expect(page.name().value).toBe("Amina");
    expect(page.visa().value).toBe("Visa Change");
    expect(page.state()).toEqual({ name: "Amina", visa: "Visa Change", message: "Two adults from Manila" });
    // Each through the form's own handler, once.
    expect(heard.sort()).toEqual(["message=Two adults from Manila", "name=Amina", "visa=Visa Change"]);
  });

  it("keeps a message typed after the form hydrated but before its piece did, and the form gets it", async () => {
    const heard: string[] = [];
    const page = serverPage(heard);
    await hydrate(page, heard, () => {
      // The form is live, its message box is not: the form hears nothing of this.
      type(page.message(), "Typed between the pieces");
      expect(heard).toEqual([]);
    });
    expect(page.message().value).toBe("Typed between the pieces");
    expect(page.state().message).toBe("Typed between the pieces");
  });

  it("puts the caret back where the visitor left it in the textarea the hydration refilled", async () => {
    const heard: string[] = [];
    const page = serverPage(heard);
    const message = page.message();
    message.focus();
    type(message, "Hello there");
    message.setSelectionRange(5, 5);
    fireEvent.input(message);
    await hydrate(page, heard);
    expect(message.value).toBe("Hello there");
    expect([message.selectionStart, message.selectionEnd]).toEqual([5, 5]);
  });

  it("sends nothing again for untouched fields, or for fields the form already heard", async () => {
    const heard: string[] = [];
    const page = serverPage(heard);
    await hydrate(page, heard, () => type(page.name(), "Live already"));
    // The name field was live: its own handler heard it, and only that.
    expect(heard).toEqual(["name=Live already"]);
    expect(page.state()).toEqual({ ...empty, name: "Live already" });
  });

  it("leaves a field that is not the form's state alone", async () => {
    const heard: string[] = [];
    const page = serverPage(heard);
    type(page.note(), "my own note");
    await hydrate(page, heard);
    expect(page.note().value).toBe("my own note");
    expect(heard).toEqual([]);
  });

  it("passes each field's element on to the field's own ref, and stops once every piece has hydrated", async () => {
    const heard: string[] = [];
    const page = serverPage(heard);
    await hydrate(page, heard);
    expect(nameRef.current).toBe(page.name());
    expect(isRecordingInput()).toBe(false);
    // After hydration, typing is the form's business alone: one event, heard once.
    type(page.message(), "Later");
    await act(async () => {});
    expect(heard).toEqual(["message=Later"]);
    expect(page.state().message).toBe("Later");
  });
});
