/**
 * Finding a passport's machine-readable zone (ICAO 9303 TD3: two lines of 44 characters at the bottom of the data
 * page) in a small grayscale copy of the photo, and cleaning the cropped zone up for the OCR engine. Pure functions
 * on plain arrays (tested in zone.test.ts); prep-worker.ts runs them in a Web Worker on the photo's pixels.
 *
 * The zone is the densest text on the page: its characters are closely set across the whole width, so the rows it
 * covers hold the most strong horizontal changes of brightness ("edges"). The angle of the page is the one under
 * which the edges' rows line up best (a projection profile); the zone is then the lowest pair of strong text rows
 * in the lower part, and its width where those rows' edges are.
 */

export interface Zone {
  /** The zone in the small image's pixels, in the page's own frame (turned by `angle` about the image's origin). */
  x: number;
  y: number;
  w: number;
  h: number;
  /** The page's angle in radians (positive: the text goes down to the right). */
  angle: number;
  /** The characters' height, in the small image's pixels. */
  lineHeight: number;
  /** Whether the zone was found (false: the bottom third, as a last resort). */
  found: boolean;
}

/** Grayscale (0–255) of RGBA pixels. */
export function grayOf(rgba: Uint8ClampedArray, width: number, height: number): Uint8Array {
  const gray = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < gray.length; i++, p += 4) {
    gray[i] = ((rgba[p] ?? 0) * 77 + (rgba[p + 1] ?? 0) * 150 + (rgba[p + 2] ?? 0) * 29) >> 8;
  }
  return gray;
}

interface Edges {
  xs: Float32Array;
  ys: Float32Array;
  count: number;
}

/**
 * The strong horizontal changes of brightness: where |g(x+1) − g(x−1)| is above a threshold set by the image's own
 * contrast (the 92nd percentile of the changes, and no less than 12), so that a dim or hazy photo still has them.
 */
function edgesOf(gray: Uint8Array, width: number, height: number, fromY: number): Edges {
  const histogram = new Uint32Array(256);
  for (let y = fromY; y < height; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++) {
      const change = Math.abs((gray[row + x + 1] ?? 0) - (gray[row + x - 1] ?? 0));
      histogram[change] = (histogram[change] ?? 0) + 1;
    }
  }
  const total = (height - fromY) * (width - 2);
  let threshold = 255;
  for (let seen = 0, level = 255; level >= 0; level--) {
    seen += histogram[level] ?? 0;
    if (seen >= total * 0.08) {
      threshold = level;
      break;
    }
  }
  threshold = Math.max(12, threshold);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = fromY; y < height; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++) {
      if (Math.abs((gray[row + x + 1] ?? 0) - (gray[row + x - 1] ?? 0)) >= threshold) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  return { xs: Float32Array.from(xs), ys: Float32Array.from(ys), count: xs.length };
}

/** The edges' rows under an angle: how many edges fall in each row of the turned frame. */
function profile(edges: Edges, angle: number, size: number, offset: number): Float64Array {
  const rows = new Float64Array(size);
  const sin = Math.sin(angle);
  const cos = Math.cos(angle);
  for (let i = 0; i < edges.count; i++) {
    const row = Math.round(-(edges.xs[i] ?? 0) * sin + (edges.ys[i] ?? 0) * cos) + offset;
    if (row >= 0 && row < size) rows[row] = (rows[row] ?? 0) + 1;
  }
  return rows;
}

const sharpness = (rows: Float64Array) => rows.reduce((sum, value) => sum + value * value, 0);

/** The angle (within ±maxDegrees) under which the edges' rows are sharpest: coarse, then finer around the best. */
export function skewOf(edges: Edges, width: number, height: number, maxDegrees = 9): number {
  const offset = Math.ceil(width * Math.sin((maxDegrees * Math.PI) / 180)) + 2;
  const size = height + 2 * offset;
  let best = 0;
  let bestScore = -1;
  for (const step of [1, 0.25]) {
    const centre = best;
    const span = step === 1 ? maxDegrees : 1;
    for (let degrees = centre - span; degrees <= centre + span + 1e-9; degrees += step) {
      const score = sharpness(profile(edges, (degrees * Math.PI) / 180, size, offset));
      if (score > bestScore) {
        bestScore = score;
        best = degrees;
      }
    }
  }
  return (best * Math.PI) / 180;
}

/** Runs of rows above `threshold`, closing gaps of a row or two. */
function runsAbove(rows: Float64Array, threshold: number): { start: number; end: number; weight: number }[] {
  const runs: { start: number; end: number; weight: number }[] = [];
  for (let y = 0; y < rows.length; y++) {
    if ((rows[y] ?? 0) < threshold) continue;
    const last = runs.at(-1);
    if (last && y - last.end <= 2) {
      last.end = y;
      last.weight += rows[y] ?? 0;
    } else runs.push({ start: y, end: y, weight: rows[y] ?? 0 });
  }
  return runs;
}

/** Smooths a profile with a window of 2·radius + 1 rows. */
function smooth(rows: Float64Array, radius: number): Float64Array {
  const out = new Float64Array(rows.length);
  for (let y = 0; y < rows.length; y++) {
    let sum = 0;
    for (let d = -radius; d <= radius; d++) sum += rows[y + d] ?? 0;
    out[y] = sum / (2 * radius + 1);
  }
  return out;
}

/**
 * The zone in a small grayscale image (about 500 px wide): the page's angle, then the lowest pair of strong text
 * rows in the image's lower part (from `fromFraction` of its height), and their horizontal extent. Falls back to
 * the bottom third, unturned, when no such rows are there.
 */
export function findZone(gray: Uint8Array, width: number, height: number, fromFraction = 0.35): Zone {
  const fromY = Math.floor(height * fromFraction);
  const fallback: Zone = {
    x: 0,
    y: Math.floor((height * 2) / 3),
    w: width,
    h: height - Math.floor((height * 2) / 3),
    angle: 0,
    lineHeight: height / 30,
    found: false,
  };
  const edges = edgesOf(gray, width, height, fromY);
  if (edges.count < 50) return fallback;
  const angle = skewOf(edges, width, height);
  const offset = Math.ceil(width * Math.abs(Math.sin(angle))) + 2;
  const rows = smooth(profile(edges, angle, height + 2 * offset, offset), 1);
  const peak = Math.max(...rows);
  if (peak < width * 0.08) return fallback;
  // A text row of the zone holds edges across most of its width; other text on the page is sparser.
  // At least 4 rows: a straight edge (the page's border, a table's) lined up by the angle is one or two rows thin.
  const runs = runsAbove(rows, peak * 0.35).filter((run) => run.end - run.start >= 3);
  if (runs.length === 0) return fallback;
  // From the bottom up: the first strong row, and the one just above it when it is as tall and close by.
  let pick: { start: number; end: number; line: number } | null = null;
  for (let i = runs.length - 1; i >= 0 && !pick; i--) {
    const lower = runs[i];
    if (!lower) break;
    const height1 = lower.end - lower.start + 1;
    if (lower.weight < peak * height1 * 0.45) continue;
    const upper = runs[i - 1];
    if (upper) {
      const height2 = upper.end - upper.start + 1;
      const gap = lower.start - upper.end;
      if (gap <= 2.6 * Math.max(height1, height2) && Math.abs(height1 - height2) <= 0.6 * Math.max(height1, height2)) {
        pick = { start: upper.start, end: lower.end, line: Math.max(height1, height2) };
        continue;
      }
    }
    // One run holding both lines (a small image): taller than a line; kept as it is.
    pick = { start: lower.start, end: lower.end, line: height1 / 2.4 };
  }
  if (!pick) return fallback;
  const top = pick.start - offset;
  const bottom = pick.end - offset;
  // Its width: where the edges of those rows are (the 1st to the 99th percentile, so stray marks do not widen it).
  const sin = Math.sin(angle);
  const cos = Math.cos(angle);
  const across: number[] = [];
  for (let i = 0; i < edges.count; i++) {
    const x = edges.xs[i] ?? 0;
    const y = edges.ys[i] ?? 0;
    const row = -x * sin + y * cos;
    if (row >= top && row <= bottom) across.push(x * cos + y * sin);
  }
  across.sort((a, b) => a - b);
  const left = across[Math.floor(across.length * 0.01)] ?? 0;
  const right = across[Math.floor(across.length * 0.99)] ?? width;
  return {
    x: left,
    y: top,
    w: Math.max(1, right - left),
    h: Math.max(1, bottom - top + 1),
    angle,
    lineHeight: Math.max(2, pick.line),
    found: true,
  };
}

/** Edges of the image (exported for the tests' angle check). */
export const edgesForTest = edgesOf;

/**
 * The cropped zone made plain for the OCR engine: the light evened out (each pixel divided by its neighbourhood's
 * brightness, a box of about two characters), then the contrast stretched from the darkest 2 % to the lightest 2 %.
 * Works in place on grayscale; `radius` in pixels.
 */
export function evenOut(gray: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const means = boxMeans(gray, width, height, radius);
  const ratio = new Float32Array(width * height);
  for (let i = 0; i < ratio.length; i++) ratio[i] = (gray[i] ?? 0) / Math.max(1, means[i] ?? 0);
  const sorted = Float32Array.from(ratio).sort();
  const low = sorted[Math.floor(sorted.length * 0.02)] ?? 0;
  const high = sorted[Math.floor(sorted.length * 0.98)] ?? 1;
  const span = Math.max(1e-3, high - low);
  for (let i = 0; i < ratio.length; i++) {
    gray[i] = Math.max(0, Math.min(255, Math.round((((ratio[i] ?? 0) - low) / span) * 255)));
  }
  return gray;
}

/**
 * Otsu's threshold of a grayscale image: the level that best splits its histogram in two (the ink and the paper),
 * the one whose two classes' means lie farthest apart, weighted by their sizes.
 */
export function otsuLevel(gray: Uint8Array): number {
  const histogram = new Float64Array(256);
  for (const value of gray) histogram[value] = (histogram[value] ?? 0) + 1;
  let total = 0;
  for (let v = 0; v < 256; v++) total += v * (histogram[v] ?? 0);
  let below = 0;
  let belowSum = 0;
  let best = 0;
  let level = 127;
  for (let v = 0; v < 255; v++) {
    below += histogram[v] ?? 0;
    belowSum += v * (histogram[v] ?? 0);
    const above = gray.length - below;
    if (below === 0 || above === 0) continue;
    const spread = below * above * (belowSum / below - (total - belowSum) / above) ** 2;
    if (spread > best) {
      best = spread;
      level = v;
    }
  }
  return level;
}

/** Black text on white: every pixel at or under the level made black, the others white (a new array). */
export function binarise(gray: Uint8Array, level = otsuLevel(gray)): Uint8Array {
  return gray.map((value) => (value <= level ? 0 : 255));
}

/**
 * A mild unsharp mask, for a blurred photo: each pixel pushed away from its neighbourhood's mean (a box of
 * `radius` pixels) by `amount` times the difference (a new array).
 */
export function sharpen(gray: Uint8Array, width: number, height: number, radius: number, amount: number): Uint8Array {
  const means = boxMeans(gray, width, height, radius);
  return gray.map((value, i) => Math.max(0, Math.min(255, Math.round(value + amount * (value - (means[i] ?? 0))))));
}

/**
 * Each pixel's neighbourhood mean: a box of 2·radius + 1 pixels a side, cut by the image's edges, from a summed-area
 * table (the sum of any box in four lookups).
 */
function boxMeans(gray: Uint8Array, width: number, height: number, radius: number): Float64Array {
  const stride = width + 1;
  const sums = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let rowSum = 0;
    for (let x = 0; x < width; x++) {
      rowSum += gray[y * width + x] ?? 0;
      sums[(y + 1) * stride + x + 1] = (sums[y * stride + x + 1] ?? 0) + rowSum;
    }
  }
  const means = new Float64Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const sum =
        (sums[y1 * stride + x1] ?? 0) -
        (sums[y0 * stride + x1] ?? 0) -
        (sums[y1 * stride + x0] ?? 0) +
        (sums[y0 * stride + x0] ?? 0);
      means[y * width + x] = sum / ((x1 - x0) * (y1 - y0));
    }
  }
  return means;
}
