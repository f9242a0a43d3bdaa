import { describe, expect, it } from "vitest";
import { PRODUCTS } from "~/catalogue/catalogue";
import type { StoredProduct } from "~/catalogue/types";
import { bandsText, CATALOGUE_CSV_HEADER, catalogueCsv } from "./catalogue-csv";

/** The spec's products as the database holds them (migration 0033's URL names). */
const SLUGS: Record<string, string> = {
  "8": "custom-embroidered-cap",
  "15": "custom-running-shorts",
  "16": "branded-a5-diary",
  "17": "custom-yoga-mat",
};
const products: StoredProduct[] = PRODUCTS.map((product) => ({
  ...product,
  slug: SLUGS[product.id] ?? product.id,
  sku: null,
  demo: false,
  status: "published",
  version: 1,
}));
const cap = products.find((p) => p.id === "8")!;

describe("catalogueCsv", () => {
  it("writes a header and one row per product, in catalogue order, the bands and colours as a person types them", () => {
    const lines = catalogueCsv(products).split("\r\n");
    expect(lines[0]).toBe(CATALOGUE_CSV_HEADER.join(","));
    expect(lines).toHaveLength(products.length + 2);
    expect(lines.at(-1)).toBe("");
    expect(lines.slice(1, -1).map((line) => line.split(",")[0])).toEqual(products.map((p) => p.id));
    const row = lines[1]!;
    expect(row.startsWith("8,custom-embroidered-cap,,published,Custom Embroidered Cap,Hats,")).toBe(true);
    expect(row).toContain(",50,3.5 weeks,5-7 days,Hot; Low MOQ,50-399 5.50; 400+ 3.88,Black #111111; White #ffffff;");
    expect(row.endsWith(",3")).toBe(true);
  });

  it("keeps a title that looks like a formula from running as one, and quotes what needs quoting", () => {
    const csv = catalogueCsv([{ ...cap, title: '=HYPERLINK("http://evil.example")', sku: "BTC, 123" }]);
    const row = csv.split("\r\n")[1]!;
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(row).toContain('"BTC, 123"');
  });
});

describe("bandsText", () => {
  it("writes a closed last band with its end, and a band of one quantity as from-to", () => {
    expect(bandsText(cap.tiers)).toBe("50-399 5.50; 400+ 3.88");
    expect(
      bandsText([
        { label: "50", min: 50, max: 51, unitPence: 600 },
        { label: "51–100", min: 51, max: 100, unitPence: 500 },
      ]),
    ).toBe("50-50 6.00; 51-100 5.00");
  });
});
