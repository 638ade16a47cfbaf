import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Browser, chromium } from "@playwright/test";
import { buildCaseAssets } from "../server/case/assets";
import { type MrzFields, mrzLinesFrom, readMrz } from "../server/papers/passport/rules";
import { CaseStore } from "../server/data/cases/store";
import { documentsKey, Keyring, readKeyText } from "../server/data/cases/vault";
import { openDatabase } from "../server/data/open";
import { touristCaseWithLink } from "../server/testing/cases";
import { spawnServer } from "../server/testing/child-server";
import { makeTempDir } from "../server/testing/fake-client";
import { chromiumArgs, testBrowserPath } from "./browser";

/*
 * The passport reader (issue 57), measured on this machine; prints figures, asserts nothing. The built server is
 * started with a case; its page opens in Chromium at 390 px with the CPU slowed 4×; the reader is loaded from the
 * page's own script, as the page does when the traveller asks, and its engine started once (timed apart); then
 * each photo of the set is read. The slowdown holds for the page and its dedicated workers alike (the photo's
 * preparing worker, the engine's), where the reading's work is done: see throttleRenderers.
 * What was read goes through the page's own rules (mrzLinesFrom, then readMrz): per kind of photo, the photos with
 * every field right (against truth.json's fields) and every check digit passing (what the form fills), the lines
 * exact, the photos whose check digits all pass (the composite one included) and those that pass while a field under a
 * check digit is wrong (must stay 0), those that pass while a field no check digit covers is wrong (a name, the
 * nationality, the sex: the traveller's eye is their only check), the read's median and p90.
 * Then the engine's whole download, each file's bytes and brotli bytes, against the target.
 *
 * The set: <dir>/truth.json (an array of { file, traveller, kind, lines: [l1, l2], fields }) and the JPEGs beside
 * it, made by `npm run passport:set`.
 */
const { values } = parseArgs({
  options: {
    dir: { type: "string", default: join(import.meta.dirname, "..", "node_modules", ".cache", "passport-set") },
    port: { type: "string", default: "0" },
    cpu: { type: "string", default: "4" },
    limit: { type: "string", default: "0" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(`npm run bench:passport -- [--dir=node_modules/.cache/passport-set] [--cpu=4] [--port=0] [--limit=0]

Needs a build (npm run build) and a set of photos (npm run passport:set). Reads every photo of --dir (the first
--limit only, when set) in Chromium at 390 px with the CPU slowed --cpu times (the page and its workers), and prints
per kind of photo the photos with every field right (and every check digit passing: what the form fills), the lines
exact, the photos whose check digits pass (and those passing while wrong), the read's median and p90; then the
engine's download, file by file, against the issue's target of 4 MB brotli. BENCH_VERBOSE=1 prints each photo's reading.`);
  process.exit(0);
}

interface Truth {
  file: string;
  traveller: string;
  kind: string;
  lines: [string, string];
  fields: Partial<MrzFields>;
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)] ?? 0;
const quantile = (list: number[], q: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil(q * list.length) - 1)] ?? 0;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;
const percent = (part: number, whole: number) => `${whole ? Math.round((part / whole) * 100) : 0} %`;

/** The fields a check digit covers: the passport number, the dates of birth and expiry. */
const checked = ["documentNumber", "birthDate", "expiryDate"];

/** The fields of truth.json that differ in what the rules made of the reading (all of them when nothing was). */
function wrongFields(read: MrzFields | null, truth: Partial<MrzFields>): string[] {
  return Object.entries(truth)
    .filter(([name, value]) => read?.[name as keyof MrzFields] !== value)
    .map(([name]) => name);
}

/**
 * The CPU slowed `rate` times for the page and its dedicated workers alike: Chromium's own slowdown
 * (Emulation.setCPUThrottlingRate) acts on a page's main thread only, and Chromium refuses it on a worker's session
 * ("Operation is only supported for pages, not workers", Chromium 156), yet the photo is prepared and read in
 * workers. So the renderer processes (the page's and its workers' threads) are let run 1/rate of the time: stopped
 * and continued by signals, 10 ms running in every 10·rate ms, as Chromium's own throttler suspends a thread.
 * The processes are asked of the browser (SystemInfo.getProcessInfo) every second, for those started since.
 */
async function throttleRenderers(
  browser: Browser,
  rate: number,
): Promise<{ stop: () => Promise<void>; pids: Set<number> }> {
  const pids = new Set<number>();
  let running = rate > 1;
  const signal = (name: NodeJS.Signals) => {
    for (const pid of pids) {
      try {
        process.kill(pid, name);
      } catch {
        pids.delete(pid);
      }
    }
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const session = await browser.newBrowserCDPSession();
  const ask = async () => {
    const { processInfo } = (await session.send("SystemInfo.getProcessInfo")) as {
      processInfo: { type: string; id: number }[];
    };
    for (const info of processInfo) if (info.type === "renderer") pids.add(info.id);
  };
  if (running) await ask();
  const done = (async () => {
    let asked = performance.now();
    while (running) {
      if (performance.now() - asked > 1_000) {
        asked = performance.now();
        await ask();
      }
      await sleep(10);
      signal("SIGSTOP");
      await sleep(10 * (rate - 1));
      signal("SIGCONT");
    }
    await session.detach().catch(() => undefined);
  })();
  return {
    pids,
    stop: async () => {
      running = false;
      await done;
      signal("SIGCONT");
    },
  };
}

const truth = JSON.parse(await readFile(join(values.dir, "truth.json"), "utf8")) as Truth[];
const photos = Number(values.limit) > 0 ? truth.slice(0, Number(values.limit)) : truth;

const keyText = Buffer.alloc(32, 7).toString("base64");
const folder = makeTempDir("karama-bench-passport-");
const inbox = join(folder, "inbox.sqlite");
const server = await spawnServer({
  INBOX_DB: inbox,
  DOCUMENTS_KEY: keyText,
  PUSH_CONTACT: "off",
  INBOX_RATE_LIMIT: "0",
  PORT: values.port,
});
const database = await openDatabase({ engine: "sqlite", path: inbox }, { migrate: false });
const cases = new CaseStore(database, new Keyring([documentsKey(readKeyText(keyText))]));
const { link } = await touristCaseWithLink(cases, "Bench Traveller");

const browser = await chromium.launch({ executablePath: testBrowserPath, args: chromiumArgs });
const outside: string[] = [];
let throttle: Awaited<ReturnType<typeof throttleRenderers>> | null = null;
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  // Nothing but our own server: any other address is refused and counted.
  await context.route(
    (url) => !["127.0.0.1", "localhost", "[::1]"].includes(url.hostname),
    async (route) => {
      outside.push(route.request().url());
      await route.abort();
    },
  );
  const page = await context.newPage();
  await page.goto(`${server.url}/case/${link}`);
  await page.locator("html[data-ready]").waitFor({ state: "attached" });
  throttle = await throttleRenderers(browser, Number(values.cpu));

  // The reader, as the page loads it (its script's loadPassportReader), then its engine: timed apart.
  const load = await page.evaluate(async () => {
    const script = document.querySelector<HTMLScriptElement>('script[type="module"]')?.src ?? "";
    const started = performance.now();
    const caseModule = (await import(script)) as { loadPassportReader: () => Promise<unknown> };
    const reader = (await caseModule.loadPassportReader()) as {
      loadPassportEngine: () => Promise<unknown>;
      engineFiles: { core: string };
    };
    const loaded = performance.now();
    await reader.loadPassportEngine();
    (window as unknown as { benchReader: unknown }).benchReader = reader;
    return { reader: loaded - started, engine: performance.now() - loaded, core: reader.engineFiles.core };
  });
  console.log(
    `\nThe reader loaded in ${seconds(load.reader)}, its engine started in ${seconds(load.engine)} ` +
      `(${load.core}; first use, from our server on loopback, CPU ${values.cpu}× slower)`,
  );

  interface Tally {
    photos: number;
    right: number;
    lines: number;
    exact: number;
    valid: number;
    wrongValid: number;
    nameValid: number;
    ms: number[];
  }
  const tally = (): Tally => ({
    photos: 0,
    right: 0,
    lines: 0,
    exact: 0,
    valid: 0,
    wrongValid: 0,
    nameValid: 0,
    ms: [],
  });
  const byKind = new Map<string, Tally>();
  const today = new Date();
  for (const photo of photos) {
    const bytes = (await readFile(join(values.dir, photo.file))).toString("base64");
    const read = await page.evaluate(async (base64) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const reader = (window as unknown as { benchReader: { readPassportLines: (b: Blob) => Promise<unknown> } })
        .benchReader;
      try {
        return (await reader.readPassportLines(new Blob([data], { type: "image/jpeg" }))) as {
          text: string;
          ms: number;
        };
      } catch (error) {
        return { text: "", ms: 0, error: String(error) };
      }
    }, bytes);
    const lines = mrzLinesFrom(read.text);
    const reading = lines ? readMrz(lines, today) : null;
    const wrong = wrongFields(reading?.format === "TD3" ? reading.fields : null, photo.fields);
    const kind = byKind.get(photo.kind) ?? tally();
    byKind.set(photo.kind, kind);
    kind.photos += 1;
    kind.lines += 2;
    kind.exact += photo.lines.filter((line, index) => lines?.[index] === line).length;
    // Right as the form fills it: every field, and every check digit passing (else the form fills nothing).
    if (wrong.length === 0 && reading?.valid) kind.right += 1;
    if (reading?.valid) kind.valid += 1;
    // A field under a check digit (the number, the dates) wrong while they all pass; or only a field no check
    // digit covers (the names, nationality, sex: line 1 has none).
    if (reading?.valid && wrong.some((name) => checked.includes(name))) kind.wrongValid += 1;
    else if (reading?.valid && wrong.length > 0) kind.nameValid += 1;
    kind.ms.push(read.ms);
    if (process.env.BENCH_VERBOSE) {
      console.log(
        `${photo.file} ${wrong.length ? `WRONG ${wrong.join(",")}` : "right"}${reading?.valid ? " valid" : ""} ` +
          `${read.ms} ms ${JSON.stringify(read.text)}`,
      );
    }
  }

  console.log(
    `\n${photos.length} photos of ${values.dir}, 390 px, CPU ${values.cpu}× slower ` +
      `(${throttle.pids.size} renderer processes: the page and its workers):`,
  );
  console.log(
    "kind          photos  all fields right  lines exact     check digits pass  passing while wrong  " +
      "unchecked wrong  median   p90",
  );
  const all = tally();
  const row = (name: string, kind: Tally) =>
    `${name.padEnd(14)}${String(kind.photos).padStart(6)}  ${`${kind.right} (${percent(kind.right, kind.photos)})`.padEnd(18)}` +
    `${`${kind.exact}/${kind.lines} (${percent(kind.exact, kind.lines)})`.padEnd(16)}` +
    `${`${kind.valid} (${percent(kind.valid, kind.photos)})`.padEnd(19)}${String(kind.wrongValid).padEnd(21)}` +
    `${String(kind.nameValid).padEnd(17)}` +
    `${seconds(median(kind.ms)).padEnd(9)}${seconds(quantile(kind.ms, 0.9))}`;
  for (const [name, kind] of [...byKind].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(row(name, kind));
    for (const key of ["photos", "right", "lines", "exact", "valid", "wrongValid", "nameValid"] as const)
      all[key] += kind[key];
    all.ms.push(...kind.ms);
  }
  console.log(`${row("all", all)}   (goal: all fields right ≥ 95 %, 0 passing while wrong, median ≤ 4 s)`);

  // The download: what a browser with WebAssembly SIMD fetches on the first read (the other core is for older ones).
  const assets = await buildCaseAssets();
  const sizes = assets.passport.sizes();
  const caseScript = assets.files.get(assets.urls.js.slice("/case/assets/".length));
  const core = load.core.replace(/\.js$/, "");
  const fetched = sizes.filter(
    (size) => !size.name.startsWith("tesseract-core") || size.name.replace(/\.(js|wasm)$/, "") === core,
  );
  console.log("\nThe reader's download on its first use (the case page's own script aside):");
  for (const size of sizes) {
    const note = fetched.includes(size) ? "" : "   (not fetched by this browser)";
    console.log(`  ${size.name.padEnd(32)}${kb(size.bytes).padStart(10)}${kb(size.br).padStart(10)} brotli${note}`);
  }
  const total = fetched.reduce((sum, size) => sum + size.br, 0);
  console.log(
    `  ${"total".padEnd(32)}${kb(fetched.reduce((sum, size) => sum + size.bytes, 0)).padStart(10)}` +
      `${kb(total).padStart(10)} brotli   (target ≤ 4 MB brotli: ${total <= 4_000_000 ? "within" : "OVER"})`,
  );
  console.log(
    `  the case page's script: ${kb(caseScript?.body.length ?? 0)}, ${kb(caseScript?.br?.length ?? 0)} brotli`,
  );
  console.log(
    `\nRequests to another address than our server: ${outside.length}${outside.length ? ` ${outside.join(", ")}` : ""}`,
  );
} finally {
  await throttle?.stop();
  await browser.close();
  await database.close();
  server.process.kill("SIGTERM");
  await server.exited;
}
