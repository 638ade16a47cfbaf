import type { BrowserContext, Locator, Page, Request, Route } from "@playwright/test";
import { paths } from "../app/lib/paths";
import { expect, mapPages, stubMap, test } from "./fixtures";

/**
 * Nothing a visitor types, picks or pastes is lost to hydration, whatever its timing (issue 29). On a phone four
 * and six times slower than this machine (the loads alternate between the two), each form's page is loaded many
 * times; from DOMContentLoaded until
 * `html[data-hydrated]` every field is typed into, round after round, with a new value each time. Then every field
 * must hold the last value typed, the form's state must have it (a submit sends exactly those values; a form that
 * sends nothing would have to keep them through a re-render), and the enquiry draft must hold them too.
 *
 * The page's scripts are not held back: hydration starts when it would for a visitor, so the typing lands before
 * it, between its pieces and during the last one, differently on each load.
 */

/** The phone's slowness, load by load in turn: the same page hydrates at other moments of the typing. */
const slowdowns = [4, 6] as const;
const slowdownOf = (load: number) => slowdowns[load % slowdowns.length]!;
/**
 * Loads go on, one after the other in one browser page, until `enough` of them landed where the test means
 * something (typing began before hydration) at every slowdown, and at least `TYPING_LOADS` (default 4) were made;
 * never more than `most`. Every load checks that nothing typed was lost, whichever way it landed. On a quiet
 * machine four loads do; a busy one, where pages hydrate at odd moments, makes more. `TYPING_LOADS=20 npx
 * playwright test e2e/typing-during-hydration.spec.ts` soaks each form in twenty loads.
 */
const fewest = Number(process.env.TYPING_LOADS ?? 4);
const most = Math.max(24, fewest);

/** Each slowdown's count of loads that landed before hydration, for the report and a failure's message. */
const perSlowdown = (landed: Map<number, number>) =>
  [...landed].map(([rate, count]) => `${count} at ${rate}x`).join(", ");

async function loadUntil(
  tab: SlowTab,
  enough: number,
  load: (tab: SlowTab, rate: number, index: number) => Promise<boolean>,
): Promise<{ loads: number; landed: Map<number, number> }> {
  // One at a time: three at once in contexts of their own took longer, the two cores being the limit. In one page:
  // a new page is a new renderer process, whose start cost more CPU than the load itself.
  const landed = new Map<number, number>(slowdowns.map((rate) => [rate, 0]));
  const done = () => [...landed.values()].every((count) => count >= enough);
  let index = 0;
  while (index < most && (!done() || index < fewest)) {
    const rate = slowdownOf(index);
    await tab.slowTo(rate);
    if (await load(tab, rate, index)) landed.set(rate, landed.get(rate)! + 1);
    index++;
  }
  test.info().annotations.push({ type: "loads", description: `${index}: ${perSlowdown(landed)} before hydration` });
  return { loads: index, landed };
}

/**
 * The test means something only if `atLeast` loads at each slowdown landed where it looks. Every load has already
 * checked that nothing typed was lost; when the machine's timing gave too few such loads (on a machine busy with
 * other work, pages hydrate before the first key in every load), the test is reported skipped as inconclusive,
 * with the counts, rather than failed: nothing was lost, and the order itself is covered without the timing's help
 * by app/lib/hydration-input.test.tsx.
 */
function skipUnlessLanded(
  { landed, loads }: { loads: number; landed: Map<number, number> },
  atLeast: number,
  what: string,
) {
  const short = [...landed.values()].some((count) => count < atLeast);
  test.skip(short, `inconclusive: ${what} (${perSlowdown(landed)}) of ${loads}, fewer than ${atLeast} at a slowdown`);
}

type Kind = "text" | "select" | "date";

interface FieldSpec {
  label: string;
  kind: Kind;
  /** What the form sends for it: the multipart or JSON field's name. */
  sentAs: string;
  /** The value typed in a round, unique to the load and the round. */
  value: (load: number, round: number) => string;
}

interface FormSpec {
  title: string;
  path: string;
  form: string;
  fields: FieldSpec[];
  /** How the form sends; the About form sends nothing. */
  sends: "multipart" | "json" | null;
  submit: string;
  /** The enquiry draft's localStorage key, where the form keeps one. */
  draftKey?: string;
}

const text = (label: string, sentAs: string, make: (load: number, round: number) => string): FieldSpec => ({
  label,
  kind: "text",
  sentAs,
  value: make,
});

// Two options that every Dubai list has, alternated round by round (labels as the spec has them).
const dubaiVisas = ["Dubai Tourist Visa", "Visa Change Service"];
const generalVisas = ["Tourist Visa", "Visa Change"];

function enquiryFields(visas: string[], nameLabel = "Full Name"): FieldSpec[] {
  return [
    text(nameLabel, "name", (load, round) => `Maria Santos ${load}-${round}`),
    text("Email", "email", (load, round) => `maria.${load}.${round}@example.com`),
    text("Phone Number", "phone", (load, round) => `+971 50 ${100 + load} ${1000 + round}`),
    { label: "Visa Type", kind: "select", sentAs: "visa_type", value: (_load, round) => visas[round % visas.length]! },
    {
      label: "Travel Date",
      kind: "date",
      sentAs: "date",
      value: (load, round) =>
        `2027-${String((load % 12) + 1).padStart(2, "0")}-${String((round % 28) + 1).padStart(2, "0")}`,
    },
    text("Message", "message", (load, round) => `Two adults from Manila, load ${load}, round ${round}.`),
  ];
}

const forms: FormSpec[] = [
  {
    title: "the enquiry form on a service page",
    path: paths.detail("visa-changes", 2),
    form: "Enquiry Now",
    fields: enquiryFields(generalVisas),
    sends: "multipart",
    submit: "Make Enquiry",
    draftKey: "karama:enquiry-draft:v1:visa-changes",
  },
  {
    title: "the enquiry form on Services",
    path: paths.services,
    form: "Inquiry Now",
    fields: enquiryFields(dubaiVisas),
    sends: "multipart",
    submit: "Make Enquiry",
    draftKey: "karama:enquiry-draft:v1:services",
  },
  {
    title: "the contact form",
    path: paths.contact,
    form: "Send us Message",
    fields: [
      text("Your Name", "name", (load, round) => `Juan Dela Cruz ${load}-${round}`),
      text("Email", "email", (load, round) => `juan.${load}.${round}@example.com`),
      text("Phone Number", "phoneNo", (load, round) => `+63 917 ${100 + load} ${1000 + round}`),
      text("Subject", "subject", (load, round) => `Visit visa ${load}-${round}`),
      text("Message", "message", (load, round) => `Please call me back, load ${load}, round ${round}.`),
    ],
    sends: "json",
    submit: "Send Message",
  },
  {
    title: "the About page's form",
    path: paths.about,
    form: "Inquiry Now",
    fields: enquiryFields(dubaiVisas),
    sends: "multipart",
    submit: "Make Enquiry",
    draftKey: "karama:enquiry-draft:v1:about",
  },
];

/**
 * A new value, put in as a visitor would: text by the keyboard over what the field held (select all, then type),
 * so that it lands between the page's tasks as real key presses do; a date and a choice as the browser's own
 * pickers set them.
 */
async function setValue(page: Page, control: Locator, field: FieldSpec, value: string): Promise<void> {
  if (field.kind === "select") {
    await control.selectOption({ label: value });
  } else if (field.kind === "date") {
    await control.fill(value);
  } else {
    await control.focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.insertText(value);
  }
}

/** The value a select shows for an option's label: the option's value. */
async function shownValue(control: Locator, field: FieldSpec, label: string): Promise<string> {
  if (field.kind !== "select") return label;
  const value = await control.evaluate(
    (select, wanted) => [...(select as HTMLSelectElement).options].find((option) => option.label === wanted)?.value,
    label,
  );
  if (value === undefined) throw new Error(`${field.label} has no option ${label}`);
  return value;
}

const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));

interface Load {
  /** Rounds begun before the page said it was hydrated. */
  roundsBefore: number;
  /** The last value typed into each field (what the select shows for it). */
  expected: Map<FieldSpec, string>;
}

/** Types into every field, round after round, from DOMContentLoaded until the page is hydrated. */
async function typeUntilHydrated(page: Page, form: FormSpec, load: number): Promise<Load> {
  const scope = page.getByRole("form", { name: form.form });
  const expected = new Map<FieldSpec, string>();
  let round = 0;
  let roundsBefore = 0;
  for (;;) {
    const hydrated = await isHydrated(page);
    if (hydrated && round > 0) break;
    if (!hydrated) roundsBefore++;
    // Start with a different field each round, so that every field is sometimes the one typed into last.
    for (let i = 0; i < form.fields.length; i++) {
      const field = form.fields[(round + i) % form.fields.length]!;
      const control = scope.getByLabel(field.label);
      const value = field.value(load, round);
      await setValue(page, control, field, value);
      expected.set(field, await shownValue(control, field, value));
    }
    round++;
    if (round > 200) throw new Error("the page never hydrated");
  }
  return { roundsBefore, expected };
}

async function sentFields(request: Request, sends: "multipart" | "json"): Promise<Record<string, string>> {
  if (sends === "json") return request.postDataJSON() as Record<string, string>;
  const body = new Uint8Array(request.postDataBuffer() ?? []);
  const contentType = (await request.headerValue("content-type")) ?? "";
  const data = await new Response(body, { headers: { "content-type": contentType } }).formData();
  return Object.fromEntries([...data.entries()].map(([key, value]) => [key, String(value)]));
}

/** A page of the test's own, with the phone's slowness set load by load. */
interface SlowTab {
  page: Page;
  slowTo: (rate: number) => Promise<void>;
}

/**
 * A page of its own: the fixture's page.goto waits for hydration, which is what this test must not do. Each load
 * is a new document in it (a navigation loads the page afresh; the back-forward cache is off under Playwright),
 * with the enquiry drafts of the loads before it, as on a visitor's phone.
 */
async function openTab(context: BrowserContext, path: string): Promise<SlowTab> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (mapPages.includes(path)) await stubMap(page);
  return { page, slowTo: async (rate) => void (await cdp.send("Emulation.setCPUThrottlingRate", { rate })) };
}

/**
 * The page's address for one load: a query of its own, so that the navigation is a first visit's and not a
 * reload of the last one (which would restore its scroll position). The site reads no query of this name.
 */
const freshLoad = (path: string, load: number) => `${path}?load=${load}`;

async function checkLoad({ page }: SlowTab, form: FormSpec, rate: number, load: number): Promise<number> {
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(error.message);
  page.on("pageerror", onError);
  await page.goto(freshLoad(form.path, load), { waitUntil: "domcontentloaded" });
  const { roundsBefore, expected } = await typeUntilHydrated(page, form, load);
  const scope = page.getByRole("form", { name: form.form });
  const where = `load ${load} at ${rate}x (${roundsBefore} rounds before hydration)`;

  for (const [field, value] of expected) {
    await expect(scope.getByLabel(field.label), `${field.label}, ${where}`).toHaveValue(value);
  }
  if (form.draftKey) {
    const draft = await page.evaluate((key) => localStorage.getItem(key), form.draftKey);
    const saved = (JSON.parse(draft ?? "{}") as { values?: Record<string, string> }).values ?? {};
    for (const [field, value] of expected) {
      expect(saved[field.sentAs === "visa_type" ? "visa" : field.sentAs], `draft's ${field.label}, ${where}`).toBe(
        value,
      );
    }
  }
  if (form.sends) {
    // Set only now: with a route set, Playwright intercepts every request of the page, which slows its load.
    const requests: Request[] = [];
    const answer = async (route: Route) => {
      requests.push(route.request());
      await route.fulfill({ json: { success: true, message: "Email sent successfully!" } });
    };
    await page.route("**/api/submit", answer);
    await scope.getByRole("button", { name: form.submit }).click();
    await expect.poll(() => requests.length, { message: `a submit, ${where}` }).toBe(1);
    const sent = await sentFields(requests[0]!, form.sends);
    for (const [field, value] of expected) expect(sent[field.sentAs], `sent ${field.label}, ${where}`).toBe(value);
    // The answer read before the next load: a load that cut the send short would have the form keep the enquiry and
    // send it again from the next (issue 38), a second submit there (seen once at 6x).
    await expect(scope.getByText("Your enquiry has been submitted successfully!"), `the answer, ${where}`).toBeVisible({
      timeout: 20_000,
    });
    // The next load is not intercepted.
    await page.unroute("**/api/submit", answer);
  } else {
    // Nothing is sent: a change to one field re-renders the form from its state, which must hold the rest.
    const [first, ...rest] = [...expected.keys()].filter((field) => field.kind === "text");
    const again = `${expected.get(first!)} again`;
    await scope.getByLabel(first!.label).fill(again);
    for (const field of rest) {
      await expect(scope.getByLabel(field.label), `${field.label} after a re-render, ${where}`).toHaveValue(
        expected.get(field)!,
      );
    }
  }
  page.off("pageerror", onError);
  expect(errors, `uncaught errors, ${where}`).toEqual([]);
  return roundsBefore;
}

test.describe("typing while the page hydrates", { tag: "@phone" }, () => {
  for (const form of forms) {
    test(`${form.title} keeps every value typed at ${slowdowns.join("x and ")}x CPU slowdown`, async ({ context }) => {
      test.setTimeout(most * 15_000);
      // The test means something only if the typing began before the page was live, in two loads at least at
      // each slowdown.
      const loaded = await loadUntil(
        await openTab(context, form.path),
        2,
        async (tab, rate, load) => (await checkLoad(tab, form, rate, load)) > 0,
      );
      skipUnlessLanded(loaded, 2, "loads where typing began before hydration");
    });
  }
});

/**
 * The phone's action bar hydrates before the pieces of the page's content: its Enquire button can put the cursor
 * in a form that has not hydrated yet. What is typed there is kept too.
 */
test.describe("typing after Enquire, while the page hydrates", { tag: "@phone" }, () => {
  const form = forms.find((candidate) => candidate.path === paths.services)!;
  const [nameField] = form.fields;

  async function enquireAndType({ page }: SlowTab, rate: number, load: number): Promise<boolean> {
    await page.goto(freshLoad(form.path, load), { waitUntil: "domcontentloaded" });
    const scope = page.getByRole("form", { name: form.form });
    const enquire = page.getByRole("complementary", { name: "Contact us" }).getByRole("link", { name: "Enquire" });
    const inForm = () => scope.evaluate((element) => element.contains(document.activeElement));
    // The bar is fixed to the foot of the window: its button is tapped where it is, with no wait between taps,
    // until it puts the cursor in the form (before the bar itself hydrates, a tap only scrolls to the form).
    const box = await enquire.boundingBox();
    if (!box) throw new Error("no Enquire button");
    let focusedBefore = false;
    for (;;) {
      const hydrated = await isHydrated(page);
      if (await inForm()) {
        focusedBefore = !hydrated;
        break;
      }
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    }
    let last = "";
    for (let round = 0; round === 0 || !(await isHydrated(page)); round++) {
      last = nameField!.value(load, round);
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.insertText(last);
    }
    const where = `load ${load} at ${rate}x`;
    const name = scope.getByLabel(nameField!.label);
    await expect(name, where).toHaveValue(last);
    await expect(name, where).toBeFocused();
    const draft = await page.evaluate((key) => localStorage.getItem(key), form.draftKey!);
    expect((JSON.parse(draft ?? "{}") as { values?: { name?: string } }).values?.name, `draft, ${where}`).toBe(last);
    // The form's state has it: a change to another field re-renders the form, and the name stays.
    await scope.getByLabel("Email").fill(`enquire.${load}@example.com`);
    await expect(name, where).toHaveValue(last);
    return focusedBefore;
  }

  test(`the field Enquire focuses keeps what is typed at ${slowdowns.join("x and ")}x CPU slowdown`, async ({
    context,
  }) => {
    test.setTimeout(most * 15_000);
    const loaded = await loadUntil(await openTab(context, form.path), 1, (tab, rate, load) =>
      enquireAndType(tab, rate, load),
    );
    // The bar hydrates only a few tasks before the form's piece: some loads land in between (two to five in
    // ten on this machine, none in 24 while it ran beside another suite).
    skipUnlessLanded(loaded, 1, "loads where Enquire focused the form before it hydrated");
  });
});
