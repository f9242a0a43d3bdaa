import { describe, expect, it } from "vitest";
import { BUSINESS_SAMPLES, businessProfile } from "~/domain/people/business-variables";
import { CAP_EXAMPLE, faqCategories } from "./faqs";
import type { LegalBlock } from "./legal";
import { LEGAL_DOCUMENTS } from "./legal-documents";
import { COMPARE_PAGE } from "./compare-page";
import { QUICK_WINS, SHORTS_MOQ } from "./quick-wins";
import { drawerNav, primaryNav, QUICK_WINS_NAV, shopNav } from "./navigation";
import { PRODUCTS, promotedCategories } from "~/catalogue/catalogue";
import { CAP, RUNNING_SHORTS } from "~/catalogue/products";
import { SPEC_CATEGORIES as CATEGORIES } from "~/catalogue/categories";
import { POLICY } from "./policy";

const business = { ...businessProfile(BUSINESS_SAMPLES), supportEmail: "help@shop.test" };
const FAQ_CATEGORIES = faqCategories(business);
const blockText = (block: LegalBlock) => (typeof block === "string" ? block : block.list.join(" "));
const faqText = FAQ_CATEGORIES.flatMap((c) => c.entries.map((e) => `${e.question} ${e.answer}`)).join(" ");
const legalText = (path: string) =>
  LEGAL_DOCUMENTS.filter((d) => d.path === path)
    .map((d) => d.text(business))
    .flatMap((d) => [d.intro, ...d.sections.flatMap((s) => s.body.map(blockText))])
    .join(" ");

describe("FAQ content (R-FAQ-07, R-FAQ-09)", () => {
  it("works its price-band example with the cap's first and last bands as the catalogue seeds them", () => {
    expect(CAP_EXAMPLE).toEqual({ title: CAP.title, first: CAP.pricingTable[0], last: CAP.pricingTable.at(-1) });
  });

  it("has the spec's six categories, in order", () => {
    expect(FAQ_CATEGORIES.map((c) => c.name)).toEqual([
      "Getting set up",
      "Artwork & design",
      "Products and orders",
      "Shipping & fulfilment",
      "Payments, billing & taxes",
      "Returns & issues",
    ]);
  });

  it("gives every entry a unique, URL-safe id and real text", () => {
    const ids = FAQ_CATEGORIES.flatMap((c) => c.entries.map((e) => e.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const category of FAQ_CATEGORIES) {
      expect(category.entries.length).toBeGreaterThanOrEqual(3);
      for (const entry of category.entries) {
        expect(entry.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(entry.question.trim()).toMatch(/\?$/);
        expect(entry.answer.length).toBeGreaterThan(20);
      }
    }
  });
});

describe("the policy facts of SPEC.md §9 (R-POL-01..15)", () => {
  it.each([
    ["R-POL-01 quotes valid 30 days", POLICY.quoteValidity, ["faqs", "/terms"]],
    ["R-POL-02 production 10–15 business days", POLICY.production, ["faqs", "/terms", "/guarantee"]],
    ["R-POL-03 quality disputes 14 days", POLICY.qualityDisputes, ["faqs", "/terms", "/guarantee"]],
    ["R-POL-04 late delivery remedy", POLICY.lateDelivery, ["faqs", "/guarantee"]],
    ["R-POL-05 retention 7 years", POLICY.retention, ["/privacy"]],
    ["R-POL-06 under 18 excluded", POLICY.minimumAge, ["faqs", "/terms", "/privacy"]],
    ["R-POL-07 custom quote 2 working days", POLICY.customQuote, ["faqs", "/terms"]],
    ["R-POL-08 shipping estimates", POLICY.shippingEstimates, ["faqs", "/terms"]],
    ["R-POL-09 UK duty, import VAT, clearance fee", POLICY.ukImportCharges, ["faqs", "/terms"]],
    ["R-POL-10 defects 30 days", POLICY.defects, ["faqs", "/terms", "/guarantee"]],
    ["R-POL-11 transit damage 14 days with photos", POLICY.transitDamage, ["faqs", "/terms", "/guarantee"]],
    ["R-POL-12 all sales final", POLICY.salesFinal, ["faqs", "/terms"]],
    ["R-POL-13 goods we cannot supply", POLICY.notSupplied, ["faqs", "/terms"]],
    ["R-POL-14 payment methods", POLICY.paymentMethods, ["faqs", "/terms"]],
    ["R-POL-15 no blank samples", POLICY.noBlankSamples, ["faqs", "/terms"]],
  ] as const)("%s is stated where it belongs", (_label, sentence, places) => {
    for (const place of places) {
      expect(place === "faqs" ? faqText : legalText(place)).toContain(sentence);
    }
  });

  it("states each figure the spec gives", () => {
    expect(POLICY.quoteValidity).toContain("30 days");
    expect(POLICY.production).toContain("10–15 business days");
    expect(POLICY.qualityDisputes).toContain("14 days of delivery");
    expect(POLICY.lateDelivery).toMatch(/5 or more days.*within 7 days/);
    expect(POLICY.retention).toContain("7 years");
    expect(POLICY.minimumAge).toContain("under 18");
    expect(POLICY.customQuote).toContain("2 working days");
    expect(POLICY.shippingEstimates).toMatch(/about 36 days.*about 15 days.*about 12 days/);
    expect(POLICY.ukImportCharges).toMatch(/0–12% on orders above £135.*20%.*£8–£20/);
    expect(POLICY.defects).toContain("30 days");
    expect(POLICY.transitDamage).toMatch(/14 days.*photos/);
    expect(POLICY.paymentMethods).toMatch(/cards, Apple Pay or Google Pay, and by bank transfer for custom orders/);
  });
});

describe("marketing content", () => {
  it("compares twelve features across the three options (R-MKT-02)", () => {
    expect(COMPARE_PAGE.rows).toHaveLength(12);
    expect(COMPARE_PAGE.rows.every((row) => row.us)).toBe(true);
  });

  it("has a guide for every quick-win link and no other (B-12)", () => {
    expect(QUICK_WINS.map((page) => `/quick-wins/${page.slug}`)).toEqual(QUICK_WINS_NAV.map((link) => link.to));
    for (const page of QUICK_WINS) expect(page.paragraphs.length).toBeGreaterThanOrEqual(2);
  });

  it("quotes the running shorts' minimum order as the catalogue seeds it", () => {
    expect(SHORTS_MOQ).toBe(RUNNING_SHORTS.moq);
    expect(JSON.stringify(QUICK_WINS)).toContain(`from ${RUNNING_SHORTS.moq} pairs`);
  });
});

describe("navigation promotes only categories with products", () => {
  const paths = (links: readonly { to: string }[]) => links.map((link) => link.to);
  const promoted = promotedCategories(PRODUCTS, CATEGORIES);

  it("the header keeps the spec's pick, the drawer leaves out empty Drinkware, the footer lists the rest", () => {
    expect(paths(primaryNav(promoted))).toEqual([
      "/products",
      "/products/apparel",
      "/products/hats",
      "/products/other",
    ]);
    expect(paths(drawerNav(promoted))).toEqual(paths(primaryNav(promoted)));
    expect(paths(shopNav(promoted))).toEqual([
      "/products/office-essentials",
      "/products/other",
      "/products/apparel",
      "/products/hats",
    ]);
  });

  it("a category that gains products joins the drawer and the footer; one that loses them leaves", () => {
    const withMug = promotedCategories([...PRODUCTS, { category: "Drinkware" }], CATEGORIES);
    expect(paths(drawerNav(withMug))).toContain("/products/drinkware");
    expect(paths(primaryNav(withMug))).not.toContain("/products/drinkware");
    expect(paths(shopNav(withMug))[0]).toBe("/products/drinkware");
    const noHats = promotedCategories(
      PRODUCTS.filter((product) => product.category !== "Hats"),
      CATEGORIES,
    );
    expect(paths(primaryNav(noHats))).toEqual(["/products", "/products/apparel", "/products/other"]);
    expect(paths(primaryNav([]))).toEqual(["/products"]);
  });

  it("follows the operator's order, menus and hiding, with Other last (decision 068, R-HOME-04)", () => {
    const run = CATEGORIES.map((category) =>
      category.slug === "apparel" ? { ...category, hidden: true } : { ...category, menu: "header" as const },
    ).reverse();
    const shown = promotedCategories(PRODUCTS, run);
    expect(paths(primaryNav(shown))).toEqual([
      "/products",
      "/products/hats",
      "/products/office-essentials",
      "/products/other",
    ]);
    const caps = CATEGORIES.map((category) =>
      category.slug === "hats" ? { ...category, name: "Caps", slug: "caps", menu: "drawer" as const } : category,
    );
    const renamed = promotedCategories(
      PRODUCTS.map((product) => (product.category === "Hats" ? { ...product, category: "Caps" } : product)),
      caps,
    );
    expect(primaryNav(renamed).map((link) => link.label)).toEqual(["All Products", "Apparel", "Other"]);
    expect(drawerNav(renamed).map((link) => link.label)).toEqual(["All Products", "Apparel", "Caps", "Other"]);
  });
});

describe("contact points come from the business profile", () => {
  it("the FAQs, Terms, Guarantee and Privacy name its support address, and the Terms its company", () => {
    expect(faqText).toContain("help@shop.test");
    for (const path of ["/terms", "/guarantee", "/privacy"]) expect(legalText(path)).toContain("help@shop.test");
    expect(legalText("/terms")).toContain(`${business.legalName} (company number ${business.companyNumber}`);
    expect(`${faqText} ${LEGAL_DOCUMENTS.map((d) => legalText(d.path)).join(" ")}`).not.toMatch(/\.example\b/);
  });
});
