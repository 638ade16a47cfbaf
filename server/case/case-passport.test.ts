// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { td3Lines } from "../../scripts/passport-set/mrz-writer";
import { travellerExpiringIn } from "../../scripts/passport-set/travellers";
import { CaseStore, type NewCase } from "../data/cases/store";
import { documentsKey, Keyring } from "../data/cases/vault";
import { openDatabase, type Database } from "../data/open";
import { engines } from "../data/testing/engines";
import { removeTestDirs, type Running, startOn } from "../testing/inbox-server";

/*
 * Issue 57: what the traveller confirms of their passport is saved on the case, checked again by the server: the
 * machine-readable lines they read on their phone (every check digit), the fields as they confirmed or typed them,
 * and the problems that would get the visa refused, for the office to see.
 */

const keys = new Keyring([documentsKey(Buffer.alloc(32, 1))]);
const today = new Date();
let addresses = 0;
const from = () => ({ "x-forwarded-for": `192.0.${Math.floor(++addresses / 250)}.${addresses % 250}` });

afterAll(async () => {
  await removeTestDirs();
});

/** A passport five months from expiry (so it is warned about), as the test set draws it. */
const rosa = travellerExpiringIn(5, today);
const lines = td3Lines(rosa);
const rosaFields = {
  surname: "VILLANUEVA",
  givenNames: "ROSA MARIE",
  documentNumber: rosa.documentNumber,
  nationality: "PHL",
  issuingState: "PHL",
  birthDate: rosa.birthDate,
  expiryDate: rosa.expiryDate,
  sex: rosa.sex,
};

describe.each(engines)("the passport confirmed on the traveller's page, on %s", (engine) => {
  let server: Running;
  let database: Database;
  let cases: CaseStore;

  beforeAll(async () => {
    server = await startOn(engine, { server: { trustProxy: true } });
    database = await openDatabase(server.database, { migrate: false });
    cases = new CaseStore(database, keys);
  });
  afterAll(async () => {
    await database.close();
    await server.app.close();
  });

  async function newCase(input: Partial<NewCase> = {}) {
    const id = await cases.start(
      {
        enquiryId: null,
        name: "Rosa Marie Villanueva",
        phone: null,
        email: null,
        service: "Dubai Tourist Visa",
        kind: "visit-visa",
        travelDate: null,
        ...input,
      },
      null,
      new Date(),
    );
    return { id, link: await cases.issueLink(id, null, new Date()) };
  }
  const confirm = (link: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.origin}/case/${link}/passport`, {
      method: "POST",
      headers: {
        ...from(),
        "content-type": "application/json",
        origin: server.origin,
        "sec-fetch-site": "same-origin",
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  it("keeps a passport read on the phone, its lines checked again; says it expires too soon", async () => {
    const { id, link } = await newCase();
    const answer = await confirm(link, { fields: rosaFields, lines });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { how: string; problems: { code: string; message: string }[] };
    expect(body.how).toBe("read");
    expect(body.problems.map((problem) => problem.code)).toEqual(["expires-soon"]);
    expect(body.problems[0]?.message).toMatch(/^Your passport expires on .*less than 6 months/);
    expect(await cases.passport(id)).toMatchObject({ how: "read", problems: ["expires-soon"], fields: rosaFields });
  });

  it("says 'corrected' when the traveller changed what was read, and 'typed' when nothing was read right", async () => {
    const { id, link } = await newCase();
    const corrected = { ...rosaFields, givenNames: "ROSA MARIA" };
    expect(await (await confirm(link, { fields: corrected, lines })).json()).toMatchObject({ how: "corrected" });
    const broken: [string, string] = [lines[0], `${lines[1].slice(0, 9)}0${lines[1].slice(10)}`];
    expect(await (await confirm(link, { fields: rosaFields, lines: broken })).json()).toMatchObject({ how: "typed" });
    expect(await (await confirm(link, { fields: rosaFields })).json()).toMatchObject({ how: "typed" });
    expect((await cases.events(id)).filter((event) => event.kind === "passport")).toHaveLength(3);
  });

  it("names a name written otherwise than on the enquiry, for the office", async () => {
    const { id, link } = await newCase({ name: "Rosa Villanueva-Cruz" });
    const far = { ...rosaFields, expiryDate: "2035-01-01" };
    const body = (await (await confirm(link, { fields: far })).json()) as { problems: { code: string }[] };
    expect(body.problems.map((problem) => problem.code)).toEqual(["name-differs"]);
    expect((await cases.passport(id))?.problems).toEqual(["name-differs"]);
  });

  it("answers a wrong field with its message and keeps nothing", async () => {
    const { id, link } = await newCase();
    const answer = await confirm(link, { fields: { ...rosaFields, documentNumber: "P-1", surname: "<b>X</b>" } });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { errors: Record<string, string> };
    expect(body.errors.documentNumber).toMatch(/1 to 9 letters and digits/);
    expect(body.errors.surname).toMatch(/surname/);
    expect(await cases.passport(id)).toBeUndefined();
  });

  it("refuses another site, a wrong link, a closed case, a paper of another case and a huge body", async () => {
    const { id, link } = await newCase();
    const other = await newCase();
    const theirs = await cases.addPaper(
      other.id,
      { paperKey: "passport-first", name: "p.jpg", type: "image/jpeg", bytes: Buffer.from("x"), width: 1, height: 1 },
      null,
      new Date(),
    );
    expect(
      (await confirm(link, { fields: rosaFields }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" }))
        .status,
    ).toBe(403);
    const wrong = await confirm("y".repeat(43), { fields: rosaFields });
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toContain("This link does not work");
    expect((await confirm(link, { fields: rosaFields, paperId: theirs })).status).toBe(400);
    expect((await confirm(link, { fields: rosaFields, lines: ["A".repeat(100), "B"] })).status).toBe(400);
    expect((await confirm(link, `{"fields":{"surname":"${"A".repeat(20_000)}"}}`)).status).toBe(413);
    expect((await confirm(link, "{not json")).status).toBe(400);
    expect(await cases.passport(id)).toBeUndefined();
    await cases.setStage(id, "closed", null, null, new Date());
    expect((await confirm(link, { fields: rosaFields })).status).toBe(409);
  });
});
