import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { cartItems, rateLimits, sizeCollectionAnswers, sizeCollections } from "#db/schema";
import type { CollectionSettings } from "~/domain/teams/size-collections";
import { DELIVERY_MESSAGES } from "~/domain/teams/collection-delivery";
import {
  COLLECT_HITS_PER_ADDRESS,
  COLLECTION_LIMITS,
  COLLECTION_MESSAGES,
  COLLECTION_PAGE_HITS_PER_MINUTE,
  COLLECTIONS_PER_HOUR,
} from "~/domain/teams/size-collections";
import { action as collectAction, loader as collectLoader } from "~/routes/collect";
import { action as answerAction, loader as answerLoader } from "~/routes/collect-answer";
import { action as tallyAction, loader as tallyLoader } from "~/routes/collection";
import { loader as csvLoader } from "~/routes/collection.answers-csv";
import { action as newAction, loader as newLoader } from "~/routes/collections.new";
import { answerOf } from "../../../tests/setup/route-answer";
import { testContext, testFileDatabase } from "../../../tests/setup/test-db";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { readShelf } from "../catalogue/catalogue-store.server";
import {
  answerCollection,
  changeAnswer,
  closeCollection,
  collectionTally,
  openAnswer,
  openCollectLink,
  openCollectionsOfLines,
  removeAnswer,
  replaceLink,
  savePeople,
  saveSpares,
  startCollection,
} from "./size-collections.server";
import { addCartLine } from "./shopping.server";

const handle = testFileDatabase();
const ctx = () => testContext(handle);
const today = "2026-12-01";
const now = new Date("2026-12-01T10:00:00Z");
const SETTINGS: CollectionSettings = {
  title: "Team kit for the 10k",
  message: "Race day shorts.",
  askNames: true,
  askAddress: "no",
  closesOn: "2026-12-08",
  maxAnswers: null,
  people: [],
};

let alice: { userId: string; cookie: string };
let bob: { userId: string; cookie: string };
let black: string;

beforeEach(async () => {
  alice = await createSignedInUser(handle, "alice@acme.co");
  bob = await createSignedInUser(handle, "bob@acme.co");
  black = (await readShelf(handle.db)).find("15")!.colours[0]!.hex;
});

/** A cart line of `productId` (the shorts unless told) for `userId`. */
const lineOf = (userId: string, productId = "15", quantity = 50) =>
  addCartLine(handle.db, {
    userId,
    line: {
      productId,
      quantity,
      selectedColor: productId === "15" ? black : "#111111",
      customizationSelections: [],
      handwrittenNote: false,
      notes: "",
      sizes: [],
    },
  });

/** Alice's collection for her shorts' line: its id, its token and the line. */
async function aliceCollection(settings: Partial<CollectionSettings> = {}) {
  const lineId = await lineOf(alice.userId);
  const started = await startCollection(ctx(), {
    userId: alice.userId,
    lineId,
    settings: { ...SETTINGS, ...settings },
  });
  if (!started.ok) throw new Error(started.message);
  const token = started.url.split("/collect/")[1]!;
  return { id: started.id, token, lineId, url: started.url };
}

const answer = (token: string, size: string, name = "Runner") =>
  answerCollection(ctx(), { token, answer: { size, name, delivery: null }, today });

describe("starting a collection", () => {
  it("gives the buyer's sized line a link of 32 random bytes, keeping only its hash", async () => {
    const { id, token, url } = await aliceCollection();
    expect(url).toBe(`http://127.0.0.1:3999/collect/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await handle.db.select().from(sizeCollections).where(eq(sizeCollections.id, id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("refuses a line already collecting, someone else's line, and a product without sizes", async () => {
    const { lineId } = await aliceCollection();
    const again = await startCollection(ctx(), { userId: alice.userId, lineId, settings: SETTINGS });
    expect(again).toMatchObject({ ok: false, status: 409, message: COLLECTION_MESSAGES.alreadyOpen });
    const bobs = await startCollection(ctx(), { userId: bob.userId, lineId, settings: SETTINGS });
    expect(bobs).toMatchObject({ ok: false, status: 404, message: COLLECTION_MESSAGES.lineGone });
    const cap = await lineOf(alice.userId, "8");
    const unsized = await startCollection(ctx(), { userId: alice.userId, lineId: cap, settings: SETTINGS });
    expect(unsized).toMatchObject({ ok: false, status: 409, code: "NOT_SIZED" });
    const forged = await startCollection(ctx(), { userId: alice.userId, lineId: "not-a-uuid", settings: SETTINGS });
    expect(forged).toMatchObject({ ok: false, status: 404 });
  });

  it(`makes at most ${COLLECTIONS_PER_HOUR} collections or links a buyer an hour`, async () => {
    const { id } = await aliceCollection();
    for (let made = 1; made < COLLECTIONS_PER_HOUR; made++) {
      expect((await replaceLink(ctx(), { userId: alice.userId, id })).ok).toBe(true);
    }
    const refused = await replaceLink(ctx(), { userId: alice.userId, id });
    expect(refused).toMatchObject({ ok: false, status: 429, message: COLLECTION_MESSAGES.tooMany });
  });
});

describe("answering through the link", () => {
  it("opens with the product's sizes and the buyer's message; a forged or unknown token opens nothing", async () => {
    const { token } = await aliceCollection();
    const opened = await openCollectLink(handle.db, { token, today });
    expect(opened).toMatchObject({
      ok: true,
      value: {
        title: "Team kit for the 10k",
        message: "Race day shorts.",
        askNames: true,
        product: {
          id: "15",
          title: "Custom Running Shorts",
          sizes: ["XS", "S", "M", "L", "XL", "XXL"],
          colourName: "Black",
        },
      },
    });
    for (const forged of ["nope", `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, "A".repeat(43)]) {
      expect(await openCollectLink(handle.db, { token: forged, today })).toMatchObject({ ok: false, status: 404 });
      expect(await answer(forged, "M")).toMatchObject({ ok: false, status: 404 });
    }
  });

  it("takes an answer, and its private link changes that answer and no other", async () => {
    const { token, id } = await aliceCollection();
    const ada = await answer(token, "M", "Ada");
    const grace = await answer(token, "L", "Grace");
    if (!ada.ok || !grace.ok) throw new Error("not answered");
    const adaToken = ada.editUrl.split("/answer/")[1]!;
    expect(ada.editUrl).toBe(`http://127.0.0.1:3999/collect/${token}/answer/${adaToken}`);
    expect(await openAnswer(handle.db, { token, answerToken: adaToken, today })).toMatchObject({
      ok: true,
      value: { answer: { size: "M", name: "Ada", delivery: null } },
    });
    expect(
      await changeAnswer(ctx(), {
        token,
        answerToken: adaToken,
        answer: { size: "S", name: "Ada L.", delivery: null },
        today,
      }),
    ).toEqual({ ok: true });
    const tally = await collectionTally(handle.db, { userId: alice.userId, id, today });
    expect(tally.ok && tally.value.answers.map((a) => `${a.name} ${a.size}`)).toEqual(["Ada L. S", "Grace L"]);
    // Another collection's token with this answer's link opens nothing.
    const other = await startCollection(ctx(), {
      userId: bob.userId,
      lineId: await lineOf(bob.userId),
      settings: SETTINGS,
    });
    const bobToken = other.ok ? other.url.split("/collect/")[1]! : "";
    expect(await openAnswer(handle.db, { token: bobToken, answerToken: adaToken, today })).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  it("takes no more than the most answers, even two at once for the last place; changes still go", async () => {
    const { token } = await aliceCollection({ maxAnswers: 2 });
    const first = await answer(token, "M");
    const [a, b] = await Promise.all([answer(token, "L"), answer(token, "XL")]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    const refused = a.ok ? b : a;
    expect(refused).toMatchObject({ status: 410, message: expect.stringContaining("all the answers it asked for") });
    expect(await openCollectLink(handle.db, { token, today })).toMatchObject({ ok: false, status: 410 });
    const editToken = first.ok ? first.editUrl.split("/answer/")[1]! : "";
    expect(
      await changeAnswer(ctx(), {
        token,
        answerToken: editToken,
        answer: { size: "S", name: "x", delivery: null },
        today,
      }),
    ).toEqual({
      ok: true,
    });
  });

  it("says the collection closed after its day, for answers and changes", async () => {
    const { token } = await aliceCollection();
    const given = await answer(token, "M");
    const editToken = given.ok ? given.editUrl.split("/answer/")[1]! : "";
    const later = "2026-12-09";
    expect(
      await answerCollection(ctx(), { token, answer: { size: "L", name: "Late", delivery: null }, today: later }),
    ).toMatchObject({
      ok: false,
      status: 410,
      message: expect.stringContaining("closed on Tue, Dec 8, 2026"),
    });
    expect(
      await changeAnswer(ctx(), {
        token,
        answerToken: editToken,
        answer: { size: "L", name: "Late", delivery: null },
        today: later,
      }),
    ).toMatchObject({ ok: false, status: 410 });
  });

  it("answers the link's page private and unindexed; a forged link is 404 and a burst from one address 429", async () => {
    const { token } = await aliceCollection();
    const get = (path: string, ip = "10.7.0.1") =>
      answerOf(collectLoader, {
        request: new Request(`http://127.0.0.1:3999${path}`, { headers: { "x-real-ip": ip } }),
        params: { token: path.split("/")[2]! },
        ctx: ctx(),
      });
    const page = await get(`/collect/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex");
    expect((await get(`/collect/${"B".repeat(43)}`)).status).toBe(404);
    await handle.db.update(rateLimits).set({ count: 120 }).where(eq(rateLimits.key, "collect-link:10.7.0.1"));
    const limited = await get(`/collect/${token}`);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ problem: COLLECTION_MESSAGES.tooManyHits });
    expect((await get(`/collect/${token}`, "10.7.0.2")).status).toBe(200);
  });
});

describe("addresses through the link (decision 092)", () => {
  /** A post to a link's page from its own client address, as a person without an account sends it. */
  const post = (
    fn: (args: never) => unknown,
    path: string,
    params: Record<string, string>,
    form: Record<string, string>,
  ) =>
    answerOf(fn, {
      request: new Request(`http://127.0.0.1:3999${path}`, {
        method: "POST",
        headers: { "x-real-ip": "10.8.0.1", origin: "http://127.0.0.1:3999" },
        body: new URLSearchParams(form),
      }),
      params,
      ctx: ctx(),
    });
  const home = {
    delivery: "address",
    line1: "12 High Street",
    line2: "",
    city: "Leeds",
    postcode: "ls14ap",
    country: "GB",
  };

  it("takes an address or the office, tidied, shows them to the buyer alone, and a change to the office", async () => {
    const { token, id } = await aliceCollection({ askAddress: "address_or_pickup" });
    const ada = await post(collectAction, `/collect/${token}`, { token }, { size: "M", name: "Ada", ...home });
    expect(ada.status).toBe(200);
    expect(ada.body).toMatchObject({
      answered: { size: "M", name: "Ada", delivery: { kind: "address", postcode: "LS1 4AP", city: "Leeds" } },
    });
    const grace = await post(
      collectAction,
      `/collect/${token}`,
      { token },
      { size: "L", name: "Grace", delivery: "pickup" },
    );
    expect(grace.body).toMatchObject({ answered: { delivery: { kind: "pickup" } } });

    // A wrong postcode and no choice are refused with their reasons, and what was typed comes back.
    const wrong = await post(
      collectAction,
      `/collect/${token}`,
      { token },
      { size: "S", name: "Linus", ...home, postcode: "XYZ" },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      error: { fieldErrors: { postcode: "Enter a valid UK postcode, e.g. SW1A 1AA" } },
      values: { line1: "12 High Street", postcode: "XYZ", name: "Linus" },
    });
    const unchosen = await post(
      collectAction,
      `/collect/${token}`,
      { token },
      { size: "S", name: "Linus", ...home, delivery: "" },
    );
    expect(unchosen.body).toMatchObject({ error: { fieldErrors: { delivery: DELIVERY_MESSAGES.choose } } });

    const tally = await answerOf(tallyLoader, {
      request: siteRequest(`/collections/${id}`, { cookie: alice.cookie }),
      params: { id },
      ctx: ctx(),
    });
    expect(tally.body).toMatchObject({
      answers: [
        { name: "Ada", size: "M", goesTo: "12 High Street, Leeds LS1 4AP, United Kingdom" },
        { name: "Grace", size: "L", goesTo: "Pick up at the office" },
      ],
      deliveries: { addresses: 1, pickups: 1 },
    });
    const bobs = await answerOf(tallyLoader, {
      request: siteRequest(`/collections/${id}`, { cookie: bob.cookie }),
      params: { id },
      ctx: ctx(),
    });
    expect(bobs.status).toBe(404);

    // Ada's own link shows her address, and she changes to the office.
    const adaToken = (ada.body as { answered: { editUrl: string } }).answered.editUrl.split("/answer/")[1]!;
    const opened = await openAnswer(handle.db, { token, answerToken: adaToken, today });
    expect(opened).toMatchObject({
      ok: true,
      value: { answer: { delivery: { kind: "address", line1: "12 High Street" } } },
    });
    const changed = await post(
      answerAction,
      `/collect/${token}/answer/${adaToken}`,
      { token, answer: adaToken },
      {
        size: "M",
        name: "Ada",
        delivery: "pickup",
      },
    );
    expect(changed.body).toMatchObject({ changed: { delivery: { kind: "pickup" } } });
    const [row] = await handle.db
      .select({ delivery: sizeCollectionAnswers.delivery })
      .from(sizeCollectionAnswers)
      .where(eq(sizeCollectionAnswers.name, "Ada"));
    expect(row?.delivery).toEqual({ kind: "pickup" });
  });

  it("gives the buyer alone the answers as CSV, each with where it goes, a formula kept as text", async () => {
    const { token, id } = await aliceCollection({ askAddress: "address_or_pickup" });
    await post(
      collectAction,
      `/collect/${token}`,
      { token },
      { size: "M", name: "Ada", ...home, line2: "Flat 2, Rear" },
    );
    await post(collectAction, `/collect/${token}`, { token }, { size: "L", name: "=HYPERLINK(1)", delivery: "pickup" });
    const csv = (cookie: string) =>
      answerOf(csvLoader, {
        request: siteRequest(`/collections/${id}/answers.csv`, { cookie }),
        params: { id },
        ctx: ctx(),
      });
    const download = await csv(alice.cookie);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("text/csv; charset=utf-8; header=present");
    expect(download.headers.get("Cache-Control")).toBe("private, no-store");
    const lines = String(download.body)
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(lines[0]).toBe("Name,Size,Delivery,Address line 1,Address line 2,Town or city,Postcode,Country,Answered at");
    expect(lines[1]).toMatch(/^Ada,M,Delivery,12 High Street,"Flat 2, Rear",Leeds,LS1 4AP,United Kingdom,2026-/);
    expect(lines[2]).toMatch(/^'=HYPERLINK\(1\),L,Office pickup,,,,,,2026-/);
    expect((await csv(bob.cookie)).status).toBe(404);
  });

  it("keeps no address where none is asked, and asks everyone for one where no office is offered", async () => {
    const plain = await aliceCollection();
    const given = await post(
      collectAction,
      `/collect/${plain.token}`,
      { token: plain.token },
      { size: "M", name: "Ada", ...home },
    );
    expect(given.body).toMatchObject({ answered: { delivery: null } });
    const [row] = await handle.db.select({ delivery: sizeCollectionAnswers.delivery }).from(sizeCollectionAnswers);
    expect(row?.delivery).toBeNull();

    const bobLine = await lineOf(bob.userId);
    const started = await startCollection(ctx(), {
      userId: bob.userId,
      lineId: bobLine,
      settings: { ...SETTINGS, askAddress: "address" },
    });
    const token = started.ok ? started.url.split("/collect/")[1]! : "";
    const page = await answerOf(collectLoader, {
      request: new Request(`http://127.0.0.1:3999/collect/${token}`, { headers: { "x-real-ip": "10.8.0.2" } }),
      params: { token },
      ctx: ctx(),
    });
    expect(page.body).toMatchObject({ page: { askAddress: "address" } });
    const office = await post(
      collectAction,
      `/collect/${token}`,
      { token },
      { size: "M", name: "Ada", delivery: "pickup" },
    );
    expect(office.status).toBe(400);
    expect(office.body).toMatchObject({
      error: { fieldErrors: { line1: DELIVERY_MESSAGES.line1, city: DELIVERY_MESSAGES.city } },
    });
  });

  it("starts a collection asking addresses only with names, from the new collection's form", async () => {
    const lineId = await lineOf(alice.userId);
    const form = {
      title: "Kit",
      ask_address: "address",
      closes_on: "2026-12-08",
      message: "",
      max_answers: "",
      people: "",
    };
    const refused = await answerOf(newAction, {
      request: siteRequest(`/collections/new?line=${lineId}`, { cookie: alice.cookie, form }),
      params: {},
      ctx: ctx(),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: { fieldErrors: { ask_address: DELIVERY_MESSAGES.askNeedsNames } },
      values: { ask_address: "address" },
    });
    const made = await answerOf(newAction, {
      request: siteRequest(`/collections/new?line=${lineId}`, {
        cookie: alice.cookie,
        form: { ...form, ask_names: "yes" },
      }),
      params: {},
      ctx: ctx(),
    });
    expect(made.status).toBe(200);
    const [row] = await handle.db.select({ askAddress: sizeCollections.askAddress }).from(sizeCollections);
    expect(row?.askAddress).toBe("address");
  });
});

describe("the buyer's tally", () => {
  it("counts by size with the spares, only for its buyer, and removes an answer", async () => {
    const { token, id } = await aliceCollection();
    for (const size of ["M", "M", "L", "XS"]) await answer(token, size);
    expect(await saveSpares(handle.db, { userId: alice.userId, id, spares: [{ size: "M", count: 10 }] })).toEqual({
      ok: true,
    });
    const tally = await collectionTally(handle.db, { userId: alice.userId, id, today });
    if (!tally.ok) throw new Error(tally.message);
    expect(tally.value.split).toEqual([
      { size: "XS", count: 1 },
      { size: "M", count: 12 },
      { size: "L", count: 1 },
    ]);
    expect(tally.value.closeRefused).toBe(
      "36 more to reach the minimum of 50. Add spares, or wait for more answers, before you close.",
    );
    // Bob reaches none of it.
    expect(await collectionTally(handle.db, { userId: bob.userId, id, today })).toMatchObject({ status: 404 });
    expect(await saveSpares(handle.db, { userId: bob.userId, id, spares: [] })).toMatchObject({ status: 404 });
    const first = tally.value.answers[0]!.id;
    expect(await removeAnswer(handle.db, { userId: bob.userId, id, answerId: first })).toMatchObject({ status: 404 });
    expect(await removeAnswer(handle.db, { userId: alice.userId, id, answerId: first })).toEqual({ ok: true });
    expect(await removeAnswer(handle.db, { userId: alice.userId, id, answerId: first })).toMatchObject({ status: 404 });
    expect(await handle.db.select().from(sizeCollectionAnswers)).toHaveLength(3);
  });

  it("says who on the buyer's list has not answered, a list only the buyer changes, and only while open", async () => {
    const { token, id } = await aliceCollection({ people: ["Ada Lovelace", "Grace Hopper", "Linus"] });
    await answer(token, "M", "grace hopper");
    await answer(token, "L", "Tess");
    const awaited = async () => {
      const tally = await collectionTally(handle.db, { userId: alice.userId, id, today });
      if (!tally.ok) throw new Error(tally.message);
      return tally.value.awaited;
    };
    expect(await awaited()).toEqual(["Ada Lovelace", "Linus"]);
    expect(await savePeople(handle.db, { userId: bob.userId, id, people: [] })).toMatchObject({ status: 404 });
    expect(await savePeople(handle.db, { userId: alice.userId, id: "not-a-uuid", people: [] })).toMatchObject({
      status: 404,
    });
    expect(await savePeople(handle.db, { userId: alice.userId, id, people: ["Linus", "Margaret"] })).toEqual({
      ok: true,
    });
    expect(await awaited()).toEqual(["Linus", "Margaret"]);

    // Through the tally's form: a refused list is given back as typed, a good one saved.
    const post = async (people: string) =>
      answerOf(tallyAction, {
        request: siteRequest(`/collections/${id}`, { cookie: alice.cookie, form: { intent: "people", people } }),
        params: { id },
        ctx: ctx(),
      });
    const long = "L".repeat(COLLECTION_LIMITS.name + 1);
    expect(await post(`Ada\n${long}`)).toMatchObject({
      status: 400,
      body: { error: { message: COLLECTION_MESSAGES.personTooLong(long) }, typed: { people: `Ada\n${long}` } },
    });
    expect(await post("Ada Lovelace\n\nada lovelace\nTess")).toMatchObject({ status: 200 });
    expect(await awaited()).toEqual(["Ada Lovelace"]);
    await saveSpares(handle.db, { userId: alice.userId, id, spares: [{ size: "M", count: 60 }] });
    expect(await closeCollection(ctx(), { userId: alice.userId, id, now })).toMatchObject({ ok: true });
    expect(await savePeople(handle.db, { userId: alice.userId, id, people: [] })).toMatchObject({ status: 404 });
  });

  it("refuses a list on a collection that does not ask for names", async () => {
    const { id } = await aliceCollection({ askNames: false });
    const refused = await answerOf(tallyAction, {
      request: siteRequest(`/collections/${id}`, { cookie: alice.cookie, form: { intent: "people", people: "Ada" } }),
      params: { id },
      ctx: ctx(),
    });
    expect(refused).toMatchObject({ status: 400, body: { error: { message: COLLECTION_MESSAGES.peopleNeedNames } } });
  });

  it("tells the cart each open collection of the buyer's lines and how many answered, and none of another's", async () => {
    const { token, id, lineId } = await aliceCollection();
    for (const size of ["M", "L"]) await answer(token, size);
    expect(await openCollectionsOfLines(handle.db, { userId: alice.userId })).toEqual(
      new Map([[lineId, { id, answers: 2 }]]),
    );
    expect(await openCollectionsOfLines(handle.db, { userId: bob.userId })).toEqual(new Map());
  });

  it("makes a new link: the old one opens nothing, the answers stay", async () => {
    const { token, id } = await aliceCollection();
    await answer(token, "M");
    const made = await replaceLink(ctx(), { userId: alice.userId, id });
    if (!made.ok) throw new Error(made.message);
    expect(await openCollectLink(handle.db, { token, today })).toMatchObject({ status: 404 });
    const fresh = made.url.split("/collect/")[1]!;
    expect((await openCollectLink(handle.db, { token: fresh, today })).ok).toBe(true);
    expect(await replaceLink(ctx(), { userId: bob.userId, id })).toMatchObject({ status: 404 });
    const tally = await collectionTally(handle.db, { userId: alice.userId, id, today });
    expect(tally.ok && tally.value.answers).toHaveLength(1);
  });

  it("closes only at the minimum: the split and its total go on the line, and the link then says it closed", async () => {
    const { token, id, lineId } = await aliceCollection();
    for (const size of ["M", "M", "L"]) await answer(token, size);
    expect(await closeCollection(ctx(), { userId: alice.userId, id, now })).toMatchObject({ status: 409 });
    await saveSpares(handle.db, {
      userId: alice.userId,
      id,
      spares: [
        { size: "S", count: 20 },
        { size: "M", count: 27 },
      ],
    });
    expect(await closeCollection(ctx(), { userId: bob.userId, id, now })).toMatchObject({ status: 404 });
    expect(await closeCollection(ctx(), { userId: alice.userId, id, now })).toEqual({
      ok: true,
      lineId,
      productId: "15",
    });
    const [line] = await handle.db.select().from(cartItems).where(eq(cartItems.id, lineId));
    expect(line?.quantity).toBe(50);
    expect(line?.sizes).toEqual([
      { size: "S", count: 20 },
      { size: "M", count: 29 },
      { size: "L", count: 1 },
    ]);
    expect(await closeCollection(ctx(), { userId: alice.userId, id, now })).toMatchObject({
      status: 409,
      message: COLLECTION_MESSAGES.closedAlready,
    });
    expect(await answer(token, "M")).toMatchObject({ status: 410, message: expect.stringContaining("closed on") });
    expect(await saveSpares(handle.db, { userId: alice.userId, id, spares: [] })).toMatchObject({ status: 404 });
  });

  it("cannot close once its line has left the cart", async () => {
    const { token, id, lineId } = await aliceCollection();
    await answer(token, "M");
    await saveSpares(handle.db, { userId: alice.userId, id, spares: [{ size: "L", count: 60 }] });
    await handle.db.delete(cartItems).where(eq(cartItems.id, lineId));
    expect(await closeCollection(ctx(), { userId: alice.userId, id, now })).toMatchObject({
      status: 409,
      message: COLLECTION_MESSAGES.lineGone,
    });
  });
});

describe("how often each route answers", () => {
  it(`gives the buyer's pages ${COLLECTION_PAGE_HITS_PER_MINUTE} loads and posts a minute, then 429 on each`, async () => {
    const { id, lineId } = await aliceCollection();
    await handle.db.insert(rateLimits).values({
      key: `collection-pages:${alice.userId}`,
      count: COLLECTION_PAGE_HITS_PER_MINUTE,
      windowStart: new Date(),
    });
    const answered = async (fn: (args: never) => unknown, path: string, form?: Record<string, string>) =>
      (
        await answerOf(fn, {
          request: siteRequest(path, { cookie: alice.cookie, form }),
          params: { id },
          ctx: ctx(),
        })
      ).status;
    expect(await answered(newLoader, `/collections/new?line=${lineId}`)).toBe(429);
    expect(await answered(newAction, `/collections/new?line=${lineId}`, { title: "Kit" })).toBe(429);
    expect(await answered(tallyLoader, `/collections/${id}`)).toBe(429);
    expect(await answered(tallyAction, `/collections/${id}`, { intent: "spares" })).toBe(429);
    expect(await answered(csvLoader, `/collections/${id}/answers.csv`)).toBe(429);
  });

  it(`gives an address ${COLLECT_HITS_PER_ADDRESS} openings and answers of links a quarter of an hour, then 429 on each`, async () => {
    const { token } = await aliceCollection();
    const given = await answer(token, "M");
    const answerToken = given.ok ? given.editUrl.split("/answer/")[1]! : "";
    await handle.db
      .insert(rateLimits)
      .values({ key: "collect-link:10.7.9.9", count: COLLECT_HITS_PER_ADDRESS, windowStart: new Date() });
    const status = async (fn: (args: never) => unknown, path: string, form?: Record<string, string>) => {
      const headers = new Headers({ "x-real-ip": "10.7.9.9", origin: "http://127.0.0.1:3999" });
      const request = new Request(`http://127.0.0.1:3999${path}`, {
        method: form ? "POST" : "GET",
        headers,
        body: form ? new URLSearchParams(form) : undefined,
      });
      return (await answerOf(fn, { request, params: { token, answer: answerToken }, ctx: ctx() })).status;
    };
    expect(await status(collectAction, `/collect/${token}`, { size: "M", name: "Ada" })).toBe(429);
    expect(await status(answerLoader, `/collect/${token}/answer/${answerToken}`)).toBe(429);
    expect(await status(answerAction, `/collect/${token}/answer/${answerToken}`, { size: "S", name: "Ada" })).toBe(429);
  });
});
