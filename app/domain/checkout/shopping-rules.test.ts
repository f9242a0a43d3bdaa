import { findProductById } from "~/catalogue/catalogue";
import { describe, expect, it } from "vitest";
import { belowMinimumMessage, estimatedTotalPence, priceLine, sharedTierNote } from "./cart-rules";
import { addToList, shoppingSchemas, listLineToCart, toggleFavourite } from "./shopping-rules";
import { specProducts } from "../../../tests/setup/spec-catalogue";

const { cart: cartActionSchema, list: shoppingListActionSchema } = shoppingSchemas(specProducts);

describe("toggleFavourite", () => {
  it("adds when absent, removes when present", () => {
    expect(toggleFavourite([], "8")).toEqual(["8"]);
    expect(toggleFavourite(["8", "15"], "8")).toEqual(["15"]);
  });
});

describe("addToList", () => {
  it("updates an existing product's quantity and notes, else appends", () => {
    const list = [{ productId: "8", quantity: 50, notes: "" }];
    expect(addToList(list, { productId: "8", quantity: 120, notes: "for the offsite" })).toEqual([
      { productId: "8", quantity: 120, notes: "for the offsite" },
    ]);
    expect(addToList(list, { productId: "16", quantity: 60, notes: "" })).toHaveLength(2);
  });
});

describe("pricing lines", () => {
  const tiersOf = (id: string) => findProductById(id)?.tiers ?? [];
  it("re-prices by tier at the quantity", () => {
    expect(priceLine(tiersOf("8"), 399)).toEqual({ unitPence: 550, totalPence: 219_450 });
    expect(priceLine(tiersOf("8"), 400)).toEqual({ unitPence: 388, totalPence: 155_200 });
    expect(priceLine(tiersOf("15"), 99)).toEqual({ unitPence: 920, totalPence: 91_080 });
  });
  it("says why a colour is priced with the product's other colours (decision 086)", () => {
    expect(sharedTierNote(tiersOf("8"), 400, 2)).toBe(
      "Priced with this product's other colours: 400 in all, at the 400+ price.",
    );
    expect(sharedTierNote(tiersOf("8"), 1250, 3)).toBe(
      "Priced with this product's other colours: 1,250 in all, at the 400+ price.",
    );
    expect(sharedTierNote(tiersOf("8"), 200, 1)).toBeNull();
  });
  it("says a quantity below the MOQ needs its quote (decision 087)", () => {
    expect(belowMinimumMessage("Custom Embroidered Cap", 30, 50)).toBe(
      "30 × Custom Embroidered Cap was agreed at the price of a quote that no longer applies. Change the quantity in your cart to at least 50.",
    );
  });
  it("sums goods only for the estimated total", () => {
    expect(
      estimatedTotalPence([
        { tiers: tiersOf("8"), quantity: 50 },
        { tiers: tiersOf("16"), quantity: 50 },
      ]),
    ).toBe(27_500 + 11_200);
    expect(estimatedTotalPence([])).toBe(0);
  });
});

describe("cart actions", () => {
  const add = (over: Record<string, string>) =>
    cartActionSchema.safeParse({
      intent: "add",
      productId: "8",
      quantity: "50",
      selectedColor: "#111111",
      customizationSelections: JSON.stringify(["Front embroidery"]),
      ...over,
    });
  it("accepts a valid line", () => {
    const result = add({ selectedColor: "#111111" });
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  });
  it("refuses unknown products, quantities outside [MOQ, max], colours and options the product lacks", () => {
    expect(add({ productId: "999" }).error?.issues[0]?.message).toBe("We don't sell that product.");
    expect(add({ selectedColor: "#111111", quantity: "49" }).error?.issues[0]?.message).toBe(
      "Order between 50 and 10,000 of Custom Embroidered Cap.",
    );
    expect(add({ selectedColor: "#111111", quantity: "10001" }).success).toBe(false);
    expect(add({ selectedColor: "#111111", quantity: "-5" }).success).toBe(false);
    expect(add({ selectedColor: "#111111", quantity: "abc" }).error?.issues[0]?.message).toBe("Enter a whole number.");
    for (const quantity of ["0x32", "1e2", "50.0", " ", "", "5 0"]) {
      expect(add({ selectedColor: "#111111", quantity }).error?.issues[0]?.message, quantity).toBe(
        "Enter a whole number.",
      );
    }
    expect(add({ selectedColor: "#111111", quantity: " 60 " }).success).toBe(true);
    expect(add({ selectedColor: "#123456" }).error?.issues[0]?.message).toBe("Choose one of this product's colours.");
    expect(
      add({ selectedColor: "#111111", customizationSelections: '["Gold plating"]' }).error?.issues[0]?.message,
    ).toBe("Choose from this product's customisations.");
    expect(add({ selectedColor: "#111111", customizationSelections: "[]" }).error?.issues[0]?.message).toBe(
      "Choose at least one customisation.",
    );
    expect(add({ selectedColor: "#111111", customizationSelections: "{bad json" }).success).toBe(false);
    expect(add({ selectedColor: "#111111", handwrittenNote: "true" }).error?.issues[0]?.message).toBe(
      "This product can't carry a handwritten note.",
    );
  });
  it("takes a sized product's split when it adds up to the quantity, or none at all", () => {
    const shorts = (sizes?: unknown) =>
      add({
        productId: "15",
        quantity: "100",
        selectedColor: "#f26b12",
        customizationSelections: JSON.stringify(["Leg logo print"]),
        ...(sizes === undefined ? {} : { sizes: JSON.stringify(sizes) }),
      });
    const sizesOf = (result: ReturnType<typeof shorts>) => (result.data?.intent === "add" ? result.data.sizes : null);
    expect(sizesOf(shorts())).toEqual([]);
    const split = [
      { size: "M", count: 60 },
      { size: "L", count: 40 },
    ];
    expect(sizesOf(shorts(split))).toEqual(split);
    expect(shorts([{ size: "M", count: 90 }]).error?.issues[0]?.message).toBe(
      "Sizes add up to 90; the quantity is 100.",
    );
    expect(shorts([{ size: "3XL", count: 100 }]).error?.issues[0]?.message).toBe(
      "Choose from sizes XS, S, M, L, XL or XXL.",
    );
    expect(shorts([{ size: "M", count: 100.5 }]).error?.issues[0]?.message).toBe(
      "Enter a whole number of M (0 or more).",
    );
    expect(shorts({ M: 100 }).error?.issues[0]?.message).toBe("Sizes must be a list of sizes and counts.");
    expect(shorts("[[").error?.issues[0]?.message).toBe("Sizes must be a list of sizes and counts.");
    expect(add({ sizes: JSON.stringify([{ size: "M", count: 50 }]) }).error?.issues[0]?.message).toBe(
      "The Custom Embroidered Cap doesn't come in sizes.",
    );
  });
  it("refuses over-long notes and blank feedback, saying the limit", () => {
    expect(add({ selectedColor: "#111111", notes: "x".repeat(501) }).error?.issues[0]?.message).toBe(
      "Notes can be at most 500 characters.",
    );
    expect(cartActionSchema.safeParse({ intent: "feedback", text: "   " }).error?.issues[0]?.message).toBe(
      "Write something first.",
    );
    expect(cartActionSchema.safeParse({ intent: "feedback", text: "Great" }).success).toBe(true);
  });
  it("takes a need-by date, or an empty one to remove it, leaving the date itself to need-by.ts", () => {
    for (const needBy of ["2026-12-18", "", "soon"]) {
      expect(cartActionSchema.safeParse({ intent: "need-by", needBy }).success, needBy).toBe(true);
    }
    expect(cartActionSchema.safeParse({ intent: "need-by" }).success).toBe(false);
    expect(cartActionSchema.safeParse({ intent: "need-by", needBy: "9".repeat(41) }).error?.issues[0]?.message).toBe(
      "Enter a real date.",
    );
  });
});

describe("shopping list actions", () => {
  it("uses the MOQ as the minimum", () => {
    expect(shoppingListActionSchema.safeParse({ intent: "add", productId: "16", quantity: "49" }).success).toBe(false);
    expect(shoppingListActionSchema.safeParse({ intent: "add", productId: "16", quantity: "25000" }).success).toBe(
      true,
    );
    expect(
      shoppingListActionSchema.safeParse({ intent: "update", id: "not-a-uuid", productId: "16", quantity: "60" })
        .success,
    ).toBe(false);
  });

  const add = (over: Record<string, string>) =>
    shoppingListActionSchema.safeParse({ intent: "add", productId: "16", quantity: "60", ...over });

  it("keeps the colour, customisations and handwritten note chosen on the product page", () => {
    expect(
      add({
        selectedColor: "#1F2A56",
        customizationSelections: JSON.stringify(["Debossed cover logo", "Ribbon colour"]),
        handwrittenNote: "true",
      }).data,
    ).toMatchObject({
      selectedColor: "#1F2A56",
      customizationSelections: ["Debossed cover logo", "Ribbon colour"],
      handwrittenNote: true,
    });
  });

  it("lets a list line wait for its colour and customisations", () => {
    expect(add({}).data).toMatchObject({ selectedColor: "", customizationSelections: [], handwrittenNote: false });
  });

  it("refuses choices the product does not offer", () => {
    expect(add({ selectedColor: "#123456" }).error?.issues[0]?.message).toBe("Choose one of this product's colours.");
    expect(add({ customizationSelections: '["Front embroidery"]' }).error?.issues[0]?.message).toBe(
      "Choose from this product's customisations.",
    );
    expect(
      shoppingListActionSchema.safeParse({ intent: "add", productId: "8", quantity: "60", handwrittenNote: "true" })
        .error?.issues[0]?.message,
    ).toBe("This product can't carry a handwritten note.");
  });

  it("takes Add to cart for one row or for all", () => {
    const id = "6b1f0c56-3f8e-4c43-9a53-3d8b4b2b8e11";
    expect(shoppingListActionSchema.safeParse({ intent: "to-cart", id }).success).toBe(true);
    expect(shoppingListActionSchema.safeParse({ intent: "to-cart", id: "7" }).success).toBe(false);
    expect(shoppingListActionSchema.safeParse({ intent: "all-to-cart" }).success).toBe(true);
  });
});

describe("listLineToCart", () => {
  const line = {
    productId: "16",
    quantity: 120,
    notes: "For the onboarding packs",
    selectedColor: "#1f2a56",
    customizationSelections: ["Debossed cover logo"],
    handwrittenNote: true,
  };

  it("is the cart's own Add to Cart line, with the row's quantity, colour, customisations, note and notes", () => {
    const result = listLineToCart(line, specProducts);
    expect(result.success).toBe(true);
    // A list keeps no sizes: a sized product's split is given at step 2.
    expect(result.data).toEqual({ intent: "add", ...line, sizes: [] });
  });

  it("refuses a row without a colour or a customisation, with the cart's reasons", () => {
    expect(listLineToCart({ ...line, selectedColor: "" }, specProducts).error?.issues[0]?.message).toBe(
      "Choose one of this product's colours.",
    );
    expect(listLineToCart({ ...line, customizationSelections: [] }, specProducts).error?.issues[0]?.message).toBe(
      "Choose at least one customisation.",
    );
  });

  it("applies the cart's MOQ", () => {
    expect(listLineToCart({ ...line, quantity: 10 }, specProducts).error?.issues[0]?.message).toBe(
      "Order between 50 and 25,000 of Branded A5 Diary.",
    );
  });
});

describe("the products on sale decide", () => {
  const onlyDiary = (id: string) => (id === "16" ? specProducts(id) : undefined);
  const add = { intent: "add", productId: "8", quantity: "50", selectedColor: "#111111" };

  it("refuses a line, a list row and a favourite of a product not on sale, and takes one that is", () => {
    const schemas = shoppingSchemas(onlyDiary);
    const refused = schemas.cart.safeParse({ ...add, customizationSelections: '["Front embroidery"]' });
    expect(refused.error?.issues[0]?.message).toBe("We don't sell that product.");
    expect(schemas.list.safeParse({ ...add, notes: "" }).success).toBe(false);
    expect(schemas.favourite.safeParse({ intent: "toggle", productId: "8" }).success).toBe(false);
    expect(schemas.favourite.safeParse({ intent: "toggle", productId: "16" }).success).toBe(true);
  });

  it("builds the schemas once per catalogue", () => {
    expect(shoppingSchemas(onlyDiary)).toBe(shoppingSchemas(onlyDiary));
    expect(shoppingSchemas(specProducts)).not.toBe(shoppingSchemas(onlyDiary));
  });
});
