/** @jsxImportSource preact */
import { createHash } from "node:crypto";
import type { StoredSubscription } from "../../data/push";
import { dubaiDateTime } from "../time";

export interface AlertsProps {
  /** Why alerts are off for the whole office (PUSH_CONTACT=off); null when they are on. */
  off: string | null;
  /** The key a browser subscribes with (VAPID, base64url); null while the database is not open. */
  publicKey: string | null;
  /** The person's devices with alerts on. */
  devices: Pick<StoredSubscription, "endpoint" | "label" | "createdAt" | "lastSuccessAt" | "lastError">[];
}

/**
 * A device's mark on the page: the first 128 bits of its endpoint's SHA-256, base64url. The card's script hashes
 * its browser's endpoint the same way (client/alerts.ts, deviceMark) to say which listed device is this phone,
 * without the page holding the endpoints themselves.
 */
export function deviceMark(endpoint: string): string {
  return createHash("sha256").update(endpoint).digest().subarray(0, 16).toString("base64url");
}

/**
 * "Alerts on this phone" (issue 37): the buttons are the script's (client/alerts.ts), which shows the ones that fit
 * this browser: Turn on (the browser asks for permission only then), Send a test, Turn off; or says why this browser
 * cannot (an iPhone's Safari outside the home screen). Without the script, the card says so. The person's devices
 * with alerts on are listed below, the one that is this phone marked by the script (issue 59: which is which).
 */
export function AlertsCard({ off, publicKey, devices }: AlertsProps) {
  return (
    <section
      aria-labelledby="alerts-heading"
      class="card alerts"
      data-alerts={off || !publicKey ? undefined : publicKey}
    >
      <h2 id="alerts-heading">Alerts on this phone</h2>
      {off ? (
        <p data-alerts-off>
          Alerts are off for the whole office: the server&apos;s PUSH_CONTACT setting is off. Ask whoever runs the
          server to remove it; new enquiries still arrive by e-mail and in the inbox.
        </p>
      ) : (
        <>
          <p>
            A notification on this phone within seconds of each new enquiry: the name and what they asked for, never
            their number or message. A tap opens the enquiry.
          </p>
          <p class="status" role="status" data-alerts-status>
            {publicKey ? "Checking this browser…" : "The office's database is not reachable. Reload the page."}
          </p>
          <div class="alert-buttons">
            <button type="button" class="primary" data-alerts-action="on" hidden>
              Turn on alerts
            </button>
            <button type="button" data-alerts-action="test" hidden>
              Send a test
            </button>
            <button type="button" data-alerts-action="off" hidden>
              Turn off
            </button>
          </div>
          <p class="quiet" data-alerts-iphone hidden>
            On an iPhone (iOS 16.4 or later), alerts work only in the office added to the home screen: in Safari, tap
            Share, then Add to Home Screen, open the office from there and turn alerts on.
          </p>
        </>
      )}
      {devices.length > 0 ? (
        <div data-alerts-list>
          <h3 class="alert-devices">Your devices with alerts on</h3>
          <ul class="plain" data-alerts-devices>
            {devices.map((device) => (
              <li key={`${device.label}-${device.createdAt}`} data-alerts-device={deviceMark(device.endpoint)}>
                <strong>{device.label}</strong>
                <span class="this-device" data-alerts-this hidden>
                  This phone
                </span>
                <span class="quiet">
                  {" "}
                  since {dubaiDateTime(device.createdAt)}
                  {device.lastSuccessAt ? `, last alert ${dubaiDateTime(device.lastSuccessAt)}` : ""}
                </span>
                {device.lastError ? <span class="quiet">{` Last failure: ${device.lastError}`}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
