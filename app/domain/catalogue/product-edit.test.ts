import { describe, expect, it } from "vitest";
import {
  changesBetween,
  colourField,
  EDIT_MESSAGES,
  editFields,
  newProductFields,
  type ProductEdit,
  readProductEdit as readEdit,
  tagField,
  tierField,
  tiersText,
} from "./product-edit";
import { NEW_PRODUCT_DETAILS } from "./product-details-edit";
import { SPEC_CATEGORIES } from "~/catalogue/categories";

/** The editor's rule over the spec's six categories (docs/decisions/068-categories-are-data.md). */
const readProductEdit = (fields: Record<string, string>) =>
  readEdit(
    fields,
    SPEC_CATEGORIES.map((category) => category.name),
  );

const CAP: ProductEdit = {
  title: "Custom Embroidered Cap",
  slug: "custom-embroidered-cap",
  sku: null,
  description: "A six-panel cap with your logo embroidered on the front.",
  category: "Hats",
  moq: 50,
  leadTime: "2-3 weeks",
  deliveryTime: "3-5 days",
  tags: ["Hot"],
  tiers: [
    { from: 50, to: 99, unitPence: 550 },
    { from: 100, to: 399, unitPence: 520 },
    { from: 400, to: null, unitPence: 480 },
  ],
  colours: [
    { name: "Black", hex: "#111111" },
    { name: "Navy", hex: "#1f2a56" },
  ],
  details: {
    ...NEW_PRODUCT_DETAILS,
    branding: { methods: ["embroidery", "none"], default: "embroidery" },
    customizationOptions: [{ title: "Side embroidery", subtitle: "Up to 5 cm wide" }],
    features: ["Six panels", "Adjustable strap"],
  },
};

const fieldsWith = (changes: Record<string, string | undefined>) => {
  const fields: Record<string, string> = { ...editFields(CAP) };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete fields[name];
    else fields[name] = value;
  }
  return fields;
};

const errorsOf = (fields: Record<string, string>) => {
  const read = readProductEdit(fields);
  if (read.ok) throw new Error("expected the edit to be refused");
  return read.fieldErrors;
};

describe("readProductEdit", () => {
  it("reads a product's own fields back as it was saved", () => {
    expect(readProductEdit(editFields(CAP))).toEqual({ ok: true, edit: CAP, warnings: [] });
  });

  it("trims text, lower-cases the URL name, takes a £ before a price and an empty reference as none", () => {
    const read = readProductEdit(
      fieldsWith({
        title: "  Steel Bottle  ",
        slug: "Steel-Bottle",
        sku: "  ",
        [tierField(0, "price")]: "£5.5",
      }),
    );
    expect(read.ok && read.edit).toMatchObject({
      title: "Steel Bottle",
      slug: "steel-bottle",
      sku: null,
      tiers: [{ from: 50, to: 99, unitPence: 550 }, expect.anything(), expect.anything()],
    });
  });

  it("says what each field needs, by the field's name", () => {
    expect(
      errorsOf(
        fieldsWith({
          title: "",
          slug: "steel bottle",
          category: "Boats",
          moq: "0",
          leadTime: "x".repeat(61),
          deliveryTime: undefined,
          description: "d".repeat(4001),
        }),
      ),
    ).toEqual({
      title: "Enter the title.",
      slug: "Use lower-case letters, digits and single hyphens, such as steel-bottle.",
      category: "Choose a category from the list.",
      moq: "Enter a minimum order from 1 to 100,000.",
      leadTime: "Keep the lead time to 60 characters.",
      deliveryTime: "Enter the delivery time.",
      description: "Keep the description to 4,000 characters.",
    });
  });

  it("refuses a URL name of digits alone, which would read as another product's number", () => {
    expect(errorsOf(fieldsWith({ slug: "15" })).slug).toBe(
      "A URL name needs a letter, so it can't be mistaken for a product number.",
    );
  });

  it("refuses a minimum order that is not a whole number", () => {
    for (const moq of ["", "abc", "1.5", "-3", "1000000"]) expect(errorsOf(fieldsWith({ moq })).moq, moq).toBeTruthy();
  });

  it("says which band's field is wrong, numbered as the bands are", () => {
    expect(
      errorsOf(
        fieldsWith({
          [tierField(0, "from")]: "fifty",
          [tierField(1, "to")]: "lots",
          [tierField(2, "price")]: "4.805",
        }),
      ),
    ).toEqual({
      [tierField(0, "from")]: 'Band 1: "from" must be a whole number of units, up to 1,000,000.',
      [tierField(1, "to")]: 'Band 2: "to" must be a whole number of units, or empty for an open band.',
      [tierField(2, "price")]: "Band 3: enter the unit price in pounds, such as 5.50, up to £10,000.",
    });
  });

  it("refuses a unit price of nothing or over £10,000", () => {
    for (const price of ["0", "0.00", "10000.01", "99999"]) {
      expect(errorsOf(fieldsWith({ [tierField(0, "price")]: price })), price).toHaveProperty(tierField(0, "price"));
    }
  });

  it("checks the bands as a table against the minimum order, on the field at fault", () => {
    expect(errorsOf(fieldsWith({ moq: "60" }))).toEqual({
      [tierField(0, "from")]: "Band 1 starts at 50, but the minimum order is 60: start it at 60.",
    });
    expect(errorsOf(fieldsWith({ [tierField(1, "from")]: "90" }))).toEqual({
      [tierField(1, "from")]: "Band 2 (90–399) overlaps band 1 (50–99): start it at 100.",
    });
    expect(errorsOf(fieldsWith({ [tierField(1, "to")]: "" }))).toEqual({
      [tierField(1, "to")]: "Band 2: only the last band can be open-ended.",
    });
  });

  it("saves a band dearer than the one before, or a gap, with a warning", () => {
    const read = readProductEdit(fieldsWith({ [tierField(2, "price")]: "5.60", [tierField(2, "from")]: "500" }));
    expect(read).toMatchObject({
      ok: true,
      warnings: [
        "No band prices 400–499 units: they are charged at 100–399's price.",
        "500+ costs more per unit than 100–399 (£5.60 against £5.20).",
      ],
    });
  });

  it("ignores rows left empty, the spare row the editor shows included, wherever they are", () => {
    const read = readProductEdit(
      fieldsWith({
        [tierField(5, "from")]: "",
        [tierField(5, "to")]: "",
        [tierField(5, "price")]: "",
        [tierField(1, "from")]: "",
        [tierField(1, "to")]: "",
        [tierField(1, "price")]: "",
        [tierField(0, "to")]: "399",
      }),
    );
    expect(read.ok && read.edit.tiers).toEqual([
      { from: 50, to: 399, unitPence: 550 },
      { from: 400, to: null, unitPence: 480 },
    ]);
  });

  it("needs a band, and refuses more than 20", () => {
    const none = fieldsWith({});
    for (const name of Object.keys(none)) if (name.startsWith("tier-")) delete none[name];
    expect(errorsOf(none)).toEqual({ tiers: "Add at least one price band." });

    const many = fieldsWith({});
    for (let index = 0; index < 21; index += 1) {
      many[tierField(index, "from")] = String(50 + index * 10);
      many[tierField(index, "to")] = String(59 + index * 10);
      many[tierField(index, "price")] = "5.00";
    }
    expect(errorsOf(many)).toEqual({ tiers: "A product can have at most 20 price bands." });
  });

  it("takes the tags that are ticked, and only the shop's", () => {
    const read = readProductEdit(
      fieldsWith({ [tagField("Hot")]: undefined, [tagField("Low MOQ")]: "on", "tag-Free": "on" }),
    );
    expect(read.ok && read.edit.tags).toEqual(["Low MOQ"]);
  });

  it("reads the colours in order, their colour lower-cased, and leaves out rows without a name", () => {
    const read = readProductEdit(
      fieldsWith({
        [colourField(1, "hex")]: "#1F2A56",
        [colourField(5, "name")]: "",
        [colourField(5, "hex")]: "#000000",
        [colourField(7, "name")]: " Forest Green ",
        [colourField(7, "hex")]: "#1f5f3f",
      }),
    );
    expect(read.ok && read.edit.colours).toEqual([
      { name: "Black", hex: "#111111" },
      { name: "Navy", hex: "#1f2a56" },
      { name: "Forest Green", hex: "#1f5f3f" },
    ]);
  });

  it("says which colour is wrong: a name twice, too long a name, a colour that is not #rrggbb, or none at all", () => {
    expect(
      errorsOf(
        fieldsWith({
          [colourField(1, "name")]: "black",
          [colourField(2, "name")]: "x".repeat(41),
          [colourField(2, "hex")]: "red",
        }),
      ),
    ).toEqual({
      [colourField(1, "name")]: 'Colour 2: "black" is already a colour of this product.',
      [colourField(2, "name")]: "Colour 3: keep its name to 40 characters.",
      [colourField(2, "hex")]: "Colour 3: choose its colour, such as #1f2a56.",
    });
    expect(errorsOf(fieldsWith({ [colourField(0, "name")]: "", [colourField(1, "name")]: "" }))).toEqual({
      colours: "Add at least one colour.",
    });
  });

  it("says the form needs checking when anything is refused", () => {
    expect(readProductEdit(fieldsWith({ title: "" }))).toMatchObject({ ok: false, message: EDIT_MESSAGES.fix });
  });
});

describe("changesBetween", () => {
  it("records nothing when nothing changed", () => {
    expect(changesBetween(CAP, { ...CAP, tiers: CAP.tiers.map((row) => ({ ...row })) })).toEqual([]);
  });

  it("records each changed field in the editor's order, as the operator would read it", () => {
    const after: ProductEdit = {
      ...CAP,
      title: "Embroidered Cap",
      sku: "BTC-123",
      tags: [],
      tiers: [
        { from: 50, to: 99, unitPence: 550 },
        { from: 100, to: null, unitPence: 500 },
      ],
    };
    expect(changesBetween(CAP, after)).toEqual([
      { field: "Title", oldValue: "Custom Embroidered Cap", newValue: "Embroidered Cap" },
      { field: "Supplier reference", oldValue: null, newValue: "BTC-123" },
      { field: "Tags", oldValue: "Hot", newValue: null },
      {
        field: "Price bands",
        oldValue: "50–99 £5.50; 100–399 £5.20; 400+ £4.80",
        newValue: "50–99 £5.50; 100+ £5.00",
      },
    ]);
  });
});

describe("changesBetween: colours", () => {
  it("records the colours as a list of names and colours", () => {
    expect(changesBetween(CAP, { ...CAP, colours: [{ name: "Navy", hex: "#1f2a56" }] })).toEqual([
      { field: "Colours", oldValue: "Black #111111; Navy #1f2a56", newValue: "Navy #1f2a56" },
    ]);
  });
});

describe("tiersText", () => {
  it("writes a band of one quantity as that quantity", () => {
    expect(tiersText([{ from: 50, to: 50, unitPence: 600 }])).toBe("50 £6.00");
  });
});

describe("the shop's categories", () => {
  it("takes a category the shop has, hidden or not, and refuses one it has not", () => {
    const fields = editFields(CAP);
    expect(readEdit({ ...fields, category: "Tech" }, ["Tech", "Hats"])).toMatchObject({
      ok: true,
      edit: { category: "Tech" },
    });
    expect(readEdit(fields, ["Tech"])).toMatchObject({
      ok: false,
      fieldErrors: { category: "Choose a category from the list." },
    });
  });

  it("starts a new product in the category the list was narrowed to, else Other while the shop has it", () => {
    expect(newProductFields("Bags", ["Bags", "Other"]).category).toBe("Bags");
    expect(newProductFields("Boats", ["Bags", "Other"]).category).toBe("Other");
    expect(newProductFields(null, ["Bags"]).category).toBe("");
  });
});
