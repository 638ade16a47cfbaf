/*
 * The passport read in the office (issue 57) from its photo among a case's papers (server/office/pages/cases.tsx,
 * OfficePassportRead): the traveller's own reader (the case room's bundle, named by the page), loaded only when asked,
 * reads the photo's two lines; when every check digit passes, the fields are filled to check against the photo and
 * save; otherwise nothing is filled and the details are typed. The server checks what is saved again.
 */
interface Reader {
  readPassportLines(image: Blob): Promise<{ text: string }>;
  mrzLinesFrom(text: string): string[] | null;
  readMrz(lines: string[], today: Date): { valid: boolean; documentCode: string; fields: Record<string, string> };
}

export function setUpPassportRead(): void {
  const box = document.querySelector<HTMLElement>("[data-office-passport]");
  const readerUrl = box?.dataset.reader;
  const status = box?.querySelector<HTMLElement>(".passport-read-status");
  const form = box?.querySelector<HTMLFormElement>("form");
  if (!box || !readerUrl || !status || !form) return;
  const set = (name: string, value: string) => {
    const field = form.elements.namedItem(name) as HTMLInputElement | null;
    if (field) field.value = value;
  };
  for (const button of box.querySelectorAll<HTMLButtonElement>("[data-read-photo]")) {
    button.addEventListener("click", () => {
      void (async () => {
        button.disabled = true;
        status.textContent = "Reading the photo… The first time takes a little longer: the reader is downloading.";
        try {
          const photo = await fetch(button.dataset.readPhoto ?? "", { credentials: "same-origin" });
          if (!photo.ok) throw new Error(`the photo: ${photo.status}`);
          const reader = (await import(/* @vite-ignore */ readerUrl)) as Reader;
          const read = await reader.readPassportLines(await photo.blob());
          const lines = reader.mrzLinesFrom(read.text);
          const reading = lines ? reader.readMrz(lines, new Date()) : null;
          set("paper", button.dataset.paper ?? "");
          if (!lines || !reading?.valid || reading.documentCode !== "P") {
            set("lines", "");
            status.textContent = "The photo could not be read clearly: type the details from it.";
            return;
          }
          for (const [name, value] of Object.entries(reading.fields)) set(name, value);
          set("lines", lines.join("\n"));
          status.textContent = "Read, every check digit passed: check each field against the photo, then save.";
        } catch {
          status.textContent = "This browser could not read the photo: type the details from it.";
        } finally {
          button.disabled = false;
        }
      })();
    });
  }
}
