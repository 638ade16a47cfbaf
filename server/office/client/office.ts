/* The office's one script: the passkey ceremonies (they need the browser's WebAuthn API), a note on the
 * enquiry's timeline when someone taps Call, WhatsApp or E-mail (the page showing Contacted at once), an
 * invitation link's Copy and Share, and the office's service worker with its alerts (alerts.ts). Every other
 * action is a plain form post. */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from "@simplewebauthn/browser";
import type { Stage } from "../../data/schema";
import { alertsCard, alertsOffOnSignOut, registerWorker } from "./alerts";
import { setUpPassportRead } from "./passport";
import { stageLabels } from "../pages/labels";

const csrf = () => document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? "";

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-csrf-token": csrf() },
    body: JSON.stringify(body),
  });
  let answer: Record<string, unknown> = {};
  try {
    answer = (await response.json()) as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's error page): the message below says so.
  }
  if (!response.ok) {
    throw new Error(typeof answer.message === "string" ? answer.message : `The server answered ${response.status}.`);
  }
  return answer;
}

/** Why a ceremony stopped, in words for the person holding the phone. */
function explain(error: unknown): string {
  if (error instanceof WebAuthnError || (error instanceof Error && error.name === "NotAllowedError")) {
    return "The passkey request was cancelled or timed out. Please try again.";
  }
  if (error instanceof TypeError) return "The office cannot be reached. Check the connection and try again.";
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}

const ceremonies = {
  "sign-in": async () => {
    const { challengeId, options } = await post("/office/sign-in/options", {});
    const answer = await startAuthentication({ optionsJSON: options as never });
    return post("/office/sign-in", { challengeId, answer });
  },
  enrol: async (button: HTMLElement) => {
    const token = button.dataset.token ?? "";
    const { challengeId, options } = await post("/office/enrol/options", { token });
    const answer = await startRegistration({ optionsJSON: options as never });
    return post("/office/enrol", { challengeId, answer });
  },
  confirm: async () => {
    const { challengeId, options } = await post("/office/confirm/options", {});
    const answer = await startAuthentication({ optionsJSON: options as never });
    return post("/office/confirm", { challengeId, answer });
  },
  add: async () => {
    const { challengeId, options } = await post("/office/me/passkeys/options", {});
    const answer = await startRegistration({ optionsJSON: options as never });
    return post("/office/me/passkeys", { challengeId, answer });
  },
} as const;

/*
 * Passkeys work at the office's own address only (its origin: OFFICE_URL or SITE_URL). Opened at another (the
 * server's IP address, another of its names, another port), the page says where to go instead of offering a
 * passkey button that would fail with the browser's own obscure error. The browser's address is the one that
 * counts: behind a proxy the server may see another.
 */
const ownAddress = document.querySelector<HTMLElement>("[data-office-origin]");
const elsewhere = ownAddress !== null && ownAddress.dataset.officeOrigin !== window.location.origin;
if (ownAddress && elsewhere) {
  const current = ownAddress.querySelector<HTMLElement>("[data-current-host]");
  if (current) current.textContent = window.location.host;
  ownAddress.hidden = false;
}

for (const button of document.querySelectorAll<HTMLButtonElement>("[data-passkey]")) {
  if (elsewhere) {
    button.hidden = true;
    continue;
  }
  const kind = button.dataset.passkey as keyof typeof ceremonies;
  const status = button.parentElement?.querySelector<HTMLElement>("[data-passkey-status]");
  const say = (text: string, isError = false) => {
    if (!status) return;
    status.textContent = text;
    status.classList.toggle("error", isError);
  };
  if (!browserSupportsWebAuthn()) {
    say("This browser cannot use passkeys. Please open the office in an up-to-date browser.", true);
    button.disabled = true;
    continue;
  }
  button.addEventListener("click", () => {
    button.disabled = true;
    say("Waiting for your passkey…");
    ceremonies[kind](button).then(
      (answer) => {
        say("Done.");
        window.location.assign(typeof answer.next === "string" ? answer.next : window.location.href);
      },
      (error: unknown) => {
        say(explain(error), true);
        button.disabled = false;
      },
    );
  });
}

// A tap on a reply is put on the timeline, and a New enquiry shows Contacted at once (issue 35, item 8): the
// server records the tap (work.ts, replied), so the next load says the same, script or none. The link itself
// opens the phone, WhatsApp or mail app as usual. A ready text's link (pages/ready-texts.tsx, issue 37) names
// its text, which the timeline names too.
const replies = document.querySelector<HTMLElement>("[data-enquiry]");
const channelWords: Record<string, string> = { call: "Call", whatsapp: "WhatsApp", email: "E-mail" };

/** The enquiry's stage as the page shows it: the label under its name, and the buttons that move it elsewhere. */
function showStage(stage: Stage) {
  const shown = document.querySelector<HTMLElement>("[data-stage]");
  if (shown) {
    shown.dataset.stage = stage;
    shown.className = `stage stage-${stage}`;
    shown.textContent = stageLabels[stage];
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-move]")) {
    button.hidden = button.dataset.move === stage;
  }
}

document.addEventListener("click", (event) => {
  const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-reply]");
  if (!link || !replies) return;
  const status = document.querySelector<HTMLElement>("[data-reply-status]");
  const say = (text: string, isError = false) => {
    if (!status) return;
    status.textContent = text;
    status.classList.toggle("error", isError);
  };
  const channel = link.dataset.reply ?? "";
  const text = link.dataset.text;
  const wasNew = document.querySelector<HTMLElement>("[data-stage]")?.dataset.stage === "new";
  if (wasNew) showStage("contacted");
  const what = text
    ? `‘${text}’ ${channel === "email" ? "by e-mail" : "on WhatsApp"}`
    : (channelWords[channel] ?? "Reply");
  say(`${what} noted on the timeline${wasNew ? `: now ${stageLabels.contacted}` : ""}.`);
  void fetch(`/office/enquiries/${replies.dataset.enquiry}/replies`, {
    method: "POST",
    keepalive: true,
    headers: { "content-type": "application/json", "x-csrf-token": csrf() },
    body: JSON.stringify(text ? { channel, text } : { channel }),
  })
    .then((response) => {
      if (!response.ok) throw new Error(String(response.status));
    })
    .catch(() => {
      if (wasNew) showStage("new");
      say("The office could not note this tap. Check the connection, then reload the page.", true);
    });
});

// An invitation link: Copy where the browser lets a page write the clipboard, Share where it has a share sheet
// (phones). Neither is shown otherwise; the link itself stays on the page to select.
for (const box of document.querySelectorAll<HTMLElement>("[data-link]")) {
  const link = box.dataset.link ?? "";
  const name = box.dataset.linkFor ?? "them";
  const status = box.querySelector<HTMLElement>("[data-link-status]");
  const say = (text: string, isError = false) => {
    if (!status) return;
    status.textContent = text;
    status.classList.toggle("error", isError);
  };
  const copy = box.querySelector<HTMLButtonElement>("[data-copy]");
  if (copy && window.isSecureContext && typeof navigator.clipboard?.writeText === "function") {
    copy.hidden = false;
    copy.addEventListener("click", () => {
      navigator.clipboard.writeText(link).then(
        () => say(box.dataset.copied ?? `Copied. Paste it into a message to ${name}.`),
        () => say("This browser did not let the page copy. Select the link above and copy it.", true),
      );
    });
  }
  const share = box.querySelector<HTMLButtonElement>("[data-share]");
  if (share && typeof navigator.share === "function") {
    share.hidden = false;
    share.addEventListener("click", () => {
      navigator
        .share({
          title: "Your link to the office",
          text: `${name}, open this link on your phone within the hour to add your passkey for the office:`,
          url: link,
        })
        .then(
          () => say(""),
          (error: unknown) => {
            // Closing the share sheet is not a failure.
            if (error instanceof Error && error.name === "AbortError") return;
            say("This phone could not share the link. Use Copy, or select the link above.", true);
          },
        );
    });
  }
}

// The office's own worker, for its alerts (issue 37), on every office page; the alerts card on "Me".
const worker = (() => {
  try {
    return registerWorker();
  } catch {
    return null;
  }
})();
// A registration refused (a private window, say) is the card's to say, not an error on every page.
worker?.catch(() => {});
const alertsBox = document.querySelector<HTMLElement>("[data-alerts]");
if (alertsBox) alertsCard(alertsBox, worker, post);
alertsOffOnSignOut(post);

/*
 * A case's visa, or a paper that came another way (issue 56): the file's bytes as they are, posted to the case with
 * the form token; the server reads its real type from the bytes and answers with what it refused, if anything.
 */
for (const form of document.querySelectorAll<HTMLFormElement>("form[data-paper-upload]")) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const status = form.querySelector<HTMLElement>("[data-upload-status]");
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
    const file = form.querySelector<HTMLInputElement>("input[type=file]")?.files?.[0];
    const key = (form.elements.namedItem("key") as HTMLInputElement | HTMLSelectElement | null)?.value ?? "";
    const say = (words: string) => {
      if (status) status.textContent = words;
    };
    if (!file) return say("Choose the file first.");
    if (button) button.disabled = true;
    say("Sending…");
    const query = new URLSearchParams({ key, name: file.name });
    fetch(`${form.dataset.paperUpload ?? ""}?${query.toString()}`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream", "x-csrf-token": csrf() },
      body: file,
    })
      .then(async (response) => {
        let answer: Record<string, unknown> = {};
        try {
          answer = (await response.json()) as Record<string, unknown>;
        } catch {
          // Not JSON: the message below says so.
        }
        if (!response.ok) {
          throw new Error(
            typeof answer.message === "string" ? answer.message : `The server answered ${response.status}.`,
          );
        }
        say("Added.");
        window.location.reload();
      })
      .catch((error: unknown) => {
        say(explain(error));
        if (button) button.disabled = false;
      });
  });
}

setUpPassportRead();
