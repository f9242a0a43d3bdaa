/**
 * The four built-in products (SPEC.md §3, §9; REQUIREMENTS R-CAT-01..12, R-CONST-01..09).
 * Ids per decision 048: 8 cap, 15 running shorts, 16 diary, 17 yoga mat.
 *
 * Tier tables hold only the prices the spec states (decision 049, A-30): no invented
 * intermediate tiers. The shorts table is kept exactly as given, overlapping bands and all (A-7).
 * unitPrice is the [lowest, highest] of each table, for cards and sorting only; totals always
 * use the tier price (decision 050).
 *
 * Copy rules: no certifications, awards or sustainability claims we cannot evidence; specs are
 * the supplier's nominal figures. No ratings or review counts here: they are computed from the
 * buyers' published reviews (A-24, decision 023; app/server/shop/reviews.server.ts).
 */
import { PRODUCT_IMAGES } from "./images";
import type { CatalogueEntry } from "./types";

/** the checkout's flat rates are what is charged; product pages say so instead of quoting per-unit air freight. */
const SHIPPING_INFO =
  "Sent by air courier once production is finished. Shipping is calculated at checkout (Standard £18, Express £35).";

export const CAP: CatalogueEntry = {
  id: "8",
  title: "Custom Embroidered Cap",
  description:
    "A six-panel cap in brushed cotton twill with a structured front, so your embroidered logo sits flat and stays crisp. " +
    "The adjustable back strap with a metal buckle fits most adults, and a side logo or a woven strap tag gives it the finish " +
    "of something people would buy, not a freebie. From 50 caps, embroidered to your artwork once you approve the mock-up.",
  category: "Hats",
  images: PRODUCT_IMAGES["8"],
  unitPrice: [3.88, 5.5],
  moq: 50,
  leadTime: "3.5 weeks",
  deliveryTime: "5-7 days",
  tags: ["Hot", "Low MOQ"],
  customizationTheme: "blue",
  allowHandwrittenNote: false,
  customizationOptions: [
    { title: "Front embroidery", subtitle: "Up to 10 × 5.5 cm, up to 8 thread colours" },
    { title: "Side logo", subtitle: "Small embroidery on the left side panel, up to 5 × 3 cm" },
    { title: "Custom strap tag", subtitle: "Woven label with your logo on the back strap" },
    { title: "Printed under-peak", subtitle: "Full-colour print on the underside of the peak" },
  ],
  // Embroidered, as the name says; a DTF transfer suits a full-colour logo or the under-peak print.
  branding: { methods: ["embroidery", "dtf"], default: "embroidery" },
  features: [
    "Brushed cotton twill with a structured front panel that holds its shape",
    "Six panels with embroidered eyelets and a covered top button",
    "Pre-curved peak",
    "Adjustable back strap with a metal buckle",
    "Cotton sweatband inside",
    "Digital mock-up to approve before anything is stitched",
  ],
  goodFor: [
    "Team offsites and away days",
    "Conference and event staff",
    "New-starter welcome kits",
    "Outdoor activations and festivals",
  ],
  pricingTable: [
    { quantity: "50-399", price: "£5.50" },
    { quantity: "400+", price: "£3.88" },
  ],
  shippingInfo: SHIPPING_INFO,
  specifications: [
    { label: "Material", value: "100% cotton twill, brushed finish" },
    { label: "Construction", value: "6 panels, structured front, pre-curved peak" },
    { label: "Closure", value: "Adjustable strap with metal buckle" },
    { label: "Size", value: "One size, fits approx. 56-60 cm head circumference" },
    { label: "Front embroidery area", value: "Up to 10 × 5.5 cm" },
    { label: "Side logo area", value: "Up to 5 × 3 cm" },
    { label: "Decoration", value: "Flat embroidery; woven strap tag; under-peak print" },
    { label: "Colours", value: "10 stock colours" },
  ],
  createdAt: "2025-02-03",
  shippingPerUnitPence: 195,
};

export const RUNNING_SHORTS: CatalogueEntry = {
  id: "15",
  title: "Custom Running Shorts",
  description:
    "Lightweight running shorts with split side hems, contrast piping and an elastic waist with a flat drawcord. " +
    "A rear zip pocket holds keys or a card. Your logo is heat-transfer printed on the leg, so it stays flexible and " +
    "doesn't weigh the fabric down. Made in Black or Orange, sizes XS to XXL: kit for a company 5K or your run club.",
  category: "Apparel",
  images: PRODUCT_IMAGES["15"],
  unitPrice: [8, 10.4],
  moq: 50,
  leadTime: "9 days",
  deliveryTime: "10 days",
  tags: ["Hot", "Sporty", "New"],
  customizationTheme: "orange",
  allowHandwrittenNote: false,
  customizationOptions: [
    { title: "Leg logo print", subtitle: "Heat transfer on the front left leg, up to 8 × 8 cm" },
    { title: "Back waist print", subtitle: "One-colour print below the rear pocket, up to 12 × 4 cm" },
    { title: "Custom inner label", subtitle: "Printed tagless label inside the waistband" },
  ],
  // The copy's "heat transfer or screen print": stitching would weigh the lightweight fabric down.
  branding: { methods: ["dtf", "screen_print"], default: "dtf" },
  features: [
    "Lightweight 100% polyester that dries quickly",
    "Split side hems with contrast piping for a free stride",
    "Elastic waistband with a flat drawcord",
    "Rear zip pocket for keys or a card",
    "Sizes XS to XXL",
  ],
  goodFor: [
    "Company 5K and charity runs",
    "Run clubs and fitness communities",
    "Sports day and team kit",
    "Wellbeing week packs",
  ],
  // Exactly as the spec gives it (R-CONST-03). The bands overlap and 100-399 costs more than
  // 50-99; A-7 asks the owner for the correct figures rather than guessing.
  pricingTable: [
    { quantity: "50-100", price: "£9.20" },
    { quantity: "100-200", price: "£10.40" },
    { quantity: "200-300", price: "£10.00" },
    { quantity: "300-400", price: "£9.00" },
    { quantity: "400+", price: "£8.00" },
  ],
  shippingInfo: SHIPPING_INFO,
  specifications: [
    { label: "Fabric", value: "100% polyester, lightweight" },
    { label: "Waist", value: "Elastic with flat drawcord" },
    { label: "Inseam", value: "Approx. 13 cm (5 in) on size M" },
    { label: "Pocket", value: "Rear zip pocket" },
    { label: "Hem", value: "Split side hem with contrast piping" },
    { label: "Leg print area", value: "Up to 8 × 8 cm" },
    { label: "Decoration", value: "Heat transfer or screen print" },
    { label: "Colours", value: "Black, Orange" },
    { label: "Sizes", value: "XS, S, M, L, XL, XXL" },
    { label: "Care", value: "Machine wash at 30 °C inside out; do not tumble dry or iron the print" },
  ],
  sizingTable: {
    headers: ["Size", "Height (cm)", "Weight (kg)", "Waist (cm)", "Length (cm)"],
    rows: [
      { size: "XS", height: "155-165", weight: "45-55", waist: "64-70", length: "33" },
      { size: "S", height: "160-170", weight: "55-62", waist: "70-76", length: "34" },
      { size: "M", height: "168-176", weight: "62-72", waist: "76-82", length: "35" },
      { size: "L", height: "174-182", weight: "72-82", waist: "82-88", length: "36" },
      { size: "XL", height: "180-188", weight: "82-92", waist: "88-96", length: "37" },
      { size: "XXL", height: "185-193", weight: "92-102", waist: "96-104", length: "38" },
    ],
    note:
      "Height, weight and waist are body measurements; length is the shorts' outside leg, measured flat. " +
      "Allow 1-2 cm either way. Between sizes? Choose the larger.",
  },
  createdAt: "2025-08-04",
  shippingPerUnitPence: 195,
};

export const DIARY: CatalogueEntry = {
  id: "16",
  title: "Branded A5 Diary",
  description:
    "An A5 hardback diary with a soft-touch cover, week-to-view pages on cream paper, a ribbon marker and an elastic " +
    "closure. Your logo is debossed or foil-stamped on the cover, and you can add your own printed pages at the front: " +
    "a welcome note, your values or a year planner. Add a handwritten note for a personal touch.",
  category: "Office Essentials",
  images: PRODUCT_IMAGES["16"],
  unitPrice: [1.65, 2.24],
  moq: 50,
  leadTime: "2-3 weeks",
  deliveryTime: "5-7 days",
  tags: ["Hot"],
  customizationTheme: "purple",
  allowHandwrittenNote: true,
  customizationOptions: [
    { title: "Debossed cover logo", subtitle: "Blind deboss, up to 80 × 50 mm" },
    { title: "Foil-stamped logo", subtitle: "Gold, silver or coloured foil on the cover or spine" },
    { title: "Custom printed pages", subtitle: "Up to 4 full-colour pages at the front" },
    { title: "Ribbon colour", subtitle: "Ribbon marker matched to your brand colour" },
  ],
  // A debossed cover logo (foil is a customisation on top of it), or laser engraving on the soft-touch PU.
  branding: { methods: ["deboss", "laser"], default: "deboss" },
  features: [
    "A5 hardback with a soft-touch cover",
    "Week-to-view layout on 80 gsm cream paper",
    "Ribbon marker and elastic closure band",
    "Pocket inside the back cover",
    "Dated or undated pages",
  ],
  goodFor: ["New-starter welcome kits", "Client year-end gifts", "Conference and event packs", "Sales kick-offs"],
  pricingTable: [
    { quantity: "50-999", price: "£2.24" },
    { quantity: "1000+", price: "£1.65" },
  ],
  shippingInfo: SHIPPING_INFO,
  specifications: [
    { label: "Size", value: "A5 (148 × 210 mm)" },
    { label: "Cover", value: "Hardback, soft-touch PU" },
    { label: "Pages", value: "160 pages, 80 gsm cream paper" },
    { label: "Layout", value: "Week to view, dated or undated" },
    { label: "Closure", value: "Elastic band" },
    { label: "Extras", value: "Ribbon marker, back pocket" },
    { label: "Logo area", value: "Up to 80 × 50 mm on the front cover" },
    { label: "Decoration", value: "Blind deboss or foil stamp" },
  ],
  createdAt: "2025-03-17",
  shippingPerUnitPence: 125,
};

export const YOGA_MAT: CatalogueEntry = {
  id: "17",
  title: "Custom Yoga Mat",
  description:
    "A 6 mm TPE yoga mat, textured on both sides for grip and supplied with a carry strap. The two-tone layers can be " +
    "matched to your brand, and your logo is printed at one end, where it is seen but not stood on. Light enough to " +
    "carry to a lunchtime class, and a gift people actually use, for wellbeing programmes, retreats and studios.",
  category: "Other",
  images: PRODUCT_IMAGES["17"],
  unitPrice: [3.8, 5.5],
  moq: 50,
  leadTime: "2 weeks",
  deliveryTime: "5-7 days",
  tags: ["Hot", "Sporty"],
  customizationTheme: "green",
  allowHandwrittenNote: false,
  customizationOptions: [
    { title: "Printed logo", subtitle: "At one end of the mat, up to 30 × 20 cm" },
    { title: "Branded carry strap", subtitle: "Your logo printed on the strap" },
    { title: "Two-tone colours", subtitle: "Choose the top and bottom layer colours" },
  ],
  // The logo is printed at one end; TPE also takes a laser-engraved, tone-on-tone logo.
  branding: { methods: ["screen_print", "laser"], default: "screen_print" },
  features: [
    "6 mm TPE foam: cushioned, yet light to carry",
    "Textured non-slip surface on both sides",
    "Two-tone, dual-layer construction",
    "Carry strap included",
    "Wipes clean with a damp cloth and mild soap",
  ],
  goodFor: [
    "Office wellbeing programmes",
    "Team retreats and away days",
    "Studio and gym partnerships",
    "Employee gift boxes",
  ],
  pricingTable: [
    { quantity: "50-399", price: "£5.50" },
    { quantity: "400+", price: "£3.80" },
  ],
  shippingInfo: SHIPPING_INFO,
  specifications: [
    { label: "Material", value: "TPE foam, dual layer" },
    { label: "Size", value: "183 × 61 cm" },
    { label: "Thickness", value: "6 mm" },
    { label: "Weight", value: "Approx. 1 kg" },
    { label: "Print area", value: "Up to 30 × 20 cm at one end" },
    { label: "Includes", value: "Carry strap" },
    { label: "Care", value: "Wipe with a damp cloth; air dry out of direct sunlight" },
  ],
  createdAt: "2025-05-12",
  shippingPerUnitPence: 280,
};
