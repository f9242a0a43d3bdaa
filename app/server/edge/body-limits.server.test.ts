import { IMPORT_LIMITS } from "~/domain/catalogue/catalogue-import";
import { COLLECTION_LIMITS } from "~/domain/teams/size-collections";
import { DELIVERY_MAX_LENGTHS } from "~/domain/teams/collection-delivery";
import { describe, expect, it } from "vitest";
import { ARTWORK_MAX_BYTES } from "~/domain/artwork/artwork-rules";
import { PROBLEM_LIMITS } from "~/domain/orders/problem-reports";
import { PROOF_MAX_BYTES } from "~/domain/artwork/proof-rules";
import { PICTURE_MAX_BYTES } from "../catalogue/product-pictures.server";
import { bodyLimitFor, countedBody, DEFAULT_BODY_LIMIT_BYTES, tooLargeMessage } from "./body-limits.server";

describe("bodyLimitFor", () => {
  it("gives forms and JSON 1 MB", () => {
    for (const path of ["/sign-up", "/api/drafts/abc", "/api/payment-intent", "/contact", "/api/auth/sign-in/email"]) {
      expect(bodyLimitFor(path), path).toBe(DEFAULT_BODY_LIMIT_BYTES);
    }
  });

  it("lets the uploads carry their file limit and the multipart around it", () => {
    expect(bodyLimitFor("/api/drafts/3f1c/artwork")).toBeGreaterThan(ARTWORK_MAX_BYTES);
    expect(bodyLimitFor("/admin/orders/3f1c")).toBeGreaterThan(PROOF_MAX_BYTES);
    expect(bodyLimitFor("/admin/orders/3f1c.data")).toBeGreaterThan(PROOF_MAX_BYTES);
  });

  it("does not stretch to look-alike paths", () => {
    expect(bodyLimitFor("/api/drafts/3f1c/artwork/extra")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/admin/orders/3f1c/proofs/1")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/admin/orders")).toBe(DEFAULT_BODY_LIMIT_BYTES);
  });

  it("keeps the price toggle's and the bank transfer's short forms to 4 kB", () => {
    expect(bodyLimitFor("/prices")).toBe(4 * 1024);
    expect(bodyLimitFor("/prices.data")).toBe(4 * 1024);
    expect(bodyLimitFor("/prices/extra")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/payment")).toBe(4 * 1024);
    expect(bodyLimitFor("/payment.data")).toBe(4 * 1024);
  });

  it("keeps the quote forms to 64 kB: room for the longest request or answer, encoded", () => {
    for (const path of ["/quotes", "/quotes.data", "/admin/quotes/answer/3f1c", "/admin/quotes/answer/3f1c.data"])
      expect(bodyLimitFor(path), path).toBe(64 * 1024);
    expect(bodyLimitFor("/quotes/3f1c/quote.pdf")).toBe(DEFAULT_BODY_LIMIT_BYTES);
  });

  it("keeps the order page's proof answer and review forms to 64 kB, not staff's proof upload", () => {
    expect(bodyLimitFor("/orders/3f1c")).toBe(64 * 1024);
    expect(bodyLimitFor("/orders/3f1c.data")).toBe(64 * 1024);
    expect(bodyLimitFor("/orders/3f1c/invoice.pdf")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/admin/orders/3f1c")).toBeGreaterThan(DEFAULT_BODY_LIMIT_BYTES);
  });

  it("keeps a problem report's photo to its 10 MB, the resolve form to 4 kB and the downloads with no body to 1 kB", () => {
    expect(bodyLimitFor("/orders/3f1c/problem-photos")).toBe(PROBLEM_LIMITS.photoBytes + 1024 * 1024);
    expect(bodyLimitFor("/orders/3f1c/problem-photos/extra")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    for (const path of ["/admin/problem-reports", "/admin/problem-reports.data"])
      expect(bodyLimitFor(path)).toBe(4 * 1024);
    expect(bodyLimitFor("/admin/problem-reports/3f1c/photos/9a")).toBe(1024);
    expect(bodyLimitFor("/admin/orders/export.csv")).toBe(1024);
  });

  it("keeps the pages that only read (a job sheet, the customer search, an account, the products list, the search's suggestions) and step 2's copy of another line's logo small", () => {
    for (const path of ["/admin/orders/3f1c/job-sheet", "/admin/orders/3f1c/job-sheet.data"])
      expect(bodyLimitFor(path)).toBe(1024);
    for (const path of [
      "/admin/customers",
      "/admin/customers.data",
      "/admin/customers/org-1",
      "/admin/customers/org-1.data",
      "/admin/products",
      "/admin/products.data",
      "/search/suggestions",
    ])
      expect(bodyLimitFor(path)).toBe(1024);
    expect(bodyLimitFor("/api/drafts/3f1c/line-artwork")).toBe(4 * 1024);
    // The order page itself still takes a proof upload.
    expect(bodyLimitFor("/admin/orders/3f1c")).toBeGreaterThan(1024 * 1024);
  });

  it("keeps a new collection of sizes and its tally's forms to 100 kB, the link's answers to 8 kB (decisions 090, 092)", () => {
    for (const path of ["/collections/new", "/collections/new.data", "/collections/3f1c", "/collections/3f1c.data"])
      expect(bodyLimitFor(path), path).toBe(100 * 1024);
    // Every field at its most, each character one that UTF-8 writes in three bytes and a form in nine.
    const fullest = new URLSearchParams({
      title: "€".repeat(COLLECTION_LIMITS.title),
      message: "€".repeat(COLLECTION_LIMITS.message),
      ask_names: "yes",
      ask_address: "address_or_pickup",
      closes_on: "2026-12-31",
      max_answers: "1000",
      people: "€".repeat(COLLECTION_LIMITS.peopleText),
    }).toString();
    expect(fullest.length).toBeLessThanOrEqual(bodyLimitFor("/collections/new"));
    for (const path of ["/collect/abc", "/collect/abc.data", "/collect/abc/answer/def", "/collect/abc/answer/def.data"])
      expect(bodyLimitFor(path), path).toBe(8 * 1024);
    // An answer with every field one over its most (as a refusal gives it back), in nine-byte characters.
    const answer = new URLSearchParams(
      Object.fromEntries(
        Object.entries({ size: 20, name: COLLECTION_LIMITS.name, ...DELIVERY_MAX_LENGTHS }).map(([field, most]) => [
          field,
          "€".repeat(most + 1),
        ]),
      ),
    ).toString();
    expect(answer.length).toBeLessThanOrEqual(bodyLimitFor("/collect/abc"));
    // The answers as CSV are a GET: no body to speak of.
    expect(bodyLimitFor("/collections/3f1c/answers.csv")).toBe(1024);
  });

  it("keeps the credit accounts' statements and staff's list to 1 kB, an application to 4 kB and staff's decision to 16 kB (decision 085)", () => {
    for (const path of [
      "/account/credit/statement.pdf",
      "/admin/credit-accounts/org-1/statement.pdf",
      "/admin/credit-accounts",
      "/admin/credit-accounts.data",
    ])
      expect(bodyLimitFor(path), path).toBe(1024);
    for (const path of ["/account/credit", "/account/credit.data"]) expect(bodyLimitFor(path), path).toBe(4 * 1024);
    for (const path of ["/admin/credit-accounts/org-1", "/admin/credit-accounts/org-1.data"])
      expect(bodyLimitFor(path), path).toBe(16 * 1024);
  });

  it("keeps the credit notes, the VAT summary, its CSV and the production board to 1 kB, and a job's retry to 4 kB", () => {
    for (const path of [
      "/orders/3f1c/credit-notes/CN-2026-000001",
      "/admin/orders/3f1c/credit-notes/CN-2026-000001",
      "/admin/vat",
      "/admin/vat.data",
      "/admin/vat/export.csv",
      "/admin/audit",
      "/admin/audit.data",
      "/admin/audit/export.csv",
      "/admin/board",
      "/admin/board.data",
    ])
      expect(bodyLimitFor(path), path).toBe(1024);
    for (const path of [
      "/admin/attention",
      "/admin/attention.data",
      "/admin/closures",
      "/admin/closures.data",
      "/admin/data-requests",
      "/admin/data-requests.data",
    ])
      expect(bodyLimitFor(path), path).toBe(4 * 1024);
    // The order page itself still takes a proof upload.
    expect(bodyLimitFor("/admin/orders/3f1c")).toBe(PROOF_MAX_BYTES + 1024 * 1024);
  });

  it("keeps a person's data requests small: the copies' downloads to 1 kB, asking for one, deleting an account or backing up now to 4 kB (decisions 083, 084)", () => {
    for (const path of [
      "/account/data/3f1c",
      "/admin/data-requests/exports/3f1c",
      "/account-deleted",
      "/account-deleted.data",
    ])
      expect(bodyLimitFor(path), path).toBe(1024);
    for (const path of [
      "/account/data",
      "/account/data.data",
      "/account/delete",
      "/account/delete.data",
      "/admin",
      "/admin.data",
    ])
      expect(bodyLimitFor(path), path).toBe(4 * 1024);
    expect(bodyLimitFor("/account/deleted-things")).toBe(DEFAULT_BODY_LIMIT_BYTES);
  });

  it("keeps the accounts on credit terms small: the statements and the list to 1 kB, applying to 4 kB, staff's answer to 16 kB (decision 085)", () => {
    for (const path of [
      "/account/credit/statement.pdf",
      "/admin/credit-accounts/org-1/statement.pdf",
      "/admin/credit-accounts",
      "/admin/credit-accounts.data",
    ])
      expect(bodyLimitFor(path), path).toBe(1024);
    for (const path of ["/account/credit", "/account/credit.data"]) expect(bodyLimitFor(path), path).toBe(4 * 1024);
    for (const path of ["/admin/credit-accounts/org-1", "/admin/credit-accounts/org-1.data"])
      expect(bodyLimitFor(path), path).toBe(16 * 1024);
  });

  it("keeps a product's editor, and a new product's form, to 128 kB: its description, fields, lists and 20 price bands, encoded", () => {
    for (const path of [
      "/admin/products/8",
      "/admin/products/8.data",
      "/admin/products/steel-bottle",
      "/admin/products/new",
      "/admin/products/new.data",
    ])
      expect(bodyLimitFor(path), path).toBe(128 * 1024);
    expect(bodyLimitFor("/admin/products/8/extra")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    // The catalogue's CSV is a download, not a product.
    expect(bodyLimitFor("/admin/products/export.csv")).toBe(1024);
  });

  it("keeps the categories' forms to 4 kB: a name, a URL name and a menu, encoded (decision 068)", () => {
    for (const path of ["/admin/categories", "/admin/categories.data"]) expect(bodyLimitFor(path), path).toBe(4 * 1024);
    const longest = new URLSearchParams({
      intent: "rename",
      categoryId: "00000000-0000-4000-8000-000000000000",
      name: "😀".repeat(40),
      slug: "a".repeat(60),
      menu: "header",
    }).toString();
    expect(Buffer.byteLength(longest)).toBeLessThan(4 * 1024);
    expect(bodyLimitFor("/admin/categories/extra")).toBe(DEFAULT_BODY_LIMIT_BYTES);
  });

  it("lets a catalogue import carry the largest CSV, and keeps an import's page to 1 kB", () => {
    for (const path of ["/admin/products/import", "/admin/products/import.data"])
      expect(bodyLimitFor(path)).toBe(IMPORT_LIMITS.bytes + 1024 * 1024);
    for (const path of ["/admin/products/import/3f1c", "/admin/products/import/3f1c.data"])
      expect(bodyLimitFor(path)).toBe(1024);
  });

  it("lets a product's picture upload carry the largest picture, and keeps fetching one to 1 kB", () => {
    expect(bodyLimitFor("/admin/products/8/pictures")).toBe(PICTURE_MAX_BYTES + 1024 * 1024);
    expect(bodyLimitFor("/product-pictures/3f1c")).toBe(1024);
  });

  it("keeps staff's hide-review form to 16 kB", () => {
    expect(bodyLimitFor("/admin/reviews")).toBe(16 * 1024);
    expect(bodyLimitFor("/admin/reviews.data")).toBe(16 * 1024);
  });

  it("keeps the preflight's 'Use it anyway' to 4 kB, not the file's own address", () => {
    expect(bodyLimitFor("/api/artwork/3f1c/use-anyway")).toBe(4 * 1024);
    expect(bodyLimitFor("/api/artwork/3f1c")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/api/artwork/3f1c/preview")).toBe(1024);
    expect(bodyLimitFor("/admin/orders/3f1c/artwork/9a/preview")).toBe(1024);
  });

  it("keeps the cart's forms to 64 kB and working as a team to 16 kB, not the pages below them", () => {
    for (const path of ["/cart", "/cart.data"]) expect(bodyLimitFor(path), path).toBe(64 * 1024);
    for (const path of ["/account/organisation", "/account/organisation.data"])
      expect(bodyLimitFor(path), path).toBe(16 * 1024);
    expect(bodyLimitFor("/cart/extra")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/account/organisations")).toBe(DEFAULT_BODY_LIMIT_BYTES);
  });

  it("keeps the short forms small: a share-link answer 64 kB, the brand kit 16 kB, a kit logo's pick and a reorder 4 kB", () => {
    expect(bodyLimitFor("/proof-approval/abc")).toBe(64 * 1024);
    expect(bodyLimitFor("/account/brand-kit")).toBe(16 * 1024);
    expect(bodyLimitFor("/api/drafts/3f1c/brand-logo")).toBe(4 * 1024);
    expect(bodyLimitFor("/orders/3f1c/reorder")).toBe(4 * 1024);
    expect(bodyLimitFor("/api/brand-kit/logos")).toBeGreaterThan(ARTWORK_MAX_BYTES);
  });

  it("keeps the SMS list's confirmation button to 4 kB (docs/decisions/034-sms-double-opt-in.md)", () => {
    expect(bodyLimitFor("/sms/confirm")).toBe(4 * 1024);
    expect(bodyLimitFor("/sms/confirm.data")).toBe(4 * 1024);
    expect(bodyLimitFor("/sms/confirmed")).toBe(DEFAULT_BODY_LIMIT_BYTES);
  });

  it("says the limit in megabytes, or kilobytes below one", () => {
    expect(tooLargeMessage(DEFAULT_BODY_LIMIT_BYTES)).toBe("The request is larger than this address accepts (1 MB).");
    expect(tooLargeMessage(4 * 1024)).toBe("The request is larger than this address accepts (4 kB).");
  });
});

describe("countedBody", () => {
  /** A body that hands out `chunks` one read at a time and records how many were taken. */
  function source(chunks: number, size: number) {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled === chunks) return controller.close();
          pulled += 1;
          controller.enqueue(new Uint8Array(size));
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, pulled: () => pulled };
  }

  it("passes a body within the limit through whole", async () => {
    const { stream } = source(4, 250);
    const counted = countedBody(stream, 1000);
    expect((await new Response(counted.body).arrayBuffer()).byteLength).toBe(1000);
    expect(counted.exceeded()).toBe(false);
  });

  it("errors at the first byte past the limit and reads no further", async () => {
    const { stream, pulled } = source(100, 300);
    const counted = countedBody(stream, 1000);
    await expect(new Response(counted.body).arrayBuffer()).rejects.toThrow();
    expect(counted.exceeded()).toBe(true);
    expect(pulled()).toBe(4);
  });

  it("reads nothing while the route reads nothing", async () => {
    const { stream, pulled } = source(100, 300);
    countedBody(stream, 1000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(pulled()).toBe(0);
  });

  it("reads only as far as the route has asked", async () => {
    const { stream, pulled } = source(100, 300);
    const reader = countedBody(stream, 1_000_000).body.getReader();
    await reader.read();
    await reader.read();
    await new Promise((resolve) => setImmediate(resolve));
    expect(pulled()).toBe(2);
  });
});
