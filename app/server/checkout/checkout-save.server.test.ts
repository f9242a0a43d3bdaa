/**
 * The Details step's save with the online VAT number check (decision 018): the checker is a
 * stand-in here; the HTTP adapter is tested against a loopback fake in vat-check.server.test.ts.
 */
import { initialDraft } from "../../../tests/setup/spec-catalogue";
import { describe, expect, it } from "vitest";
import { customisationPart, type DraftDetails } from "~/domain/checkout/draft";
import type { VatNumber } from "~/domain/pricing/vat-number";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { saveCheckoutStep, VAT_CHECK_LIMIT } from "./checkout-save.server";
import { createDraft, getDraft } from "./drafts.server";
import type { AppContext } from "../providers/app-context.server";
import type { VatCheckAnswer, VatChecker } from "../providers/vat-check.server";

const handle = testFileDatabase();

/** Answers by canonical number; records what it was asked. */
function fakeChecker(answers: Record<string, VatCheckAnswer>) {
  const asked: string[] = [];
  const checker: VatChecker = {
    known: () => undefined,
    check: async (number: VatNumber) => {
      asked.push(number.canonical);
      return answers[number.canonical] ?? "valid";
    },
  };
  return { checker, asked };
}

const DETAILS: DraftDetails = {
  contact_name: "Ada Lovelace",
  email: "ada@analytical.example",
  company: "Analytical Ltd",
  phone: "+44 20 7946 0958",
  vat_number: "",
  po_ref: "",
  billing: {
    company: "",
    name: "Ada Lovelace",
    line1: "1 Engine St",
    line2: "",
    city: "London",
    postcode: "N1 9GU",
    country: "GB",
  },
  tos_accepted: true,
  use_billing_as_shipping: true,
};

async function draftFor(userId: string) {
  const line = {
    productId: "8",
    quantity: 50,
    selectedColor: "#1f2a56",
    customizationSelections: [],
    handwrittenNote: false,
  };
  const created = await createDraft(handle.db, {
    accountId: `account-of-${userId}`,
    userId,
    productId: "8",
    data: customisationPart(initialDraft(line)),
  });
  if (!created.ok) throw new Error(created.message);
  return created.draft;
}

const saveDetails = (ctx: AppContext, userId: string, draft: { id: string; version: number }, vat: string) =>
  saveCheckoutStep(ctx, {
    userId,
    draftId: draft.id,
    step: "details",
    patch: { ...DETAILS, vat_number: vat },
    expectedVersion: draft.version,
  });

describe("saveCheckoutStep: the VAT number's online check", () => {
  it("refuses a number the registry does not know with a 400 naming the field, writing nothing", async () => {
    const { checker, asked } = fakeChecker({ GB123456782: "invalid" });
    const ctx: AppContext = { ...testContext(handle, null), vatCheck: checker };
    const draft = await draftFor("vat-invalid");
    const result = await saveDetails(ctx, "vat-invalid", draft, "gb 123 4567 82");
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { vat_number: "Enter a valid VAT number, e.g. GB123456789" },
    });
    expect(asked).toEqual(["GB123456782"]);
    const stored = await getDraft(handle.db, { userId: "vat-invalid", draftId: draft.id });
    expect(stored?.version).toBe(draft.version);
    expect(stored?.data.details.contact_name).toBe("");
  });

  it("saves a known number, and a number when the registry is down, with a notice to carry on", async () => {
    const { checker } = fakeChecker({ DE136695976: "unavailable" });
    const ctx: AppContext = { ...testContext(handle, null), vatCheck: checker };
    const draft = await draftFor("vat-down");
    const valid = await saveDetails(ctx, "vat-down", draft, "GB980780684");
    expect(valid).toMatchObject({ ok: true, draft: { status: "details_done" } });
    expect(valid).not.toHaveProperty("notice");
    if (!valid.ok) throw new Error(valid.message);
    const down = await saveDetails(ctx, "vat-down", valid.draft, "DE136695976");
    expect(down).toMatchObject({
      ok: true,
      notice:
        "We couldn't reach the EU's VIES service to confirm your VAT number just now. You can carry on: its format and check digits are fine.",
    });
    if (!down.ok) throw new Error(down.message);
    expect(down.draft.data.details.vat_number).toBe("DE136695976");
  });

  it("asks nothing for a blank number or one the offline rules refuse, and saves without a checker", async () => {
    const { checker, asked } = fakeChecker({});
    const ctx: AppContext = { ...testContext(handle, null), vatCheck: checker };
    const draft = await draftFor("vat-offline");
    const blank = await saveDetails(ctx, "vat-offline", draft, "");
    if (!blank.ok) throw new Error(blank.message);
    // Stored as typed (the buyer may still be typing); the step stays incomplete (draft.ts).
    const bad = await saveDetails(ctx, "vat-offline", blank.draft, "GB123456789");
    expect(bad).toMatchObject({ ok: true, draft: { data: { details: { vat_number: "GB123456789" } } } });
    expect(asked).toEqual([]);
    const offline = await draftFor("vat-unconfigured");
    const unconfigured = await saveDetails(testContext(handle, null), "vat-unconfigured", offline, "GB123456782");
    expect(unconfigured.ok).toBe(true);
  });

  it("checks offline only once a buyer has made the shop ask too often", async () => {
    const { checker, asked } = fakeChecker({});
    const ctx: AppContext = { ...testContext(handle, null), vatCheck: checker };
    let draft = await draftFor("vat-limit");
    for (let i = 0; i < VAT_CHECK_LIMIT.hits; i++) {
      const saved = await saveDetails(ctx, "vat-limit", draft, "GB980780684");
      if (!saved.ok) throw new Error(saved.message);
      draft = saved.draft;
    }
    const over = await saveDetails(ctx, "vat-limit", draft, "GB980780684");
    expect(asked).toHaveLength(VAT_CHECK_LIMIT.hits);
    expect(over).toMatchObject({ ok: true, notice: expect.stringContaining("couldn't reach HMRC") });
  });
});
