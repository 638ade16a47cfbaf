/**
 * The passport reader, loaded when the traveller asks for a read and not before: a bundle of its own
 * (reader.ts), so that the case page's script stays small. The UI calls:
 *
 *   const { readPassportLines } = await loadPassportReader();
 *   const { lines, zone, ms } = await readPassportLines(photo);
 */
import type * as Reader from "./reader";

/** Set by server/case/assets.ts when it serves the case page's script: the reader bundle's hashed address. */
const readerUrl = "@@passport-reader@@";

let loading: Promise<typeof Reader> | null = null;

export function loadPassportReader(): Promise<typeof Reader> {
  loading ??= import(/* @vite-ignore */ readerUrl) as Promise<typeof Reader>;
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
