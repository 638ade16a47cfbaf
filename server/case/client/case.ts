/**
 * The traveller's page in the browser (issue 56): each paper picked or photographed is made smaller on the phone
 * (shrink.ts), then sent with tus (tus-js-client) in pieces of 256 KB: a dropped connection, or a tab closed and
 * opened again with the same photo picked, carries on from the last piece the server has. Progress per paper; a
 * failure says what happened and offers to try again; nothing already sent goes twice.
 */
import { Upload, type DetailedError } from "tus-js-client";
import { setUpAlerts } from "./alerts";
import { setUpPassport } from "./passport/form";
import { describeSize, shrinkForUpload } from "./shrink";

/**
 * The passport reader (issue 57): its own bundle, loaded only when the traveller asks for a read. Exported for the
 * page's passport form, which calls `(await loadPassportReader()).readPassportLines(photo)`.
 */
export { loadPassportReader } from "./passport/load";

const link = decodeURIComponent(location.pathname.split("/")[2] ?? "");

/** Waits, then tries again, for about three minutes in all before saying the connection is gone. */
const retryDelays = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 30_000, 30_000, 60_000];

async function digest(blob: Blob): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", await blob.arrayBuffer());
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function say(box: Element, text: string, tone: "info" | "error" | "done" = "info"): HTMLElement {
  box.replaceChildren();
  const line = document.createElement("p");
  line.className = `upload-line ${tone}`;
  line.textContent = text;
  box.append(line);
  return line;
}

function bar(box: Element): HTMLProgressElement {
  const progress = document.createElement("progress");
  progress.max = 100;
  progress.value = 0;
  box.append(progress);
  return progress;
}

function retryButton(box: Element, again: () => void): void {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "retry-button";
  button.textContent = "Try again";
  button.addEventListener("click", again, { once: true });
  box.append(button);
}

/** The server's words for a refusal (a 4xx answer's body), or null for a connection that failed. */
function refusalOf(error: Error): string | null {
  const response = (error as DetailedError).originalResponse;
  const status = response?.getStatus() ?? 0;
  if (status < 400 || status >= 500 || status === 409 || status === 423 || status === 429) return null;
  const body = response?.getBody()?.trim() ?? "";
  return body !== "" && !body.startsWith("<") ? body : "The server did not take this file.";
}

async function send(section: HTMLElement, file: File): Promise<void> {
  const key = section.dataset.upload ?? "";
  const box = section.querySelector(".upload-progress") ?? section;
  say(box, file.type.startsWith("image/") ? "Making the photo smaller…" : "Getting the file ready…");
  const shrunk = await shrinkForUpload(file);
  if ("refused" in shrunk) {
    say(box, shrunk.message, "error");
    return;
  }
  let line = say(box, `Sending ${shrunk.name} (${describeSize(shrunk.blob.size)})…`);
  let running = false;
  let finished = false;
  const progress = bar(box);
  const fingerprint = `case-upload:${key}:${await digest(shrunk.blob)}`;
  const upload = new Upload(shrunk.blob, {
    endpoint: "/case/uploads",
    headers: { "Case-Link": link },
    metadata: { filename: shrunk.name, paper: key, filetype: shrunk.type },
    chunkSize: 256 * 1024,
    retryDelays,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    fingerprint: async () => fingerprint,
    onShouldRetry: (error) => refusalOf(error) === null,
    onProgress: (sent, total) => {
      progress.value = total > 0 ? Math.round((sent / total) * 100) : 0;
      line.textContent = `Sending ${shrunk.name}: ${describeSize(sent)} of ${describeSize(total)}`;
    },
    onError: (error) => {
      running = false;
      const refused = refusalOf(error);
      say(box, refused ?? "The connection dropped. What was sent is kept: try again to send the rest.", "error");
      retryButton(box, () => {
        line = say(box, "Trying again…");
        box.append(progress);
        void start();
      });
    },
    onSuccess: () => {
      running = false;
      finished = true;
      say(box, `${shrunk.name} sent. We will check it and tell you here.`, "done");
      const badge = section.closest(".paper")?.querySelector(".badge");
      if (badge) {
        badge.textContent = "Sent: we will check it";
        badge.className = "badge sent";
      }
    },
  });
  const start = async () => {
    if (running || finished) return;
    running = true;
    // An upload of these same bytes begun before (a dropped connection, the tab closed) carries on where it stopped.
    const earlier = await upload.findPreviousUploads();
    if (earlier[0]) upload.resumeFromPreviousUpload(earlier[0]);
    upload.start();
  };
  // Back online: carry on at once rather than at the next retry.
  addEventListener("online", () => {
    if (!running && !finished) void start();
  });
  await start();
}

for (const section of document.querySelectorAll<HTMLElement>("[data-upload]")) {
  const input = section.querySelector<HTMLInputElement>('input[type="file"]');
  input?.addEventListener("change", () => {
    const file = input.files?.[0];
    if (file) void send(section, file);
    input.value = "";
  });
}
const passportUpload = document.querySelector<HTMLElement>('[data-upload="passport-first"]');
setUpPassport(passportUpload ? (file) => void send(passportUpload, file) : null);
document.documentElement.dataset.ready = "true";

setUpAlerts();
