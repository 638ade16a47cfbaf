import { rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { chromium } from "@playwright/test";
import { CaseStore } from "../server/data/cases/store";
import { documentsKey, Keyring, readKeyText } from "../server/data/cases/vault";
import { openDatabase } from "../server/data/open";
import { touristCaseWithLink } from "../server/testing/cases";
import { type ChildServer, spawnServer } from "../server/testing/child-server";
import { makeTempDir } from "../server/testing/fake-client";
import { cameraPhoto } from "../server/testing/photos";
import { chromiumArgs, testBrowserPath } from "./browser";
import { formatMib, TreeSampler } from "./bench/memory";

/*
 * The traveller's uploads (issue 56), measured on this machine; prints figures, asserts nothing:
 *
 * 1. In Chromium at 390 px on a throttled phone link, the time from picking a 5 MB camera photo on the traveller's
 *    page to "sent", made smaller on the phone (as the page does) and not (the same photo offered as a plain file,
 *    which the page sends as it is): medians of --runs, the bytes sent, the ratio.
 * 2. The server (its own process) while --concurrent travellers each send such a photo at once, in 256 KB pieces
 *    as the page does, straight from here (no throttle): its peak memory (RSS, sampled every 50 ms) and each
 *    upload's time from its creation to the paper kept, p50 and p95.
 */
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    concurrent: { type: "string", default: "10" },
    link: { type: "string", default: "3g" },
    "no-browser": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(`npm run bench:upload -- [--runs=3] [--concurrent=10] [--link=3g|slow-3g] [--no-browser]

Needs a build (npm run build). Measures the traveller's page sending a 5 MB camera photo in Chromium on a
throttled link, made smaller on the phone and not (medians of --runs), then the server's peak memory and the
uploads' p50/p95 while --concurrent photos arrive at once. --link: 3g (750 kbit/s up, 1.6 Mbit/s down, 300 ms)
or slow-3g (Chromium's preset: 400 kbit/s each way, 2 s). --no-browser: the server part only.`);
  process.exit(0);
}

const links = {
  "3g": { offline: false, latency: 300, uploadThroughput: 750_000 / 8, downloadThroughput: 1_600_000 / 8 },
  "slow-3g": { offline: false, latency: 2_000, uploadThroughput: 50_000, downloadThroughput: 50_000 },
} as const;
const link = links[values.link as keyof typeof links];
if (!link) throw new Error(`--link must be 3g or slow-3g, not ${values.link}`);
const runs = Math.max(1, Number(values.runs));
const concurrent = Math.max(1, Number(values.concurrent));
const keyText = Buffer.alloc(32, 7).toString("base64");
const keys = new Keyring([documentsKey(readKeyText(keyText))]);

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)] ?? 0;
const quantile = (list: number[], q: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil(q * list.length) - 1)] ?? 0;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

async function startServer(
  folder: string,
): Promise<{ server: ChildServer; cases: CaseStore; close: () => Promise<void> }> {
  const path = join(folder, "inbox.sqlite");
  const server = await spawnServer({
    INBOX_DB: path,
    DOCUMENTS_KEY: keyText,
    PUSH_CONTACT: "off",
    INBOX_RATE_LIMIT: "0",
  });
  const database = await openDatabase({ engine: "sqlite", path }, { migrate: false });
  return {
    server,
    cases: new CaseStore(database, keys),
    close: async () => {
      await database.close();
      server.process.kill("SIGTERM");
      await server.exited;
    },
  };
}

async function newLink(cases: CaseStore): Promise<string> {
  return (await touristCaseWithLink(cases, "Bench Traveller")).link;
}

/** In the page: a tus upload of the bytes as they are, in 256 KB pieces (what tus-js-client sends, without shrinking). */
async function sendWhole({ bytes, link: token }: { bytes: string; link: string }): Promise<void> {
  const body = Uint8Array.from(atob(bytes), (char) => char.charCodeAt(0));
  const created = await fetch("/case/uploads", {
    method: "POST",
    headers: {
      "tus-resumable": "1.0.0",
      "upload-length": String(body.length),
      "upload-metadata": `filename ${btoa("IMG_2041.jpg")},paper ${btoa("passport-first")}`,
      "case-link": token,
    },
  });
  const location = created.headers.get("location") ?? "";
  for (let at = 0; at < body.length; at += 256 * 1024) {
    const reply = await fetch(location, {
      method: "PATCH",
      headers: {
        "tus-resumable": "1.0.0",
        "upload-offset": String(at),
        "content-type": "application/offset+octet-stream",
        "case-link": token,
      },
      body: body.subarray(at, at + 256 * 1024),
    });
    if (reply.status !== 204) throw new Error(`PATCH ${reply.status}`);
  }
}

async function inBrowser(photo: Buffer): Promise<void> {
  const folder = makeTempDir("karama-bench-upload-");
  const { server, cases, close } = await startServer(folder);
  const browser = await chromium.launch({ executablePath: testBrowserPath, args: chromiumArgs });
  try {
    const times = { shrunk: [] as number[], whole: [] as number[] };
    const sent = { shrunk: 0, whole: 0 };
    for (let run = 0; run < runs; run++) {
      for (const kind of ["shrunk", "whole"] as const) {
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        let bytes = 0;
        page.on("request", (request) => {
          if (request.method() !== "PATCH") return;
          void request
            .allHeaders()
            .then((headers) => (bytes += Number(headers["content-length"] ?? 0)))
            .catch(() => {});
        });
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", link);
        await page.goto(`${server.url}/case/${await newLink(cases)}`);
        await page.locator("html[data-ready]").waitFor({ state: "attached", timeout: 120_000 });
        const section = page.locator('[data-upload="passport-first"]');
        const started = performance.now();
        if (kind === "shrunk") {
          // As a traveller does it: picked on the page, made smaller by its script, sent with tus-js-client.
          await section
            .locator('input[type="file"]')
            .setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: photo });
          await section.getByText(/sent\. We will check it/).waitFor({ timeout: 600_000 });
        } else {
          // The same photo sent as it is, with the same protocol and pieces, from the same page on the same link.
          await page.evaluate(sendWhole, {
            bytes: photo.toString("base64"),
            link: new URL(page.url()).pathname.split("/")[2] ?? "",
          });
        }
        times[kind].push(performance.now() - started);
        sent[kind] = bytes;
        await context.close();
      }
    }
    const shrunk = median(times.shrunk);
    const whole = median(times.whole);
    console.log(
      `\nThe traveller's page, a ${kib(photo.length)} camera photo, ${values.link} link, 390 px (median of ${runs}):`,
    );
    console.log(`  made smaller on the phone  ${seconds(shrunk).padStart(8)}   ${kib(sent.shrunk).padStart(9)} sent`);
    console.log(`  sent as it is              ${seconds(whole).padStart(8)}   ${kib(sent.whole).padStart(9)} sent`);
    console.log(`  ratio                      ${(whole / shrunk).toFixed(1).padStart(6)} ×`);
  } finally {
    await browser.close();
    await close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** One traveller sending the photo as the page does: created, then PATCHed in 256 KB pieces; ms to the paper kept. */
async function upload(url: string, linkToken: string, photo: Buffer): Promise<number> {
  const started = performance.now();
  const metadata = `filename ${Buffer.from("IMG_2041.jpg").toString("base64")},paper ${Buffer.from("passport-first").toString("base64")}`;
  const created = await fetch(`${url}/case/uploads`, {
    method: "POST",
    headers: {
      "tus-resumable": "1.0.0",
      "upload-length": String(photo.length),
      "upload-metadata": metadata,
      "case-link": linkToken,
    },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  const location = created.headers.get("location") ?? "";
  for (let at = 0; at < photo.length; at += 256 * 1024) {
    const reply = await fetch(`${url}${location}`, {
      method: "PATCH",
      headers: {
        "tus-resumable": "1.0.0",
        "upload-offset": String(at),
        "content-type": "application/offset+octet-stream",
        "case-link": linkToken,
      },
      body: new Uint8Array(photo.subarray(at, at + 256 * 1024)),
    });
    if (reply.status !== 204) throw new Error(`patch at ${at}: ${reply.status} ${await reply.text()}`);
  }
  return performance.now() - started;
}

async function onServer(photo: Buffer, how: string): Promise<void> {
  const folder = makeTempDir("karama-bench-upload-");
  const { server, cases, close } = await startServer(folder);
  try {
    const tokens = await Promise.all(Array.from({ length: concurrent }, () => newLink(cases)));
    // One upload first, not counted: the server's first decode warms sharp and the JIT, as on a live server.
    await upload(server.url, await newLink(cases), photo);
    const before = new TreeSampler(server.process.pid ?? 0);
    before.sample();
    const idle = before.stop();
    const sampler = new TreeSampler(server.process.pid ?? 0);
    sampler.start();
    const times = await Promise.all(tokens.map((token) => upload(server.url, token, photo)));
    const peak = sampler.stop();
    console.log(
      `\nThe server while ${concurrent} travellers each send a ${kib(photo.length)} photo at once, ${how} (loopback):`,
    );
    console.log(
      `  peak memory (RSS, the server's process tree)  ${formatMib(peak.peakTreeKib)} (${formatMib(idle.peakTreeKib)} before)`,
    );
    console.log(
      `  each upload, creation to paper kept           p50 ${seconds(median(times))}, p95 ${seconds(quantile(times, 0.95))}`,
    );
  } finally {
    await close();
    rmSync(folder, { recursive: true, force: true });
  }
}

const photo = await cameraPhoto();
if (!values["no-browser"]) await inBrowser(photo);
// What the page sends of such a photo (about 2,000 px, JPEG at 82 %, as its script makes it), then the photo as it
// is (a file the page could not make smaller): the server's load at its usual and at its worst.
const asSent = await sharp(photo).resize(2000, 2000, { fit: "inside" }).jpeg({ quality: 82 }).toBuffer();
await onServer(asSent, "as the page sends it");
await onServer(photo, "as it is, not made smaller");
