import { describe, expect, it } from "vitest";
import {
  ANSWER_FIELDS,
  type AnswerField,
  awaitedPeople,
  closeRefusal,
  COLLECTION_LIMITS,
  COLLECTION_MESSAGES,
  defaultClosingDay,
  linkRefusal,
  minimumMeter,
  parseAnswer,
  parseCollectionSettings,
  parsePeople,
  parseSpares,
  splitWithSpares,
  tallyBySize,
} from "./size-collections";
import {
  DELIVERY_LIMITS,
  DELIVERY_MESSAGES,
  deliveryCounts,
  deliveryCountsText,
  deliveryText,
  deliveryValues,
} from "./collection-delivery";

const SIZES = ["XS", "S", "M", "L", "XL", "XXL"];
const today = "2026-12-01";
const settings = (over: Partial<Record<string, string>> = {}) => ({
  title: "Team kit for the 10k",
  message: "Shorts for race day.",
  ask_names: "yes",
  ask_address: "",
  closes_on: "2026-12-08",
  max_answers: "",
  people: "",
  ...over,
});

/** An answer's form values: every field the form may send, blank unless given. */
const answerValues = (over: Partial<Record<AnswerField, string>>): Record<AnswerField, string> =>
  ({
    ...Object.fromEntries(ANSWER_FIELDS.map((field) => [field, ""])),
    ...over,
  }) as Record<AnswerField, string>;

describe("parseCollectionSettings", () => {
  it("asks for addresses, with or without the office, only with names", () => {
    for (const ask of ["address", "address_or_pickup"] as const) {
      const parsed = parseCollectionSettings(settings({ ask_address: ask }), today);
      expect(parsed.ok && parsed.data.askAddress).toBe(ask);
      expect(parseCollectionSettings(settings({ ask_address: ask, ask_names: "" }), today)).toMatchObject({
        ok: false,
        errors: { ask_address: DELIVERY_MESSAGES.askNeedsNames },
        values: { ask_address: ask },
      });
    }
    expect(parseCollectionSettings(settings({ ask_address: "everything" }), today)).toMatchObject({
      ok: false,
      errors: { ask_address: DELIVERY_MESSAGES.ask },
    });
  });

  it("takes a title, message, names asked, a closing day and an optional most", () => {
    expect(parseCollectionSettings(settings({ title: "  Kit  ", max_answers: "60" }), today)).toEqual({
      ok: true,
      data: {
        title: "Kit",
        message: "Shorts for race day.",
        askNames: true,
        askAddress: "no",
        closesOn: "2026-12-08",
        maxAnswers: 60,
        people: [],
      },
    });
    const quiet = parseCollectionSettings(settings({ ask_names: "", message: "" }), today);
    expect(quiet.ok && quiet.data).toMatchObject({ askNames: false, message: "", maxAnswers: null });
  });

  it("names each wrong field and gives everything typed back, cut to one over its limit", () => {
    const long = "x".repeat(5000);
    const refused = parseCollectionSettings(
      settings({ title: "", message: long, closes_on: "2026-02-30", max_answers: "1001" }),
      today,
    );
    expect(refused).toEqual({
      ok: false,
      errors: {
        title: COLLECTION_MESSAGES.title,
        message: COLLECTION_MESSAGES.messageTooLong,
        closes_on: COLLECTION_MESSAGES.closesOn,
        max_answers: COLLECTION_MESSAGES.maxAnswers,
      },
      values: expect.objectContaining({ message: "x".repeat(COLLECTION_LIMITS.message + 1), max_answers: "1001" }),
    });
  });

  it("closes after today and within 60 days", () => {
    const error = (closes_on: string) => {
      const parsed = parseCollectionSettings(settings({ closes_on }), today);
      return parsed.ok ? null : parsed.errors.closes_on;
    };
    expect(error("2026-12-01")).toBe(COLLECTION_MESSAGES.closesOnPast);
    expect(error("2026-11-30")).toBe(COLLECTION_MESSAGES.closesOnPast);
    expect(error("2026-12-02")).toBeNull();
    expect(error("2027-01-30")).toBeNull();
    expect(error("2027-01-31")).toBe(COLLECTION_MESSAGES.closesOnTooLate);
    expect(error("")).toBe(COLLECTION_MESSAGES.closesOn);
  });

  it.each(["0", "-1", "1.5", "ten", "10000", " 2 0 "])("refuses %j as the most answers", (max_answers) => {
    const parsed = parseCollectionSettings(settings({ max_answers }), today);
    expect(parsed.ok ? null : parsed.errors.max_answers).toBe(COLLECTION_MESSAGES.maxAnswers);
  });

  it("refuses a title over its limit", () => {
    const parsed = parseCollectionSettings(settings({ title: "t".repeat(121) }), today);
    expect(parsed.ok ? null : parsed.errors.title).toBe(COLLECTION_MESSAGES.titleTooLong);
  });

  it("closes a week from today unless chosen otherwise", () => {
    expect(defaultClosingDay(today)).toBe("2026-12-08");
  });
});

describe("who should answer", () => {
  it("takes one name a line, tidied, without blank lines or a name listed twice in another case", () => {
    expect(parsePeople("  Ada   Lovelace \r\n\nGrace Hopper\n ada lovelace\nLinus\n\n", true)).toEqual({
      ok: true,
      people: ["Ada Lovelace", "Grace Hopper", "Linus"],
    });
    expect(parsePeople("Ada\u0000Lovelace\t\u007fJr\nGrace", true)).toEqual({
      ok: true,
      people: ["Ada Lovelace Jr", "Grace"],
    });
    expect(parsePeople("", false)).toEqual({ ok: true, people: [] });
    expect(parsePeople(" \n \n", false)).toEqual({ ok: true, people: [] });
  });

  it("refuses a list without names asked, a name over the limit, too many people or too long a list", () => {
    expect(parsePeople("Ada", false)).toEqual({ ok: false, message: COLLECTION_MESSAGES.peopleNeedNames });
    const long = "L".repeat(COLLECTION_LIMITS.name + 1);
    expect(parsePeople(`Ada\n${long}`, true)).toEqual({ ok: false, message: COLLECTION_MESSAGES.personTooLong(long) });
    expect(COLLECTION_MESSAGES.personTooLong(long)).toContain(`“${"L".repeat(20)}…”`);
    expect(parsePeople("x".repeat(COLLECTION_LIMITS.name), true).ok).toBe(true);
    const many = Array.from({ length: COLLECTION_LIMITS.people + 1 }, (_, i) => `P${i}`).join("\n");
    expect(many.length).toBeLessThanOrEqual(COLLECTION_LIMITS.peopleText);
    expect(parsePeople(many, true)).toEqual({ ok: false, message: COLLECTION_MESSAGES.tooManyPeople });
    const most = Array.from({ length: COLLECTION_LIMITS.people }, (_, i) => `P${i}`).join("\n");
    expect(parsePeople(most, true)).toMatchObject({ ok: true });
    expect(parsePeople("x".repeat(COLLECTION_LIMITS.peopleText + 1), true)).toEqual({
      ok: false,
      message: COLLECTION_MESSAGES.peopleTooLong,
    });
  });

  it("is part of the settings, and a refused list is given back as typed", () => {
    const parsed = parseCollectionSettings(settings({ people: "Ada\nGrace" }), today);
    expect(parsed.ok && parsed.data.people).toEqual(["Ada", "Grace"]);
    const refused = parseCollectionSettings(settings({ ask_names: "", people: "Ada\nGrace" }), today);
    expect(refused).toEqual({
      ok: false,
      errors: { people: COLLECTION_MESSAGES.peopleNeedNames },
      values: expect.objectContaining({ people: "Ada\nGrace", ask_names: "" }),
    });
  });

  it("says who has not answered, in the list's order, matching names in any case and spacing", () => {
    const people = ["Ada Lovelace", "Grace Hopper", "Linus", "Margaret"];
    const answers = [{ name: "grace  hopper" }, { name: "ADA LOVELACE" }, { name: "Tess" }];
    expect(awaitedPeople(people, answers)).toEqual(["Linus", "Margaret"]);
    expect(awaitedPeople(people, [])).toEqual(people);
    expect(awaitedPeople([], answers)).toEqual([]);
    expect(awaitedPeople(["Ｌｉｎｕｓ"], [{ name: "linus" }])).toEqual([]);
  });
});

describe("parseAnswer", () => {
  it("takes one of the product's sizes, and the name only when asked", () => {
    expect(
      parseAnswer(answerValues({ size: " M ", name: " Ada " }), { sizes: SIZES, names: true, address: "no" }),
    ).toEqual({
      ok: true,
      data: { size: "M", name: "Ada", delivery: null },
    });
    expect(
      parseAnswer(answerValues({ size: "XL", name: "Ada" }), { sizes: SIZES, names: false, address: "no" }),
    ).toEqual({
      ok: true,
      data: { size: "XL", name: "", delivery: null },
    });
    // A name is one line of text: no NUL (which no stored text may hold), tab or line break.
    expect(
      parseAnswer(answerValues({ size: "M", name: "Ada\u0000\r\n  Lovelace\t" }), {
        sizes: SIZES,
        names: true,
        address: "no",
      }),
    ).toEqual({
      ok: true,
      data: { size: "M", name: "Ada Lovelace", delivery: null },
    });
    expect(
      parseAnswer(answerValues({ size: "M", name: "\u0000\t" }), { sizes: SIZES, names: true, address: "no" }).ok,
    ).toBe(false);
  });

  it("refuses a size the product is not made in, and a missing or long name when asked", () => {
    expect(parseAnswer(answerValues({ size: "XXXL", name: "" }), { sizes: SIZES, names: true, address: "no" })).toEqual(
      {
        ok: false,
        errors: { size: "Choose your size: XS, S, M, L, XL or XXL.", name: COLLECTION_MESSAGES.name },
        values: answerValues({ size: "XXXL", name: "" }),
      },
    );
    const long = parseAnswer(answerValues({ size: "M", name: "n".repeat(200) }), {
      sizes: SIZES,
      names: true,
      address: "no",
    });
    expect(long).toEqual({
      ok: false,
      errors: { name: COLLECTION_MESSAGES.nameTooLong },
      values: answerValues({ size: "M", name: "n".repeat(COLLECTION_LIMITS.name + 1) }),
    });
    expect(parseAnswer(answerValues({ size: "", name: "" }), { sizes: SIZES, names: false, address: "no" }).ok).toBe(
      false,
    );
  });
});

describe("parseAnswer with an address asked", () => {
  const home = { line1: " 12  High Street ", line2: "", city: "Leeds", postcode: "ls14ap", country: "GB" };
  it("takes a person's address, its postcode tidied, with their size and name", () => {
    const ask = { sizes: SIZES, names: true, address: "address" } as const;
    expect(parseAnswer(answerValues({ size: "M", name: "Ada", ...home }), ask)).toEqual({
      ok: true,
      data: {
        size: "M",
        name: "Ada",
        delivery: {
          kind: "address",
          line1: "12 High Street",
          line2: "",
          city: "Leeds",
          postcode: "LS1 4AP",
          country: "GB",
        },
      },
    });
  });

  it("takes the office instead when the buyer offers it, and asks which when neither is chosen", () => {
    const ask = { sizes: SIZES, names: true, address: "address_or_pickup" } as const;
    expect(parseAnswer(answerValues({ size: "S", name: "Grace", delivery: "pickup", line1: "ignored" }), ask)).toEqual({
      ok: true,
      data: { size: "S", name: "Grace", delivery: { kind: "pickup" } },
    });
    expect(parseAnswer(answerValues({ size: "S", name: "Grace", ...home }), ask)).toMatchObject({
      ok: false,
      errors: { delivery: DELIVERY_MESSAGES.choose },
    });
    // A collection that asks only for an address takes no "pickup" from a crafted form.
    const addressOnly = parseAnswer(answerValues({ size: "S", name: "Grace", delivery: "pickup" }), {
      ...ask,
      address: "address",
    });
    expect(addressOnly).toMatchObject({ ok: false, errors: { line1: DELIVERY_MESSAGES.line1 } });
  });

  it("names each missing or wrong part of the address, after the size and name, and gives it back", () => {
    const ask = { sizes: SIZES, names: true, address: "address" } as const;
    const refused = parseAnswer(
      answerValues({ size: "XXXL", name: "Ada", city: "Leeds", postcode: "XYZ", country: "GB" }),
      ask,
    );
    expect(refused).toEqual({
      ok: false,
      errors: {
        size: "Choose your size: XS, S, M, L, XL or XXL.",
        line1: DELIVERY_MESSAGES.line1,
        postcode: "Enter a valid UK postcode, e.g. SW1A 1AA",
      },
      values: answerValues({ size: "XXXL", name: "Ada", city: "Leeds", postcode: "XYZ", country: "GB" }),
    });
    expect(Object.keys(refused.ok ? {} : refused.errors)[0]).toBe("size");
    expect(parseAnswer(answerValues({ size: "M", name: "Ada", ...home, country: "ZZ" }), ask)).toMatchObject({
      ok: false,
      errors: { country: DELIVERY_MESSAGES.country },
    });
    expect(parseAnswer(answerValues({ size: "M", name: "Ada", ...home, postcode: "" }), ask)).toMatchObject({
      ok: false,
      errors: { postcode: DELIVERY_MESSAGES.postcode },
    });
    const long = parseAnswer(answerValues({ size: "M", name: "Ada", ...home, line2: "x".repeat(500) }), ask);
    expect(long).toMatchObject({ ok: false, errors: { line2: DELIVERY_MESSAGES.tooLong } });
    expect(long.ok ? "" : long.values.line2).toHaveLength(DELIVERY_LIMITS.line + 1);
  });

  it("checks another country's postcode by its own format, and a UK one given abroad", () => {
    const ask = { sizes: SIZES, names: true, address: "address" } as const;
    const dublin = { line1: "1 Grafton Street", line2: "", city: "Dublin", country: "IE" };
    expect(parseAnswer(answerValues({ size: "M", name: "Ada", ...dublin, postcode: "d02x285" }), ask)).toMatchObject({
      ok: true,
      data: { delivery: { postcode: "D02 X285", country: "IE" } },
    });
    expect(parseAnswer(answerValues({ size: "M", name: "Ada", ...dublin, postcode: "12345" }), ask)).toMatchObject({
      ok: false,
      errors: { postcode: "Enter a valid postcode for Ireland, e.g. D02 X285" },
    });
    expect(parseAnswer(answerValues({ size: "M", name: "Ada", ...dublin, postcode: "LS1 4AP" }), ask)).toMatchObject({
      ok: false,
      errors: { postcode: expect.stringContaining("This is a UK postcode") },
    });
  });
});

describe("deliveryText, deliveryValues and deliveryCounts", () => {
  const address = {
    kind: "address",
    line1: "12 High Street",
    line2: "Flat 2",
    city: "Leeds",
    postcode: "LS1 4AP",
    country: "GB",
  } as const;
  it("reads an address in one line, and the office as such", () => {
    expect(deliveryText(address)).toBe("12 High Street, Flat 2, Leeds LS1 4AP, United Kingdom");
    expect(deliveryText({ ...address, line2: "" })).toBe("12 High Street, Leeds LS1 4AP, United Kingdom");
    expect(deliveryText({ kind: "pickup" })).toBe("Pick up at the office");
  });

  it("gives an answer back as the form's values, the UK first for a new one", () => {
    expect(deliveryValues(address)).toEqual({
      delivery: "address",
      line1: "12 High Street",
      line2: "Flat 2",
      city: "Leeds",
      postcode: "LS1 4AP",
      country: "GB",
    });
    expect(deliveryValues({ kind: "pickup" })).toMatchObject({ delivery: "pickup", country: "GB" });
    expect(deliveryValues(null)).toEqual({ delivery: "", line1: "", line2: "", city: "", postcode: "", country: "GB" });
  });

  it("says the counts as the tally does, the office only when someone chose it", () => {
    expect(deliveryCountsText({ addresses: 3, pickups: 2 })).toBe(
      "3 to their own address, 2 to pick up at the office.",
    );
    expect(deliveryCountsText({ addresses: 1, pickups: 0 })).toBe("1 to their own address.");
  });

  it("counts the answers going to an address and to the office", () => {
    expect(
      deliveryCounts([
        { delivery: address },
        { delivery: { kind: "pickup" } },
        { delivery: address },
        { delivery: null },
      ]),
    ).toEqual({ addresses: 2, pickups: 1 });
  });
});

describe("linkRefusal", () => {
  const open = { closedAt: null, closesOn: "2026-12-08", maxAnswers: 3 };
  it("takes answers until the end of the closing day, and changes while it is full", () => {
    expect(linkRefusal(open, "2026-12-08", { count: 2, change: false })).toBeNull();
    expect(linkRefusal(open, "2026-12-08", { count: 3, change: true })).toBeNull();
  });

  it("says when it closed, by the buyer or by its day, for answers and changes alike", () => {
    expect(linkRefusal(open, "2026-12-09", { count: 0, change: true })).toEqual({
      status: 410,
      message:
        "This collection closed on Tue, Dec 8, 2026. Ask whoever sent you the link if you still need to give your size.",
    });
    const closed = { ...open, closedAt: new Date("2026-12-03T10:00:00Z") };
    expect(linkRefusal(closed, "2026-12-03", { count: 0, change: false })?.message).toContain(
      "closed on Thu, Dec 3, 2026",
    );
  });

  it("takes no new answer once it has its most, nor past the hard limit when none was set", () => {
    expect(linkRefusal(open, today, { count: 3, change: false })?.message).toContain("all the answers it asked for");
    const unlimited = { ...open, maxAnswers: null };
    expect(linkRefusal(unlimited, today, { count: 999, change: false })).toBeNull();
    expect(linkRefusal(unlimited, today, { count: 1000, change: false })?.status).toBe(410);
  });
});

describe("the tally", () => {
  const answers = [{ size: "M" }, { size: "L" }, { size: "M" }, { size: "XS" }];

  it("counts every size in the table's order, none left out", () => {
    expect(tallyBySize(SIZES, answers)).toEqual([
      { size: "XS", count: 1 },
      { size: "S", count: 0 },
      { size: "M", count: 2 },
      { size: "L", count: 1 },
      { size: "XL", count: 0 },
      { size: "XXL", count: 0 },
    ]);
  });

  it("adds the spares, and leaves out the sizes nobody chose", () => {
    const tally = tallyBySize(SIZES, answers);
    expect(
      splitWithSpares(tally, [
        { size: "M", count: 20 },
        { size: "XL", count: 3 },
      ]),
    ).toEqual([
      { size: "XS", count: 1 },
      { size: "M", count: 22 },
      { size: "L", count: 1 },
      { size: "XL", count: 3 },
    ]);
  });

  it("reads the spares typed for the product's sizes, empty as none", () => {
    expect(parseSpares(SIZES, { spare_M: " 20 ", spare_L: "", spare_XL: "0", spare_XXXL: "9" })).toEqual({
      ok: true,
      spares: [{ size: "M", count: 20 }],
    });
    expect(parseSpares(SIZES, { spare_S: "-2" })).toEqual({
      ok: false,
      fieldErrors: { spare_S: COLLECTION_MESSAGES.spares("S") },
    });
    expect(parseSpares(SIZES, { spare_S: "10001" }).ok).toBe(false);
    expect(parseSpares(SIZES, { spare_S: "2.5" }).ok).toBe(false);
  });

  it("says how many more reach the minimum", () => {
    expect(minimumMeter(38, 50)).toEqual({ reached: false, text: "12 more to reach the minimum of 50." });
    expect(minimumMeter(50, 50)).toEqual({ reached: true, text: "50 in all: the minimum of 50 is reached." });
  });

  it("closes only between the minimum order and the most the cart sells", () => {
    const shorts = { moq: 50, maxQuantity: 5000 };
    expect(closeRefusal([{ size: "M", count: 38 }], shorts)).toBe(
      "12 more to reach the minimum of 50. Add spares, or wait for more answers, before you close.",
    );
    expect(
      closeRefusal(
        [
          { size: "M", count: 30 },
          { size: "L", count: 20 },
        ],
        shorts,
      ),
    ).toBeNull();
    expect(closeRefusal([{ size: "M", count: 5001 }], shorts)).toBe(
      "That is 5,001 in all; we take at most 5,000 in one order. Remove some spares, or ask us for a quote.",
    );
  });
});
