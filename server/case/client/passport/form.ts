/*
 * "Read my passport" on the traveller's page (issue 57; the markup: server/case/pages.tsx, PassportRead). The
 * traveller takes or picks the passport's photo; the reader (loaded now, not before: load.ts) reads its two lines on
 * the phone, the rules parse and check them (every check digit), and the fields are filled for the traveller to
 * check against the page. A reading that fails a check fills nothing and asks for another photo: a wrong field is
 * never filled in silently. What would get the visa refused (the passport expiring too soon, a name written
 * otherwise than on the enquiry) is said before anything is sent. Reading is a help, never a gate: the fields can be
 * typed, and the photo is sent either way. The server checks what is confirmed again (server/papers/passport/confirm.ts).
 */
import { loadPassportReader } from "./load";

type Reader = Awaited<ReturnType<typeof loadPassportReader>>;
type Reading = ReturnType<Reader["readMrz"]>;

const fieldNames = [
  "surname",
  "givenNames",
  "documentNumber",
  "nationality",
  "birthDate",
  "expiryDate",
  "sex",
  "issuingState",
] as const;
type FieldName = (typeof fieldNames)[number];

const link = decodeURIComponent(location.pathname.split("/")[2] ?? "");

function item(text: string, tone: "warn" | "info" = "warn"): HTMLLIElement {
  const line = document.createElement("li");
  line.className = tone;
  line.textContent = text;
  return line;
}

/** Sets up the passport's reading; `upload` sends the photo as the passport's paper (case.ts, send). */
export function setUpPassport(upload: ((file: File) => void) | null): void {
  const box = document.querySelector<HTMLElement>("[data-passport]");
  const start = box?.querySelector<HTMLElement>(".passport-start");
  const button = box?.querySelector<HTMLButtonElement>("[data-passport-read]");
  const picker = box?.querySelector<HTMLInputElement>("[data-passport-photo]");
  const form = box?.querySelector<HTMLFormElement>("[data-passport-form]");
  const status = box?.querySelector<HTMLElement>(".passport-status");
  const problems = form?.querySelector<HTMLElement>(".passport-problems");
  if (!box || !start || !button || !picker || !form || !status || !problems) return;
  start.hidden = false;

  let photo: File | null = null;
  let lines: string[] | null = null;
  const input = (name: FieldName) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
  const errorOf = (name: FieldName) => form.querySelector<HTMLElement>(`#passport-${name}-error`);

  const fill = (reading: Reading | null) => {
    for (const name of fieldNames) {
      const field = input(name);
      if (field) field.value = reading ? reading.fields[name] : "";
      const error = errorOf(name);
      if (error) error.textContent = "";
      field?.removeAttribute("aria-invalid");
    }
  };
  const showForm = () => {
    form.hidden = false;
    input("surname")?.focus({ preventScroll: true });
    form.scrollIntoView({ block: "nearest" });
  };

  button.addEventListener("click", () => picker.click());
  const typeInstead = document.createElement("button");
  typeInstead.type = "button";
  typeInstead.className = "link-button";
  typeInstead.textContent = "Type the details instead";
  typeInstead.addEventListener("click", () => {
    lines = null;
    fill(null);
    problems.replaceChildren();
    status.textContent = "Type the details as on your passport's photo page.";
    showForm();
  });
  start.append(typeInstead);

  picker.addEventListener("change", () => {
    const file = picker.files?.[0];
    picker.value = "";
    if (!file) return;
    photo = file;
    void read(file);
  });

  const read = async (file: File): Promise<void> => {
    button.disabled = true;
    form.hidden = true;
    problems.replaceChildren();
    status.textContent = "Reading your passport… The first time takes a little longer: the reader is downloading.";
    try {
      const reader = await loadPassportReader();
      const result = await reader.readPassportLines(file, {
        onStage: (stage) => {
          status.textContent = stage === "preparing" ? "Finding the two lines…" : "Reading the two lines…";
        },
      });
      const found = reader.mrzLinesFrom(result.text);
      const reading = found ? reader.readMrz(found, new Date()) : null;
      const said = reading
        ? reader.passportProblems({
            reading,
            today: new Date(),
            ...(box?.dataset.travel ? { travelDate: box.dataset.travel } : {}),
            enquiryName: box?.dataset.name ?? "",
          })
        : [];
      const refused = !reading
        ? "We could not find the two lines at the bottom of the photo page. Take the photo again, flat and in good light, with the whole page in it."
        : said.find((problem) => ["td1", "not-passport", "unreadable"].includes(problem.code))?.message;
      if (refused || !reading) {
        lines = null;
        fill(null);
        status.textContent = refused ?? "";
        problems.replaceChildren(item("You can take the photo again, or type the details below."));
        form.hidden = false;
        return;
      }
      lines = found;
      fill(reading);
      problems.replaceChildren(
        ...said.map((problem) => item(problem.message, problem.code === "check-number" ? "info" : "warn")),
      );
      status.textContent = "Check each detail against your passport, correct anything that is wrong, then confirm.";
      showForm();
    } catch {
      lines = null;
      fill(null);
      status.textContent = "This phone could not read the photo. Type the details as on your passport instead.";
      showForm();
    } finally {
      button.disabled = false;
    }
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void confirm();
  });

  const confirm = async (): Promise<void> => {
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (submit) submit.disabled = true;
    const fields = Object.fromEntries(fieldNames.map((name) => [name, input(name)?.value ?? ""]));
    try {
      const answer = await fetch(`/case/${encodeURIComponent(link)}/passport`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ fields, ...(lines ? { lines } : {}) }),
      });
      if (answer.status === 400) {
        const { errors = {} } = (await answer.json()) as { errors?: Partial<Record<FieldName, string>> };
        let first: HTMLElement | null = null;
        for (const name of fieldNames) {
          const message = errors[name] ?? "";
          const error = errorOf(name);
          if (error) error.textContent = message;
          const field = input(name);
          if (message) field?.setAttribute("aria-invalid", "true");
          else field?.removeAttribute("aria-invalid");
          if (message && !first && field) first = field;
        }
        status.textContent = "Some details need correcting: see below.";
        first?.focus();
        return;
      }
      if (!answer.ok) throw new Error(String(answer.status));
      const saved = (await answer.json()) as { problems: { code: string; message: string }[] };
      problems.replaceChildren(...saved.problems.map((problem) => item(problem.message)));
      form.hidden = saved.problems.length === 0;
      status.textContent = photo
        ? "Thank you: your passport details are saved. Now sending the photo…"
        : "Thank you: your passport details are saved.";
      if (photo && upload) upload(photo);
      photo = null;
    } catch {
      status.textContent = "Your details could not be sent: check your connection and press Confirm and send again.";
    } finally {
      if (submit) submit.disabled = false;
    }
  };
}
