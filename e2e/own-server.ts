import type { CDPSession, Page } from "@playwright/test";
import { createServer } from "node:net";

/* What the specs that start a server of their own share (the office, its phones, the visa labels, the statistics). */

/** A port free on loopback at this moment, for a server of the spec's own. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A phone's passkey store on this page: user verification (fingerprint, face, PIN) always succeeds. */
export async function addPasskeyDevice(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}
