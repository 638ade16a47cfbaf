import type { TestProject } from "vitest/node";
import { startCluster } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** A superuser's address on the tests' throwaway PostgreSQL cluster (its `postgres` database). */
    postgresUrl: string;
  }
}

/** Vitest's set-up for the Node tests: one PostgreSQL cluster for the whole run, removed after it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startCluster();
  project.provide("postgresUrl", cluster.url());
  return () => cluster.remove();
}
