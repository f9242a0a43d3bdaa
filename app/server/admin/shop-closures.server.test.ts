/**
 * The operator's closures (docs/decisions/078-shop-closures.md) as staff save them: checked against
 * the closures to come, read by every process with the catalogue (its version raised), counted by
 * the date engine from then on, cut short rather than erased once under way, limited per hour.
 */
import { afterEach, describe, expect, it } from "vitest";
import { catalogueVersion, rateLimits, shopClosures } from "#db/schema";
import { addWorkingDays, setClosures } from "~/domain/core/working-days";
import { testFileDatabase } from "../../../tests/setup/test-db";
import type { StaffMember } from "../accounts/admin-access.server";
import { forgetCatalogue, readCatalogue } from "../catalogue/catalogue-store.server";
import {
  addClosure,
  CLOSURE_CHANGE_LIMIT,
  CLOSURE_SERVER_MESSAGES,
  closuresPage,
  removeClosure,
} from "./shop-closures.server";

const handle = testFileDatabase();
const staff: StaffMember = { id: "staff-closures", name: "Olive Ops", email: "ops@swag.example" };
// Monday 30 November 2026, noon in London.
const NOW = new Date("2026-11-30T12:00:00Z");

afterEach(async () => {
  await handle.db.delete(shopClosures);
  await handle.db.delete(rateLimits);
  forgetCatalogue(handle.db);
  setClosures([]);
});

const version = async () => (await handle.db.select().from(catalogueVersion))[0]!.version;
const add = (fields: Record<string, string>, now = NOW) => addClosure(handle.db, { staff, fields, now });

describe("adding a closure", () => {
  it("saves it, raises the catalogue's version, and every date counted after skips it", async () => {
    // Friday 4 December + 1 working day is Monday 7 December, before the closure.
    expect(addWorkingDays("2026-12-04", 1)).toBe("2026-12-07");
    const before = await version();
    expect(await add({ from: "2026-12-07", to: "2026-12-11", reason: "Stocktake week" })).toEqual({
      ok: true,
      message: CLOSURE_SERVER_MESSAGES.added("Stocktake week"),
    });
    expect(await version()).toBe(before + 1);
    const catalogue = await readCatalogue(handle.db, Date.now());
    expect(catalogue.closures).toEqual([{ from: "2026-12-07", to: "2026-12-11", reason: "Stocktake week" }]);
    // Friday 4 December + 1: the week of 7–11 December is closed → Monday 14 December.
    expect(addWorkingDays("2026-12-04", 1)).toBe("2026-12-14");
    const [row] = await handle.db.select().from(shopClosures);
    expect(row).toMatchObject({ firstDay: "2026-12-07", lastDay: "2026-12-11", staffId: staff.id });
  });

  it("refuses an overlap with the field and what was wrong, and saves nothing", async () => {
    await add({ from: "2026-12-07", to: "2026-12-11", reason: "Stocktake week" });
    const before = await version();
    const refused = await add({ from: "2026-12-11", to: "2026-12-15", reason: "Move" });
    expect(refused).toMatchObject({ ok: false, status: 400, code: "BAD_CLOSURE" });
    if (refused.ok) return;
    expect(refused.fieldErrors?.from).toContain('overlap the closure "Stocktake week"');
    expect(await version()).toBe(before);
    expect(await handle.db.select().from(shopClosures)).toHaveLength(1);
  });

  it("lets two closures saved at the same moment overlap never: one is refused", async () => {
    const answers = await Promise.all([
      add({ from: "2027-01-11", to: "2027-01-15", reason: "First" }),
      add({ from: "2027-01-14", to: "2027-01-20", reason: "Second" }),
    ]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(await handle.db.select().from(shopClosures)).toHaveLength(1);
  });

  it("refuses the 31st change in an hour with a 429 and when to come back", async () => {
    for (let i = 0; i < CLOSURE_CHANGE_LIMIT.limit; i++) await add({ from: "2027-02-01", reason: "x".repeat(81) }); // refused, but each counts
    const refused = await add({ from: "2027-02-01", reason: "Fine" });
    expect(refused).toMatchObject({ ok: false, status: 429, code: "TOO_MANY_CLOSURE_CHANGES" });
    expect(refused.ok ? 0 : refused.retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe("removing a closure", () => {
  const idOf = async () => (await handle.db.select().from(shopClosures))[0]!.id;

  it("deletes one still to come: its days work again", async () => {
    await add({ from: "2026-12-07", to: "2026-12-11", reason: "Stocktake week" });
    const before = await version();
    expect(await removeClosure(handle.db, { staff, id: await idOf(), now: NOW })).toEqual({
      ok: true,
      message: CLOSURE_SERVER_MESSAGES.removed("Stocktake week"),
    });
    expect(await version()).toBe(before + 1);
    expect((await readCatalogue(handle.db, Date.now())).closures).toEqual([]);
    expect(addWorkingDays("2026-12-04", 1)).toBe("2026-12-07");
  });

  it("cuts one under way short to end yesterday, so the days it closed stay closed", async () => {
    await add({ from: "2026-11-30", to: "2026-12-04", reason: "Shutdown" });
    // Wednesday 2 December: the closure ran Monday and Tuesday.
    const wednesday = new Date("2026-12-02T09:00:00Z");
    expect((await removeClosure(handle.db, { staff, id: await idOf(), now: wednesday })).ok).toBe(true);
    expect((await readCatalogue(handle.db, Date.now())).closures).toEqual([
      { from: "2026-11-30", to: "2026-12-01", reason: "Shutdown" },
    ]);
  });

  it("refuses one that has ended (409), one already gone (404) and an id that is not one (400)", async () => {
    await add({ from: "2026-11-30", to: "2026-12-01", reason: "Shutdown" });
    const id = await idOf();
    const later = new Date("2026-12-10T09:00:00Z");
    expect(await removeClosure(handle.db, { staff, id, now: later })).toMatchObject({
      status: 409,
      message: CLOSURE_SERVER_MESSAGES.ended,
    });
    await handle.db.delete(shopClosures);
    expect(await removeClosure(handle.db, { staff, id, now: NOW })).toMatchObject({ status: 404 });
    expect(await removeClosure(handle.db, { staff, id: "1 or 1=1", now: NOW })).toMatchObject({ status: 400 });
  });
});

describe("the closures page", () => {
  it("lists the bank holidays and the closures to come, each closure with its id to remove it by", async () => {
    await add({ from: "2026-12-21", to: "2026-12-24", reason: "Christmas shutdown" });
    const page = await closuresPage(handle.db, NOW);
    expect(page.today).toBe("2026-11-30");
    expect(page.days[0]).toMatchObject({ from: "2026-12-21", to: "2026-12-24", reason: "Christmas shutdown" });
    expect(page.days[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(page.days[1]).toEqual({ from: "2026-12-25", to: "2026-12-25", reason: "Bank holiday", id: null });
  });
});
