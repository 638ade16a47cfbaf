import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { parse } from "mrz";
import { buildCaseAssets } from "../server/case/assets";
import { CaseStore } from "../server/data/cases/store";
import { documentsKey, Keyring, readKeyText } from "../server/data/cases/vault";
import { openDatabase } from "../server/data/open";
import { spawnServer } from "../server/testing/child-server";
import { makeTempDir } from "../server/testing/fake-client";
import { chromiumArgs, testBrowserPath } from "./browser";

/*
 * The passport reader (issue 57), measured on this machine; prints figures, asserts nothing. The built server is
 * started with a case; its page opens in Chromium at 390 px with the CPU slowed 4×; the reader is loaded from the
 * page's own script, as the page does when the traveller asks, and its engine started once (timed apart); then
 * each photo of the set is read. Per kind of photo: the lines read exactly, the photos whose check digits all pass
 * (the composite one included; parsed with the mrz library) and those that pass while wrong (must stay 0), the
 * read's median and p90. Then the engine's whole download, each file's bytes and brotli bytes, against the target.
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
--limit only, when set) in Chromium at 390 px with the CPU slowed --cpu times, and prints per kind of photo the
lines read exactly, the photos whose check digits pass (and those passing while wrong), the read's median and p90;
then the engine's download, file by file, against the issue's target of 4 MB brotli.`);
  process.exit(0);
}

interface Truth {
  file: string;
  traveller: string;
  kind: string;
  lines: [string, string];
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)] ?? 0;
const quantile = (list: number[], q: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil(q * list.length) - 1)] ?? 0;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;
const percent = (part: number, whole: number) => `${whole ? Math.round((part / whole) * 100) : 0} %`;

/** The two zone lines among what was read: the last two lines of about 44 characters. */
function zoneLines(lines: string[]): [string, string] | null {
  const long = lines.filter((line) => line.length >= 40);
  const [first, second] = long.slice(-2);
  return first !== undefined && second !== undefined ? [first, second] : null;
}

function checksPass(lines: [string, string] | null): boolean {
  if (!lines || lines.some((line) => line.length !== 44)) return false;
  try {
    return parse(lines).valid;
  } catch {
    return false;
  }
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
const caseId = await cases.start(
  {
    enquiryId: null,
    name: "Bench Traveller",
    phone: null,
    email: null,
    service: "Dubai Tourist Visa",
    kind: "visit-visa",
    travelDate: null,
  },
  null,
  new Date(),
);
const link = await cases.issueLink(caseId, null, new Date());

const browser = await chromium.launch({ executablePath: testBrowserPath, args: chromiumArgs });
const outside: string[] = [];
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
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(values.cpu) });

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

  const byKind = new Map<string, { lines: number; exact: number; valid: number; wrongValid: number; ms: number[] }>();
  for (const photo of photos) {
    const bytes = (await readFile(join(values.dir, photo.file))).toString("base64");
    const read = await page.evaluate(async (base64) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const reader = (window as unknown as { benchReader: { readPassportLines: (b: Blob) => Promise<unknown> } })
        .benchReader;
      try {
        return (await reader.readPassportLines(new Blob([data], { type: "image/jpeg" }))) as {
          lines: string[];
          ms: number;
        };
      } catch (error) {
        return { lines: [], ms: 0, error: String(error) };
      }
    }, bytes);
    const pair = zoneLines(read.lines);
    const kind = byKind.get(photo.kind) ?? { lines: 0, exact: 0, valid: 0, wrongValid: 0, ms: [] };
    byKind.set(photo.kind, kind);
    kind.lines += 2;
    kind.exact += photo.lines.filter((line, index) => pair?.[index] === line).length;
    const valid = checksPass(pair);
    const right = pair?.[0] === photo.lines[0] && pair[1] === photo.lines[1];
    if (valid) kind.valid += 1;
    if (valid && pair?.[1] !== photo.lines[1]) kind.wrongValid += 1;
    kind.ms.push(read.ms);
    if (process.env.BENCH_VERBOSE) {
      console.log(`${photo.file} ${right ? "right" : "WRONG"} ${read.ms} ms ${JSON.stringify(read.lines)}`);
    }
  }

  console.log(`\n${photos.length} photos of ${values.dir}, 390 px, CPU ${values.cpu}× slower:`);
  console.log("kind        photos  lines exact   check digits pass   passing while wrong   read median   p90");
  const all = { photos: 0, lines: 0, exact: 0, valid: 0, wrongValid: 0, ms: [] as number[] };
  for (const [name, kind] of [...byKind].sort(([a], [b]) => a.localeCompare(b))) {
    const count = kind.lines / 2;
    console.log(
      `${name.padEnd(12)}${String(count).padStart(6)}  ${`${kind.exact}/${kind.lines} (${percent(kind.exact, kind.lines)})`.padEnd(14)}` +
        `${`${kind.valid}/${count} (${percent(kind.valid, count)})`.padEnd(20)}${String(kind.wrongValid).padEnd(22)}` +
        `${seconds(median(kind.ms)).padEnd(14)}${seconds(quantile(kind.ms, 0.9))}`,
    );
    all.photos += count;
    all.lines += kind.lines;
    all.exact += kind.exact;
    all.valid += kind.valid;
    all.wrongValid += kind.wrongValid;
    all.ms.push(...kind.ms);
  }
  console.log(
    `${"all".padEnd(12)}${String(all.photos).padStart(6)}  ${`${all.exact}/${all.lines} (${percent(all.exact, all.lines)})`.padEnd(14)}` +
      `${`${all.valid}/${all.photos} (${percent(all.valid, all.photos)})`.padEnd(20)}${String(all.wrongValid).padEnd(22)}` +
      `${seconds(median(all.ms)).padEnd(14)}${seconds(quantile(all.ms, 0.9))}   (target: median ≤ 4 s)`,
  );

  // The download: what a browser with WebAssembly SIMD fetches on the first read (the other core is for older ones).
  const assets = await buildCaseAssets();
  const sizes = assets.passport.sizes();
  const caseScript = assets.files.get(assets.urls.js.slice("/case/assets/".length));
  const skipped = load.core.includes("simd") ? /^tesseract-core-lstm/ : /^tesseract-core-simd/;
  const fetched = sizes.filter((size) => !skipped.test(size.name));
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
  await browser.close();
  await database.close();
  server.process.kill("SIGTERM");
  await server.exited;
}
