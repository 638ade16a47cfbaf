/*
 * The office as an app and its alerts (issue 37). Every office page registers the office's own service worker
 * (/office/sw.js, scope /office/), which shows the alerts the server pushes; no public page ever loads it. On "Me",
 * the card "Alerts on this phone" turns alerts on for this browser (the permission asked only on that tap), sends a
 * test, and turns them off.
 */

export const workerUrl = "/office/sw.js";
export const workerScope = "/office/";

/** What the card says and which buttons it shows. */
type State = "unsupported" | "iphone" | "blocked" | "off" | "on";

const words: Record<State, string> = {
  unsupported: "This browser cannot show alerts. Open the office in an up-to-date Chrome, Edge, Firefox or Safari.",
  iphone: "On an iPhone, alerts work only in the office added to the home screen (see below).",
  blocked:
    "Notifications are blocked for the office in this browser. Allow them in the browser's site settings, then reload this page.",
  off: "Alerts are off on this phone.",
  on: "Alerts are on for this phone.",
};

/** Said after "off" when the person's other devices, listed below the buttons, still get alerts (issue 59). */
const othersOn = " Your other devices listed below still get them.";

/**
 * A device's mark, as the page lists it (pages/alerts.tsx, deviceMark): the first 128 bits of the SHA-256 of its
 * endpoint, base64url. Null where the browser cannot hash (outside a secure context).
 */
export async function deviceMark(endpoint: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(endpoint)));
  let text = "";
  for (const byte of digest.subarray(0, 16)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Registers the office's worker: on every office page, so that the installed app always has it. */
export function registerWorker(): Promise<ServiceWorkerRegistration> | null {
  if (!("serviceWorker" in navigator)) return null;
  return navigator.serviceWorker.register(workerUrl, { scope: workerScope, type: "classic" });
}

/** An iPhone or iPad (iPadOS says it is a Mac, with a touch screen) not opened from the home screen. */
function iosOutsideHomeScreen(): boolean {
  const ios =
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  const standalone =
    window.matchMedia("(display-mode: standalone)").matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return ios && !standalone;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** Whether this browser lets the office notify: the Permissions API's answer where there is one. */
async function permission(): Promise<NotificationPermission> {
  try {
    const { state } = await navigator.permissions.query({ name: "notifications" });
    return state === "prompt" ? "default" : state;
  } catch {
    return Notification.permission;
  }
}

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const held = subscription.options.applicationServerKey;
  if (!held) return true;
  const bytes = new Uint8Array(held);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
};

/**
 * The card's buttons. `post` is the office script's JSON post (the session's form token in a header); a refusal
 * throws with the server's words.
 */
export function alertsCard(
  card: HTMLElement,
  ready: Promise<ServiceWorkerRegistration> | null,
  post: (path: string, body: unknown) => Promise<Record<string, unknown>>,
): void {
  const publicKey = card.dataset.alerts ?? "";
  const status = card.querySelector<HTMLElement>("[data-alerts-status]");
  const button = (action: string) => card.querySelector<HTMLButtonElement>(`[data-alerts-action="${action}"]`);
  const [on, test, off] = [button("on"), button("test"), button("off")];
  const iphone = card.querySelector<HTMLElement>("[data-alerts-iphone]");
  const say = (text: string, isError = false) => {
    if (!status) return;
    status.textContent = text;
    status.classList.toggle("error", isError);
  };
  const listed = () => [...card.querySelectorAll<HTMLElement>("[data-alerts-device]")];
  /** This browser's mark, once known. */
  let thisMark: string | null = null;
  /** Marks the listed device that is this browser (none when `mark` is null); whether it is listed. */
  const markThis = (mark: string | null) => {
    thisMark = mark;
    let found = false;
    for (const item of listed()) {
      const mine = mark !== null && item.dataset.alertsDevice === mark;
      found ||= mine;
      const tag = item.querySelector<HTMLElement>("[data-alerts-this]");
      if (tag) tag.hidden = !mine;
    }
    return found;
  };
  /** This browser's device, its alerts turned off: gone from the list (and the list, when it was the only one). */
  const unlist = (mark: string | null) => {
    for (const item of listed()) if (mark !== null && item.dataset.alertsDevice === mark) item.remove();
    const list = card.querySelector<HTMLElement>("[data-alerts-list]");
    if (list && listed().length === 0) list.hidden = true;
  };
  const show = (state: State, text = words[state], isError = false) => {
    const others = listed().some((item) => item.dataset.alertsDevice !== thisMark);
    if (state === "off" && text === words.off && others) text += othersOn;
    if (on) on.hidden = state !== "off";
    if (test) test.hidden = state !== "on";
    if (off) off.hidden = state !== "on";
    if (iphone) iphone.hidden = state !== "iphone" && state !== "unsupported";
    say(text, isError);
  };
  const busy = async (work: () => Promise<void>) => {
    for (const each of [on, test, off]) if (each) each.disabled = true;
    try {
      await work();
    } catch (error) {
      say(error instanceof Error ? error.message : "Something went wrong. Please try again.", true);
    } finally {
      for (const each of [on, test, off]) if (each) each.disabled = false;
    }
  };

  const supported = ready !== null && "PushManager" in window && "Notification" in window;
  if (!supported || !publicKey) {
    show(iosOutsideHomeScreen() ? "iphone" : "unsupported");
    return;
  }
  const key = keyBytes(publicKey);
  const registration = ready.then(() => navigator.serviceWorker.ready);
  const current = async () => (await registration).pushManager.getSubscription();

  void (async () => {
    const allowed = await permission();
    if (allowed === "denied") return show("blocked");
    const subscription = await current();
    // Alerts on for this browser and for the server's key; another key (a new database) needs turning on again;
    // and among this person's devices on the server (one it deleted as gone needs turning on again too).
    const mark = subscription ? await deviceMark(subscription.endpoint) : null;
    const mine = markThis(mark);
    const serverHasIt = mine || mark === null;
    show(subscription && sameKey(subscription, key) && allowed === "granted" && serverHasIt ? "on" : "off");
  })().catch(() => show("unsupported"));

  on?.addEventListener("click", () =>
    busy(async () => {
      say("Asking this phone for permission…");
      // The browser's question, asked on this tap only.
      const permission = await Notification.requestPermission();
      if (permission !== "granted") return show(permission === "denied" ? "blocked" : "off");
      const manager = (await registration).pushManager;
      const old = await manager.getSubscription();
      if (old && !sameKey(old, key)) await old.unsubscribe();
      const subscription = await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      const { endpoint, keys } = subscription.toJSON();
      await post("/office/me/alerts", { endpoint, keys });
      if (endpoint) markThis(await deviceMark(endpoint));
      show("on", "Alerts are on for this phone. Send a test to see one.");
    }),
  );

  test?.addEventListener("click", () =>
    busy(async () => {
      const subscription = await current();
      if (!subscription) return show("off");
      say("Sending a test…");
      await post("/office/me/alerts/test", { endpoint: subscription.endpoint });
      say("Test sent: it should show on this phone within seconds.");
    }),
  );

  off?.addEventListener("click", () =>
    busy(async () => {
      const subscription = await current();
      if (subscription) {
        await post("/office/me/alerts/off", { endpoint: subscription.endpoint });
        unlist(await deviceMark(subscription.endpoint));
        await subscription.unsubscribe();
      }
      markThis(null);
      show("off");
    }),
  );
}

/**
 * Signing out on this phone turns its alerts off first: a phone handed to someone else must not show the next
 * visitor's name. Whatever fails (no connection), the sign-out goes ahead, after 3 s at most.
 */
export function alertsOffOnSignOut(post: (path: string, body: unknown) => Promise<unknown>): void {
  if (!("serviceWorker" in navigator)) return;
  for (const form of document.querySelectorAll<HTMLFormElement>('form[action="/office/sign-out"]')) {
    form.addEventListener("submit", (event) => {
      if (form.dataset.alertsOff === "done") return;
      event.preventDefault();
      const off = (async () => {
        const registration = await navigator.serviceWorker.getRegistration(workerScope);
        const subscription = await registration?.pushManager.getSubscription();
        if (!subscription) return;
        await post("/office/me/alerts/off", { endpoint: subscription.endpoint }).catch(() => {});
        await subscription.unsubscribe().catch(() => false);
      })();
      void Promise.race([off, new Promise((resolve) => setTimeout(resolve, 3_000))])
        .catch(() => {})
        .finally(() => {
          form.dataset.alertsOff = "done";
          form.requestSubmit();
        });
    });
  }
}
