/**
 * A flood of statistics beacons, in a process of its own so that its work does not share the event loop of the
 * clients whose latency a bench measures (scripts/bench-inbox.ts --beacons=N). Sends `rate` beacons a second,
 * paced every 10 ms, spread over the given servers, until it reads a line on stdin; then prints its result as
 * JSON and exits. Views and one-metric vitals in turn, from a phone, from 20,000 addresses (X-Forwarded-For, the
 * servers trusting loopback), so no address reaches the collector's rate limit.
 *
 * Usage: node --import tsx server/testing/beacon-flood.ts RATE URL [URL...]
 */
import { Agent, request } from "node:http";

export interface FloodResult {
  sent: number;
  accepted: number;
  refused: number;
  seconds: number;
  /** Answer times, ms, sorted. */
  latencies: number[];
}

const [rateArg, ...urls] = process.argv.slice(2);
const rate = Number(rateArg);
if (!(rate > 0) || urls.length === 0) {
  console.error("Usage: beacon-flood.ts RATE URL [URL...]");
  process.exit(2);
}

const phone =
  "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const routes = ["/", "/about", "/services", "/contact", "/dubai-visa/1", "/visa-changes/2"];
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const latencies: number[] = [];
let sent = 0;
let accepted = 0;
let refused = 0;
let inFlight = 0;
const started = performance.now();

function sendOne(n: number): void {
  const route = routes[n % routes.length] ?? "/";
  const beacon =
    n % 2 === 0
      ? { kind: "view", path: route, source: n % 3 === 0 ? "facebook" : "google" }
      : {
          kind: "vitals",
          route,
          metrics: [{ id: `v6-1764000000000-${1e12 + n}`, name: "LCP", value: 900 + (n % 3000) }],
        };
  const body = JSON.stringify(beacon);
  const address = n % 20_000;
  const url = new URL("/api/stats", urls[n % urls.length]);
  const at = performance.now();
  inFlight++;
  const done = (ok: boolean) => {
    inFlight--;
    latencies.push(performance.now() - at);
    if (ok) accepted++;
    else refused++;
  };
  const outgoing = request(
    url,
    {
      method: "POST",
      agent,
      headers: {
        "content-type": "text/plain",
        "content-length": Buffer.byteLength(body),
        "user-agent": phone,
        "x-forwarded-for": `10.${(address >> 8) & 255}.${address & 255}.1`,
      },
    },
    (response) => {
      response.resume();
      response.on("end", () => done(response.statusCode === 204));
    },
  );
  outgoing.on("error", () => done(false));
  outgoing.end(body);
}

const timer = setInterval(() => {
  const due = Math.floor(((performance.now() - started) / 1000) * rate);
  while (sent < due) sendOne(sent++);
}, 10);

process.stdin.once("data", () => {
  clearInterval(timer);
  const seconds = (performance.now() - started) / 1000;
  const finish = () => {
    if (inFlight > 0) return setTimeout(finish, 10);
    latencies.sort((a, b) => a - b);
    const result: FloodResult = { sent, accepted, refused, seconds, latencies };
    process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
  };
  finish();
});
