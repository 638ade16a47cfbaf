import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { drawDataPage, photograph, photoKinds, type PhotoKind } from "./draw.ts";
import { td3Lines, truthFields, type MrzTruthFields, type Traveller } from "./mrz-writer.ts";
import { randomTravellers, travellerExpiringIn, travellers as allTravellers } from "./travellers.ts";

// npm run passport:set [folder]: the passport test set of issue 57, made from its recipe (the images are never
// committed). The folder (default node_modules/.cache/passport-set) gets `<traveller-id>-<kind>.jpg` for every
// traveller and kind of photo, and truth.json. Its layout is a contract: the benchmark (npm run bench:passport)
// reads exactly it.

export const defaultFolder = "node_modules/.cache/passport-set";

/** One photo of the set, as truth.json lists it. */
export interface TruthEntry {
  file: string;
  traveller: string;
  kind: PhotoKind;
  lines: [string, string];
  fields: MrzTruthFields;
}

/** The set's travellers: the fixed ones and one whose passport has 5 months left from `today`. */
export function setTravellers(today: Date): Traveller[] {
  return [...allTravellers, travellerExpiringIn(5, today)];
}

export async function makeSet(
  folder: string,
  options: { travellers?: readonly Traveller[]; kinds?: readonly PhotoKind[]; today?: Date; seed?: number } = {},
): Promise<TruthEntry[]> {
  const travellers = options.travellers ?? setTravellers(options.today ?? new Date());
  const kinds = options.kinds ?? photoKinds;
  await mkdir(folder, { recursive: true });
  const truth: TruthEntry[] = [];
  for (const [index, traveller] of travellers.entries()) {
    const page = await drawDataPage(traveller);
    for (const kind of kinds) {
      const file = `${traveller.id}-${kind}.jpg`;
      // A seed of its own for each traveller and kind, the same at every run.
      const seed = (index + 1) * 101 + photoKinds.indexOf(kind) + (options.seed ?? 0) * 7919;
      await writeFile(join(folder, file), await photograph(page, kind, seed));
      truth.push({ file, traveller: traveller.id, kind, lines: td3Lines(traveller), fields: truthFields(traveller) });
    }
  }
  await writeFile(join(folder, "truth.json"), JSON.stringify(truth, null, 2) + "\n");
  return truth;
}

if (import.meta.main) {
  // npm run passport:set [folder] [--random=N --seed=S]: N made-up travellers drawn from S instead of the fixed ones.
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { random: { type: "string" }, seed: { type: "string", default: "1" } },
  });
  const folder = resolve(positionals[0] ?? defaultFolder);
  const seed = Number(values.seed);
  const started = performance.now();
  const truth = await makeSet(
    folder,
    values.random ? { travellers: randomTravellers(Number(values.random), seed), seed } : {},
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${truth.length} photos of ${truth.length / photoKinds.length} travellers in ${folder} (${seconds} s)`);
}
