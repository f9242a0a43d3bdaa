import { describe, expect, it } from "vitest";
import { businessProfile, BUSINESS_SAMPLES } from "~/domain/people/business-variables";
import { orderTotals } from "~/domain/pricing/checkout";
import { documentLines, documentTotals, type BusinessDocument } from "~/domain/pricing/documents";
import { oneLine, pdfText } from "../../../tests/setup/pdf-text";
import { renderDocumentPdf } from "./documents.server";

// Decision 019: one PDF module for every document; the tests read the PDF's own text back.

const business = {
  ...businessProfile(BUSINESS_SAMPLES),
  legalName: "Swag Studio Ltd",
  companyNumber: "SC123456",
  vatNumber: "GB980780684",
  registeredOffice: ["4 Print Works", "Glasgow", "G1 1AA"],
  bank: {
    accountName: "Swag Studio Ltd",
    sortCode: "04-00-04",
    accountNumber: "12345678",
    iban: "GB33BUKB20201555555555",
  },
};
const goods = [
  {
    description: "Embroidered cap",
    details: ["Navy", "Front embroidery"],
    quantity: 50,
    unitPence: 550,
    netPence: 27500,
  },
  { description: "Hoodie", details: ["sizes M 10, L 15"], quantity: 25, unitPence: 1299, netPence: 32475 },
];

function document(
  kind: BusinessDocument["kind"],
  country = "GB",
  extra: Partial<BusinessDocument> = {},
): BusinessDocument {
  const totals = orderTotals({ lines: goods, shippingMethod: "standard", country, firstOrderDiscount: true });
  const lines = documentLines({ goods, totals, shippingMethod: "standard" });
  return {
    kind,
    number: "INV-2026-000042",
    issuedAt: new Date("2026-11-26T14:05:00Z"),
    facts: [
      { label: "Order", value: "SS-000042" },
      { label: "PO reference", value: "PO-7781" },
    ],
    buyer: {
      lines: ["Analytical Ltd", "Ada Lovelace", "1 Engine Street", "London", "N1 9GU", "United Kingdom"],
      vatNumber: "GB123456782",
    },
    deliverTo: ["Ada Lovelace", "2 Mill Lane", "Leeds", "LS1 4AP", "United Kingdom"],
    lines,
    totals: documentTotals(lines),
    notes: ["Paid in full by card."],
    ...extra,
  };
}

describe("renderDocumentPdf", () => {
  it("prints everything a full VAT invoice needs", async () => {
    const text = oneLine(await pdfText(await renderDocumentPdf(document("invoice"), business)));
    for (const expected of [
      "VAT invoice",
      "Number INV-2026-000042",
      "Date Thu, Nov 26, 2026",
      "Time of supply Thu, Nov 26, 2026, 14:05",
      "Order SS-000042",
      "PO reference PO-7781",
      // The seller: name, address, VAT number.
      "Swag Studio Ltd 4 Print Works Glasgow G1 1AA VAT registration number: GB980780684 Company number: SC123456",
      // The buyer: name, address, VAT number.
      "BILL TO Analytical Ltd Ada Lovelace 1 Engine Street London N1 9GU United Kingdom VAT number: GB123456782",
      "DELIVER TO Ada Lovelace 2 Mill Lane Leeds LS1 4AP United Kingdom",
      "Description Qty Unit ex VAT VAT rate VAT Amount ex VAT",
      // Each line: description, quantity, unit price ex VAT, VAT rate, VAT, amount ex VAT.
      "Embroidered cap Navy Front embroidery 50 £5.50 20% £55.00 £275.00",
      "Hoodie sizes M 10, L 15 25 £12.99 20% £64.95 £324.75",
      "First order discount (10%) 1 -£59.98 20% -£12.00 -£59.98",
      "Standard Shipping 1 £18.00 20% £3.60 £18.00",
      "Total excluding VAT £557.77 VAT £111.55 Total including VAT £669.32",
      "Paid in full by card.",
      "Registered in Scotland, company number SC123456",
      "Page 1 of 1",
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain("Pay by bank transfer");
  });

  it("says every line of an export is zero-rated", async () => {
    const text = oneLine(await pdfText(await renderDocumentPdf(document("invoice", "FR"), business)));
    expect(text).toContain("Embroidered cap Navy Front embroidery Zero-rated export 50 £5.50 0% £0.00 £275.00");
    expect(text).toContain("Standard Shipping Zero-rated export 1 £18.00 0% £0.00 £18.00");
    expect(text).toContain("Total excluding VAT £557.77 VAT £0.00 Total including VAT £557.77");
  });

  it("prints a pro-forma's bank details with the payment reference", async () => {
    const proforma = document("proforma", "GB", { number: "PF-2026-000007", bankTransferReference: "SS-000042" });
    const text = oneLine(await pdfText(await renderDocumentPdf(proforma, business)));
    expect(text).toContain("Pro-forma invoice");
    expect(text).toContain(
      "Pay by bank transfer Account name: Swag Studio Ltd Sort code: 04-00-04 Account number: 12345678 IBAN: GB33BUKB20201555555555 Payment reference: SS-000042",
    );
    expect(text).not.toContain("Time of supply");
  });

  it("titles quotes and credit notes, and addresses a quote to whom it was prepared for", async () => {
    const quote = oneLine(
      await pdfText(await renderDocumentPdf(document("quote", "GB", { number: "Q-2026-000123" }), business)),
    );
    expect(quote).toContain("Quote Number Q-2026-000123");
    expect(quote).toContain("PREPARED FOR Analytical Ltd");
    const credit = oneLine(await pdfText(await renderDocumentPdf(document("credit_note"), business)));
    expect(credit).toContain("Credit note");
  });

  it("carries a long order over pages, repeating the table's head and numbering every page", async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ ...goods[0]!, description: `Cap ${i + 1}` }));
    const totals = orderTotals({ lines: many, shippingMethod: "standard", country: "GB" });
    const lines = documentLines({ goods: many, totals, shippingMethod: "standard" });
    const text = await pdfText(
      await renderDocumentPdf(document("invoice", "GB", { lines, totals: documentTotals(lines) }), business),
    );
    const pages = text.split("\f");
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(oneLine(page)).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(oneLine(page)).toContain("Registered in Scotland");
      expect(oneLine(page)).toContain("Description Qty Unit ex VAT");
    });
    expect(oneLine(text)).toContain("Cap 40 ");
    expect(oneLine(pages.at(-1) ?? "")).toContain("Total including VAT");
  });
});
