// @vitest-environment node
import Fastify, { type FastifyInstance } from "fastify";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Connection, databaseResource } from "./resource";
import type { DatabaseSetting } from "./settings";
import { emptyDatabase, engines } from "./testing/engines";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A server with the database resource and three houses that each take their own stores from it. */
async function serverOn(setting: DatabaseSetting, prepare?: (connection: Connection) => Promise<void>) {
  const app: FastifyInstance = Fastify();
  cleanups.push(() => app.close());
  await app.register(databaseResource, { setting, reopenMs: 50 });
  const builds: Connection[] = [];
  const houses: (() => { connection: Connection } | null)[] = [];
  for (let house = 0; house < 3; house++) {
    await app.register(async (inside) => {
      houses.push(
        inside.database.perConnection((connection) => {
          builds.push(connection);
          return { connection };
        }),
      );
      if (house === 0 && prepare) inside.database.onOpen(prepare);
    });
  }
  await app.ready();
  return { app, builds, houses };
}

describe.each(engines)("the database as a resource of the server, on %s", (engine) => {
  it("opens once, and builds the stores once per connection, however often they are asked for", async () => {
    const { setting, remove } = await emptyDatabase(engine);
    cleanups.push(remove);
    const { app, builds, houses } = await serverOn(setting);
    const connection = app.database.connection;
    if (!connection) throw new Error(`The database did not open: ${app.database.openError}`);
    expect(app.database.engine).toBe(engine);
    expect(app.database.openError).toBeNull();
    expect(connection.enquiries.database).toBe(connection.database);
    expect(connection.stats.database).toBe(connection.database);
    for (let ask = 0; ask < 5; ask++) {
      expect(app.database.connection).toBe(connection);
      for (const house of houses) expect(house()?.connection).toBe(connection);
    }
    expect(builds).toHaveLength(3);
  });
});

describe("a database that cannot be opened at start", () => {
  it("is tried again until it opens; its stores are built then, once, for every house", async () => {
    const { setting, remove } = await emptyDatabase("sqlite");
    cleanups.push(remove);
    if (setting.engine !== "sqlite") throw new Error("sqlite");
    // A file where the database's folder should be: the folder cannot be made until it goes.
    const blocker = join(setting.path, "..", "blocker");
    writeFileSync(blocker, "");
    const { app, builds, houses } = await serverOn({ engine: "sqlite", path: join(blocker, "inbox.sqlite") });
    expect(app.database.connection).toBeNull();
    expect(app.database.openError).toMatch(/\w/);
    for (const house of houses) expect(house()).toBeNull();
    expect(builds).toHaveLength(0);

    rmSync(blocker);
    await until(() => app.database.connection !== null, "the database to open");
    const connection = app.database.connection as Connection | null;
    expect(app.database.openError).toBeNull();
    for (let ask = 0; ask < 5; ask++) for (const house of houses) expect(house()?.connection).toBe(connection);
    expect(builds).toHaveLength(3);
    expect(new Set(builds).size).toBe(1);
  });

  it("counts a house's failing preparation as a failure to open, and tries again", async () => {
    const { setting, remove } = await emptyDatabase("sqlite");
    cleanups.push(remove);
    let tries = 0;
    const { app } = await serverOn(setting, async () => {
      tries++;
      if (tries === 1) throw new Error("the spam guard's keys cannot be read");
    });
    expect(app.database.connection).toBeNull();
    expect(app.database.openError).toBe("the spam guard's keys cannot be read");
    await until(() => app.database.connection !== null, "the second try");
    expect(tries).toBe(2);
    expect(app.database.openError).toBeNull();
  });
});
