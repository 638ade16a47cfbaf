import { join } from "node:path";
import { readSettings } from "../app/lib/settings";
import { buildServer } from "./app";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const root = join(import.meta.dirname, "..", "build", "client");

const app = await buildServer({ root, settings: readSettings(process.env), logger: process.env.LOG !== "off" });

function shutdown(signal: string) {
  app.log.info(`${signal} received, closing`);
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error(error);
      process.exit(1);
    },
  );
}
process.once("SIGTERM", () => shutdown("SIGTERM"));
process.once("SIGINT", () => shutdown("SIGINT"));

await app.listen({ port, host });
console.log(`Site ready on http://localhost:${port}`);
