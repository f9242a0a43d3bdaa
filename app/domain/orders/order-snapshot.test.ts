import { describe, expect, it } from "vitest";
import { draftDataSchema } from "../checkout/draft-schemas";
import {
  orderEta,
  promisedDeliveryDate,
  readOrderLineSnapshot,
  readOrderSnapshot,
  splitDraftData,
} from "./order-snapshot";
import { soldColourName } from "./sold-colours";
import { describeLines } from "../fulfilment/orders";

const data = draftDataSchema.parse({
  product_id: "8",
  quantity: 250,
  variant: { color_hex: "#1B2A4A" },
  branding: { method: "embroidery", placement: "Front", placement_details: "Centred" },
  proof: { preference: "manufacturer_mockup" },
  artwork: { email_later: true },
  confirm: { rights_confirmed: true, lead_time_acknowledged: true },
  notes: "Navy thread",
  handwritten_note: true,
  customization_selections: ["Front embroidery"],
  details: { contact_name: "Jane Smith", email: "jane@acme.example", po_ref: "PO-77" },
  shipping: { address: { line1: "2 Dock Road", city: "Leeds", country: "GB" }, method: "express" },
  proof_acknowledged: true,
});
const cap = { id: "8", title: "Custom Embroidered Cap", leadTime: "3.5 weeks", deliveryTime: "5-7 days" };
const shorts = { id: "12", title: "Shorts", leadTime: "10 days", deliveryTime: "1-30 days" };

describe("soldColourName", () => {
  const sold = { colours: [{ name: "Navy", hex: "#1f2a56" }] };
  it("names a line's colour as the product was sold, whatever the case, and nothing it was not sold in", () => {
    expect(soldColourName(sold, "#1F2A56")).toBe("Navy");
    expect(soldColourName(sold, "#111111")).toBeUndefined();
    expect(soldColourName({ colours: [] }, "#1f2a56")).toBeUndefined();
  });
});

describe("splitDraftData", () => {
  it("gives the line every customisation field and the order everything else, with nothing in both", () => {
    const { order, line } = splitDraftData(data, cap);
    expect(Object.keys(line.customization).sort()).toEqual([
      "artwork",
      "branding",
      "confirm",
      "customization_selections",
      "handwritten_note",
      "notes",
      "product_id",
      "proof",
      "quantity",
      "sizes",
      "variant",
    ]);
    expect(Object.keys(order.data).sort()).toEqual([
      "details",
      "eta",
      "proof_acknowledged",
      "shipping",
      "status",
      "totals",
    ]);
    const together = { ...order.data, ...line.customization };
    expect(draftDataSchema.parse(together)).toEqual(data);
    // Sold before colours and bands were kept with the product: none, rather than today's.
    expect(line.product).toEqual({ ...cap, colours: [], tiers: [] });
  });

  it("reads back what it wrote, and names the order when a stored snapshot does not fit", () => {
    const { order, line } = splitDraftData(data, cap);
    expect(readOrderSnapshot("SS-000001", JSON.parse(JSON.stringify(order)))).toEqual(order);
    expect(readOrderLineSnapshot("SS-000001", JSON.parse(JSON.stringify(line)))).toEqual(line);
    expect(() => readOrderLineSnapshot("SS-000002", { customization: {} })).toThrow(/SS-000002/);
    expect(() => readOrderSnapshot("SS-000003", null)).toThrow(/SS-000003/);
  });
});

describe("orderEta and promisedDeliveryDate (the latest of the lines')", () => {
  const now = new Date("2026-11-20T12:00:00Z");

  it("takes the slowest line's window for the method bought, standard when none was stored", () => {
    expect(orderEta({ method: "express", products: [cap] }, now)).toEqual({ start: "2026-12-23", end: "2026-12-29" });
    expect(orderEta({ method: "express", products: [cap, shorts] }, now)).toEqual({
      start: "2026-12-23",
      end: "2027-01-20",
    });
    expect(orderEta({ method: null, products: [cap] }, now)).toEqual(
      orderEta({ method: "standard", products: [cap] }, now),
    );
    expect(promisedDeliveryDate({ method: "express", products: [shorts, cap] }, now)).toBe("2027-01-20");
  });

  it("refuses an order without lines", () => {
    expect(() => orderEta({ method: "express", products: [] }, now)).toThrow(/at least one product/);
  });
});

describe("describeLines", () => {
  it("lists each line as quantity × title, with thousands separated", () => {
    expect(describeLines([{ title: "Cap", quantity: 250 }])).toBe("250 × Cap");
    expect(
      describeLines([
        { title: "Cap", quantity: 1200 },
        { title: "Shorts", quantity: 100 },
      ]),
    ).toBe("1,200 × Cap, 100 × Shorts");
  });
});
