import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type { Plugin } from "vite";

/** Where the client build's chunk report goes, beside (not inside) the served `client/` folder. */
export const chunkReportFile = (buildDir: string): string => join(buildDir, "chunk-modules.json");

/** One browser chunk: its file under client/ and the minified length each source module has in it. */
export interface ChunkReportEntry {
  file: string;
  modules: Record<string, number>;
}

/**
 * Records which source modules each browser chunk holds and how many minified bytes each takes there, so that
 * `npm run bench` can say where the first-load JavaScript goes (react-dom, React Router, the site's code, its
 * content). Written outside client/, so nothing of it is served.
 */
export function chunkReport(root: string, buildDir: string): Plugin {
  return {
    name: "karama:chunk-report",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      const chunks: ChunkReportEntry[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(output.modules)) {
          if (info.renderedLength > 0) modules[relative(root, id.replace(/\?.*$/, ""))] = info.renderedLength;
        }
        chunks.push({ file: output.fileName, modules });
      }
      const file = chunkReportFile(buildDir);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}
