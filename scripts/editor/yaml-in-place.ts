/**
 * The editor's YAML format (registered in ./main.ts as "yaml-in-place", used by every collection of
 * scripts/cms-config.ts). Decap's own YAML format writes a file anew from the form's values: the guide lines
 * starting with `#` go, and the fields come in the form's order, so changing one price rewrote the whole file.
 * This one edits the file as it was read: `fromFile` keeps the text beside the fields (under `sourceKey`, a key
 * no form has, which Decap carries along untouched), and `toFile` parses that text again as a YAML document
 * (the `yaml` package's Document API) and sets, adds or deletes only the values that differ from it. A value
 * set in place keeps its node: its comment and its quotes. One price changed is one line changed.
 *
 * Decap calls `toFile(data, sortedKeys, comments)`; this format keeps the file's order and comments, and needs
 * neither.
 */
import { Document, parseDocument } from "yaml";

/** Where `fromFile` keeps the file's text as read, inside the entry's values. */
export const sourceKey = "__fileAsRead";

/** Long lines stay as they are (the default folds text at 80 characters, which would rewrite paragraphs). */
const writeOptions = { lineWidth: 0 } as const;

type Path = (string | number)[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => same(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && same(a[key], b[key]));
  }
  return false;
}

function parse(text: string): Document {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new Error(`YAML parsing error:\n${doc.errors.map((e) => e.message).join("\n")}`);
  return doc;
}

/** The values of a content file, with the file's text kept under `sourceKey`. */
export function fromFile(text: string): Record<string, unknown> {
  const value: unknown = parse(text).toJS();
  if (!isRecord(value)) throw new Error("YAML parsing error: the file should hold named fields (a mapping)");
  return { ...value, [sourceKey]: text };
}

/** Makes `doc` at `path` hold `after`, where it held `before`, touching only what differs. */
function update(doc: Document, path: Path, before: unknown, after: unknown): void {
  if (same(before, after)) return;
  if (isRecord(before) && isRecord(after)) {
    for (const key of Object.keys(before)) if (!(key in after)) doc.deleteIn([...path, key]);
    for (const [key, value] of Object.entries(after)) {
      if (key in before) update(doc, [...path, key], before[key], value);
      else doc.setIn([...path, key], value);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const common = Math.min(before.length, after.length);
    for (let index = 0; index < common; index += 1) update(doc, [...path, index], before[index], after[index]);
    for (let index = before.length - 1; index >= after.length; index -= 1) doc.deleteIn([...path, index]);
    for (const item of after.slice(common)) doc.addIn(path, item);
    return;
  }
  // A scalar set over a scalar keeps its node (the `yaml` package sets the node's value), so its comment and style.
  doc.setIn(path, after);
}

/** The file's text for the form's values: the file as read, changed where the values differ. */
export function toFile(data: Record<string, unknown>): string {
  const { [sourceKey]: source, ...value } = data;
  if (typeof source !== "string") return new Document(value).toString(writeOptions);
  const doc = parse(source);
  update(doc, [], doc.toJS(), value);
  const text = doc.toString(writeOptions);
  // Whatever the layout, the file must say what the form says: if the edit in place did not (a construct of the
  // file this does not foresee), the values are written anew rather than wrongly.
  if (!same(parseDocument(text).toJS(), value)) return new Document(value).toString(writeOptions);
  return text;
}
