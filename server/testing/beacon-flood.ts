/**
 * A flood of statistics beacons, in a process of its own so that its work does not share the event loop of the
 * clients whose latency a bench measures (scripts/bench-inbox.ts --beacons=N). Sends `rate` beacons a second,
 * paced every 10 ms, spread over the given servers (8 pipelined keep-alive connections each). It reads commands on
 * stdin, a line each: `pause` (it answers `paused` once every beacon sent is answered), `resume`, and `stop` (it
 * prints its result as JSON and exits). It starts paused and says `ready` once connected. Views and one-metric
 * vitals in turn, from a phone, from 20,000 addresses (X-Forwarded-For, the servers trusting loopback), so no
 * address reaches the collector's rate limit.
 *
 * With --distinct, an attacker's flood instead (issue 34): page views only, each with a path and a campaign tag of
 * its own (half of them pages the site does not have, half its 25 pages), so that every beacon asks for a new
 * page and a new source. With --count=N it sends N beacons in all, then waits to be paused or stopped.
 *
 * Usage: node --import tsx server/testing/beacon-flood.ts [--distinct] [--count=N] RATE URL [URL...]
 */
import { connect, type Socket } from "node:net";
import { pagePaths } from "../../app/lib/paths";

export interface FloodResult {
  sent: number;
  accepted: number;
  refused: number;
  /** Seconds of sending (pauses left out). */
  seconds: number;
  /** Answer times, ms, sorted. */
  latencies: number[];
}

const flags = process.argv.slice(2).filter((arg) => arg.startsWith("--"));
const [rateArg, ...urls] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const rate = Number(rateArg);
const distinct = flags.includes("--distinct");
const countFlag = flags.find((flag) => flag.startsWith("--count="));
const limit = countFlag ? Number(countFlag.slice("--count=".length)) : Infinity;
if (
  !(rate > 0) ||
  urls.length === 0 ||
  !(limit > 0) ||
  flags.some((flag) => flag !== "--distinct" && flag !== countFlag)
) {
  console.error("Usage: beacon-flood.ts [--distinct] [--count=N] RATE URL [URL...]");
  process.exit(2);
}

const phone =
  "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const routes = ["/", "/about", "/services", "/contact", "/dubai-visa/1", "/visa-changes/2"];

/** One request, written out: the flood's own work is a socket write, so that its CPU stays small beside the servers'. */
function requestBytes(n: number, host: string): Buffer {
  const route = routes[n % routes.length] ?? "/";
  const beacon = distinct
    ? {
        kind: "view",
        path: n % 2 === 0 ? `/offer-${n}` : (pagePaths[(n >> 1) % pagePaths.length] ?? "/"),
        source: `flyer-${n}`,
      }
    : n % 2 === 0
      ? { kind: "view", path: route, source: n % 3 === 0 ? "facebook" : "google" }
      : {
          kind: "vitals",
          route,
          metrics: [{ id: `v6-1764000000000-${1e12 + n}`, name: "LCP", value: 900 + (n % 3000) }],
        };
  const body = JSON.stringify(beacon);
  const address = n % 20_000;
  return Buffer.from(
    `POST /api/stats HTTP/1.1\r\nHost: ${host}\r\nContent-Type: text/plain\r\nUser-Agent: ${phone}\r\n` +
      `X-Forwarded-For: 10.${(address >> 8) & 255}.${address & 255}.1\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * Keep-alive connections with HTTP/1.1 pipelining: answers come back in order, so each connection keeps the send
 * times of the requests it is waiting on, and an answer's status line settles the oldest.
 */
interface Line {
  socket: Socket;
  host: string;
  waiting: number[];
  buffered: string;
}

const latencies: number[] = [];
let sent = 0;
let accepted = 0;
let refused = 0;
const lines: Line[] = [];
for (const url of urls) {
  const { hostname, port, host } = new URL(url);
  for (let index = 0; index < 8; index++) {
    const line: Line = { socket: connect(Number(port), hostname), host, waiting: [], buffered: "" };
    line.socket.setNoDelay(true);
    line.socket.on("data", (chunk: Buffer) => {
      line.buffered += chunk.toString("latin1");
      for (;;) {
        const at = line.buffered.indexOf("HTTP/1.1 ");
        if (at < 0) break;
        const status = line.buffered.slice(at + 9, at + 12);
        line.buffered = line.buffered.slice(at + 12);
        const sentAt = line.waiting.shift();
        if (sentAt !== undefined) latencies.push(performance.now() - sentAt);
        if (status === "204") accepted++;
        else refused++;
      }
    });
    line.socket.on("error", () => {
      refused += line.waiting.length;
      line.waiting = [];
    });
    lines.push(line);
  }
}

/** Sending since (performance.now()), or null while paused; the seconds of sending before it. */
let since: number | null = null;
let sentBefore = 0;
let secondsBefore = 0;
const timer = setInterval(() => {
  if (since === null) return;
  const due = Math.min(limit, sentBefore + Math.floor(((performance.now() - since) / 1000) * rate));
  while (sent < due) {
    const line = lines[sent % lines.length];
    if (!line) break;
    line.waiting.push(performance.now());
    line.socket.write(requestBytes(sent, line.host));
    sent++;
  }
}, 10);

function pause(): void {
  if (since === null) return;
  secondsBefore += (performance.now() - since) / 1000;
  sentBefore = sent;
  since = null;
}

/** Calls `then` once every beacon sent has its answer (or after 10 s, the rest counted as refused). */
function whenAnswered(then: () => void): void {
  const deadline = Date.now() + 10_000;
  const check = () => {
    if (lines.some((line) => line.waiting.length > 0) && Date.now() < deadline) return void setTimeout(check, 10);
    then();
  };
  check();
}

// Connected (or failed: its beacons then count as refused, and the bench is not left waiting).
await Promise.all(
  lines.map(
    (line) =>
      new Promise<void>((resolve) => {
        line.socket.once("connect", () => resolve());
        line.socket.once("error", () => resolve());
      }),
  ),
);
process.stdout.write("ready\n");

let commands = "";
process.stdin.on("data", (chunk: Buffer) => {
  commands += chunk.toString();
  for (let end = commands.indexOf("\n"); end >= 0; end = commands.indexOf("\n")) {
    const command = commands.slice(0, end).trim();
    commands = commands.slice(end + 1);
    if (command === "resume") since ??= performance.now();
    else if (command === "pause") {
      pause();
      whenAnswered(() => process.stdout.write("paused\n"));
    } else if (command === "stop") {
      pause();
      clearInterval(timer);
      whenAnswered(() => {
        for (const line of lines) {
          refused += line.waiting.length;
          line.socket.destroy();
        }
        latencies.sort((a, b) => a - b);
        const result: FloodResult = { sent, accepted, refused, seconds: secondsBefore, latencies };
        process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
      });
    }
  }
});
