/*
 * What the office's service worker does with a push and a tap on its notification (issue 37), as plain functions
 * the worker (worker.ts) calls and the unit tests call too: nothing here touches the worker's globals.
 */

/** A notification to show: its title, its text, the office page a tap opens, and a tag (one per page). */
export interface ShownAlert {
  title: string;
  body: string;
  url: string;
}

/** Shown when a push cannot be read: the worker always shows something (iOS ends a subscription that does not). */
export const genericAlert: ShownAlert = {
  title: "New in the office",
  body: "Open the office to see it.",
  url: "/office",
};

/**
 * The notification for a push's payload (server/push/sender.ts: JSON title, body, url). Only an office address is
 * ever opened: anything else, or a payload that is not what the server sends, shows the generic alert.
 */
export function alertFromPush(text: string | null | undefined): ShownAlert {
  let payload: unknown;
  try {
    payload = JSON.parse(text ?? "");
  } catch {
    return genericAlert;
  }
  if (typeof payload !== "object" || payload === null) return genericAlert;
  const { title, body, url } = payload as Record<string, unknown>;
  if (typeof title !== "string" || title.trim() === "") return genericAlert;
  return {
    title: title.slice(0, 200),
    body: typeof body === "string" ? body.slice(0, 400) : "",
    url: officeUrl(url),
  };
}

/** An office path (/office or under /office/), else the inbox: a tap never leads anywhere else. */
export function officeUrl(url: unknown): string {
  if (typeof url !== "string") return "/office";
  return /^\/office(\/[A-Za-z0-9/_-]*)?$/.test(url) ? url : "/office";
}

/** The parts of a window the tap handler uses (WindowClient). */
export interface OfficeWindow {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/**
 * A tap on an alert: the office's open window, if there is one, comes to the front showing the enquiry; otherwise a
 * new one opens on it. `origin` is the office's (the worker's own).
 */
export async function openAlert(
  url: string,
  origin: string,
  windows: readonly OfficeWindow[],
  openWindow: (url: string) => Promise<unknown>,
): Promise<"focused" | "opened"> {
  const target = new URL(officeUrl(url), origin).href;
  const office = windows.find((window) => {
    const path = new URL(window.url).pathname;
    return new URL(window.url).origin === origin && (path === "/office" || path.startsWith("/office/"));
  });
  if (office) {
    // A browser may refuse either (focus without the tap's permission; navigate for a window the worker does not
    // control, such as /office itself, outside its scope /office/): the enquiry then opens in a window of its own.
    await office.focus().catch(() => {});
    if (office.url === target) return "focused";
    try {
      await office.navigate(target);
      return "focused";
    } catch {
      // Opened below.
    }
  }
  await openWindow(target);
  return "opened";
}
