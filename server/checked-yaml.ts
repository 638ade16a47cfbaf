import { readFileSync } from "node:fs";
import { LineCounter, parseDocument } from "yaml";
import type { z } from "zod";

/**
 * An office content file (content/office/*.yaml: the papers each service needs, the charges on the invoices) read
 * and checked against its schema. A mistake throws one error naming the file, then each problem's line, its place
 * (`where`: the file's own words for an entry, such as `checklists[1] (visit-visa), papers`) and what is wrong:
 * `papers.yaml: line 14, checklists[1] (visit-visa), papers: unknown paper "foto"`. The server reads these files at
 * start, so a mistake stops it there rather than on a traveller's page or an invoice.
 */
export function readCheckedYaml<Schema extends z.ZodType>(
  file: string,
  schema: Schema,
  where: (path: readonly PropertyKey[], data: unknown) => string,
): z.output<Schema> {
  const lines = new LineCounter();
  const doc = parseDocument(readFileSync(file, "utf8"), { lineCounter: lines, prettyErrors: false });
  const [error] = doc.errors;
  if (error) {
    const at = lines.linePos(error.pos[0]).line;
    throw new Error(`${file}: line ${at}: not readable as YAML (${error.message.split("\n")[0] ?? ""})`);
  }
  const data: unknown = doc.toJS();
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  /** The line of the deepest node of `path` the file has. */
  const lineOf = (path: readonly PropertyKey[]): string => {
    for (let end = path.length; end >= 0; end -= 1) {
      const node = doc.getIn(path.slice(0, end) as unknown[], true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return `line ${lines.linePos(node.range[0]).line}, `;
    }
    return "";
  };
  throw new Error(
    `${file}: ${parsed.error.issues.map((issue) => `${lineOf(issue.path)}${where(issue.path, data)}: ${issue.message}`).join("; ")}`,
  );
}
