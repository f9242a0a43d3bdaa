import { describe, expect, it } from "vitest";
import {
  appliedCharges,
  chargeCondition,
  chargeLine,
  chargesPence,
  chargeText,
  chargeTotalPence,
  type ProductCharge,
  readChargeLines,
} from "./charges";

const setUp: ProductCharge = { name: "Set-up fee", pence: 2500, per: "order", when: "" };
const digitising: ProductCharge = { name: "Digitising", pence: 2000, per: "order", when: "embroidery" };
const backPrint: ProductCharge = { name: "Back print", pence: 30, per: "unit", when: "Back print" };
const cap = {
  branding: { default: "embroidery" as const },
  charges: [setUp, digitising, backPrint],
};

describe("appliedCharges (decision 088)", () => {
  it("takes the charges on every line, the method's (the default until one is chosen) and the customisations'", () => {
    expect(appliedCharges(cap, {})).toEqual([setUp, digitising]);
    expect(appliedCharges(cap, { method: "dtf" })).toEqual([setUp]);
    expect(appliedCharges(cap, { method: "embroidery", selections: ["Back print", "Front embroidery"] })).toEqual([
      setUp,
      digitising,
      backPrint,
    ]);
  });

  it("gives none for a product without charges, as the spec's four are", () => {
    expect(appliedCharges({ branding: { default: "embroidery" } }, { selections: ["Back print"] })).toEqual([]);
  });
});

describe("what charges cost", () => {
  it("counts per unit by the quantity and per order once", () => {
    // 200 × £0.30 = £60.00; £25.00 once.
    expect(chargeTotalPence(backPrint, 200)).toBe(6000);
    expect(chargeTotalPence(setUp, 200)).toBe(2500);
    // £25.00 + £20.00 + £60.00 = £105.00.
    expect(chargesPence([setUp, digitising, backPrint], 200)).toBe(10_500);
    expect(chargesPence([], 200)).toBe(0);
  });

  it("names them for the pages and the documents", () => {
    expect(chargeText(setUp)).toBe("Set-up fee: £25.00 per order");
    expect(chargeText(backPrint)).toBe("Back print: +£0.30 per unit");
    expect(chargeCondition(setUp)).toBe("");
    expect(chargeCondition(digitising)).toBe("with Embroidery");
    expect(chargeCondition(backPrint)).toBe("with Back print");
  });
});

describe("readChargeLines: the editor's text area", () => {
  const offered = { methods: ["embroidery", "dtf"] as const, options: ["Back print", "Front embroidery"] };

  it("reads each line, the method by its name and a customisation by its title, whatever their case", () => {
    const text =
      "Set-up fee | 25 | per order\n\n Digitising | 20.00 | Per Order | embroidery \nBack print | 0.30 | per unit | back print";
    expect(readChargeLines(text, offered)).toEqual({ ok: true, charges: [setUp, digitising, backPrint] });
    expect(readChargeLines("", offered)).toEqual({ ok: true, charges: [] });
  });

  it("writes charges back as the lines it reads", () => {
    const lines = [setUp, digitising, backPrint].map(chargeLine);
    expect(lines).toEqual([
      "Set-up fee | 25.00 | per order",
      "Digitising | 20.00 | per order | Embroidery",
      "Back print | 0.30 | per unit | Back print",
    ]);
    expect(readChargeLines(lines.join("\n"), offered)).toEqual({ ok: true, charges: [setUp, digitising, backPrint] });
  });

  it.each([
    ["Set-up fee", "Charge 1: write it as Name | price | per unit or per order | what it applies to (optional)."],
    [
      "Set-up fee | 25 | per order | | extra",
      "Charge 1: write it as Name | price | per unit or per order | what it applies to (optional).",
    ],
    ["Set-up fee | 0 | per order", "Charge 1: enter a price above £0 and up to £10,000, such as 25.00."],
    ["Set-up fee | 25.001 | per order", "Charge 1: enter a price above £0 and up to £10,000, such as 25.00."],
    ["Set-up fee | 10000.01 | per order", "Charge 1: enter a price above £0 and up to £10,000, such as 25.00."],
    ["Set-up fee | £25 | per order", "Charge 1: enter a price above £0 and up to £10,000, such as 25.00."],
    ["Set-up fee | 25 | each", 'Charge 1: say "per unit" or "per order".'],
    [
      "Set-up fee | 25 | per order\nFoil | 1 | per unit | Laser engraving",
      'Charge 2: "Laser engraving" is not a branding method or customisation of this product.',
    ],
    [`${"x".repeat(61)} | 25 | per order`, "Charge 1: keep its name under 60 characters."],
  ])("refuses %j, naming the line", (text, message) => {
    expect(readChargeLines(text, offered)).toEqual({ ok: false, message });
  });

  it("takes at most 10", () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `Fee ${i} | 1 | per order`).join("\n");
    expect(readChargeLines(eleven, offered)).toEqual({ ok: false, message: "Enter at most 10 charges." });
  });
});
