import { describe, expect, it } from "vitest";
import { findProductById } from "~/catalogue/catalogue";
import { cartAddFormFromSearch, choicesFromSearch, productPathWithChoices } from "./product-choices";
import { shoppingSchemas } from "../checkout/shopping-rules";
import { specProducts } from "../../../tests/setup/spec-catalogue";

const cartActionSchema = shoppingSchemas(specProducts).cart;

const shorts = findProductById("15")!;
const cap = findProductById("8")!;
const orange = { quantity: 60, colour: "#f26b12", selections: ["Leg logo print"], handwrittenNote: false };
const split = [
  { size: "M", count: 40 },
  { size: "L", count: 20 },
];
const searchOf = (path: string) => new URL(path, "http://shop.local").searchParams;

describe("product choices in an address", () => {
  it("come back as they were chosen: orange, 60 and the size split", () => {
    const path = productPathWithChoices("15", { ...orange, sizes: split }, { add: true });
    expect(path).toBe("/product/15?quantity=60&colour=f26b12&option=Leg+logo+print&sizes=M%3A40%2CL%3A20&add=1");
    expect(choicesFromSearch(shorts, searchOf(path))).toEqual({ ...orange, sizes: split });
  });

  it("an address without choices gives the page's defaults", () => {
    expect(choicesFromSearch(shorts, new URLSearchParams())).toEqual({
      quantity: 50,
      colour: null,
      selections: [],
      handwrittenNote: false,
      sizes: [],
    });
  });

  it("keep only what the product offers", () => {
    const params = searchOf(
      "/product/15?quantity=10&colour=2c6bdb&option=Front+embroidery&option=Leg+logo+print&note=1&sizes=M:40,XXXL:20",
    );
    // Below the MOQ, another product's colour and option, a note the shorts can't carry, a size they don't come in.
    expect(choicesFromSearch(shorts, params)).toEqual({
      quantity: 50,
      colour: null,
      selections: ["Leg logo print"],
      handwrittenNote: false,
      sizes: [],
    });
    expect(choicesFromSearch(shorts, searchOf("/p?quantity=0x40&sizes=M:1e2"))).toMatchObject({
      quantity: 50,
      sizes: [],
    });
    expect(choicesFromSearch(cap, searchOf("/p?quantity=99999999&colour=F26B12")).colour).toBe("#f26b12");
    expect(choicesFromSearch(cap, searchOf("/p?quantity=99999999")).quantity).toBe(cap.moq);
  });

  it("a pending Add to Cart is judged by the cart's own schema", () => {
    const ok = cartActionSchema.safeParse(
      cartAddFormFromSearch("15", searchOf(productPathWithChoices("15", { ...orange, sizes: split }))),
    );
    expect(ok.success && ok.data).toMatchObject({
      intent: "add",
      productId: "15",
      quantity: 60,
      selectedColor: "#f26b12",
      sizes: split,
    });
    const accepted = (query: string) =>
      cartActionSchema.safeParse(cartAddFormFromSearch("15", searchOf(`/product/15?${query}`))).success;
    expect(accepted("quantity=10&colour=f26b12&option=Leg+logo+print")).toBe(false);
    expect(accepted("quantity=60&colour=2c6bdb&option=Leg+logo+print")).toBe(false);
    expect(accepted("quantity=60&colour=f26b12")).toBe(false);
    expect(accepted("quantity=60&colour=f26b12&option=Leg+logo+print&sizes=M:40")).toBe(false);
    expect(accepted("quantity=60&colour=f26b12&option=Leg+logo+print&sizes=M;40")).toBe(false);
    expect(accepted("quantity=60&colour=f26b12&option=Leg+logo+print")).toBe(true);
  });
});
