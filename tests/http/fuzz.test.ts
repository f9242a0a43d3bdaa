import { beforeAll, expect, it } from "vitest";
import { inProcessShop } from "../setup/in-process-shop";
import {
  type HttpClient,
  PDF,
  PNG,
  type ShopResponse,
  completeDraft,
  dataUrl,
  newBuyer,
  readRouteAnswer,
  signUpOverHttp,
  uploadArtwork,
} from "../support/http";

// The first security hardening (docs/security.md): every route that takes a POST (app/routes.ts: the /api routes and the pages with
// an action) gets malformed input. Each answer must be a 4xx that says why, never a 500, and the
// server must stay healthy. TARGETS lists the routes with a well-formed body each; the cases below
// break that body in every way at once, and the tests are generated from both.

const MEGABYTE = "x".repeat(1024 * 1024);
const NOBODY = "00000000-0000-4000-8000-000000000000";

type Ids = { draftId: string; artworkId: string };
type Fields = Record<string, unknown>;

/** A product's form as the editor posts it: every field, a band, a colour and the details. */
const PRODUCT_FORM: Fields = {
  title: "Branded A5 Diary",
  slug: "branded-a5-diary",
  sku: "",
  description: "A diary with your logo debossed on the cover.",
  category: "Office Essentials",
  moq: "50",
  leadTime: "2-3 weeks",
  deliveryTime: "3-5 days",
  "tier-0-from": "50",
  "tier-0-to": "",
  "tier-0-price": "2.24",
  "colour-0-name": "Black",
  "colour-0-hex": "#111111",
  "branding-deboss": "on",
  brandingDefault: "deboss",
  theme: "purple",
  options: "Printed inner pages | Your welcome note",
  features: "Soft-touch cover",
  goodFor: "Onboarding packs",
  specifications: "Size: A5",
  shippingInfo: "Sent by air courier once production is finished.",
  shippingPerUnit: "1.25",
  sizes: "",
  sizingNote: "",
};

/** What a product's form is never taken with. */
/** A person's answer through a collection's link, with their address (decisions 090, 092), and its odd values. */
const ANSWER_FORM: Fields = {
  size: "M",
  name: "Jane Doe",
  delivery: "address",
  line1: "1 High Street",
  city: "Leeds",
  postcode: "LS1 4AP",
  country: "GB",
};
const ANSWER_ODD: Record<string, unknown[]> = {
  size: ["XXXL", "__proto__", ""],
  name: ["x".repeat(100), " "],
  delivery: ["__proto__", "both"],
  postcode: ["XYZ", "x".repeat(100), "LS1 4AP\u0000"],
  country: ["ZZ", "__proto__", ""],
  line1: ["x".repeat(201), "\u0000"],
};

const PRODUCT_ODD: Record<string, unknown[]> = {
  moq: ["0", "-1", "1e9", "NaN", "50.5"],
  slug: ["15", "../diary", "Café", "-diary"],
  category: ["__proto__", "Boats"],
  "tier-0-from": ["49", "x", "1e3"],
  "tier-0-price": ["0", "-1", "1e3", "£", "10000.01", "2.245"],
  "colour-0-name": ["", "x".repeat(41)],
  "colour-0-hex": ["red", "#12345", "javascript:alert(1)"],
  brandingDefault: ["__proto__", "laser", ""],
  theme: ["constructor", "pink"],
  specifications: ["no colon here", `${"L".repeat(41)}: x`],
  sizes: ["M | 1 | 2", "M|1|2|3|4\nm|1|2|3|4"],
  options: [" | no name"],
  features: [Array.from({ length: 21 }, (_, i) => `f${i}`).join("\n")],
  shippingInfo: ["", "x".repeat(501)],
  shippingPerUnit: ["-1", "1e2", "100.01", "£"],
};

type Target = {
  /** The route as app/routes.ts has it. */
  route: string;
  path: (ids: Ids) => string;
  as: "visitor" | "buyer" | "staff";
  /**
   * json: our API routes, whose refusals are {error: {code, message}}; form: a page's action,
   * whose refusal the page shows from its action data; file: the raw-bytes artwork upload.
   */
  kind: "json" | "form" | "file";
  /** A well-formed body, for the cases to break. */
  fields: Fields;
  /** The field that picks what the request does, if there is one. */
  intent?: string;
  /** Values a field should never be taken with, one case each. */
  odd?: Record<string, unknown[]>;
  /** Cases that are not malformed for this route, and why. */
  wellFormed?: Record<string, string>;
};

const TARGETS: Target[] = [
  // /api routes: JSON in, {error: {code, message}} out
  {
    route: "/api/drafts",
    path: () => "/api/drafts",
    as: "buyer",
    kind: "json",
    fields: { product_id: "8", patch: { quantity: 50 } },
    odd: { product_id: ["../8", "8\u0000"] },
  },
  {
    route: "/api/drafts/:id",
    path: (ids) => `/api/drafts/${ids.draftId}`,
    as: "buyer",
    kind: "json",
    fields: { step: "details", patch: { company: "Acme Events Ltd" }, expectedVersion: 1 },
    intent: "step",
    odd: { expectedVersion: [-1, 1.5, 2 ** 60, "1"], step: ["__proto__", "constructor"] },
  },
  {
    route: "/api/artwork/:fileId",
    path: (ids) => `/api/artwork/${ids.artworkId}`,
    as: "buyer",
    kind: "json",
    fields: { draft_id: NOBODY },
    odd: { draft_id: ["' or 1=1 --"] },
  },
  {
    route: "/api/payment-intent",
    path: () => "/api/payment-intent",
    as: "buyer",
    kind: "json",
    fields: { draft_id: NOBODY, product_id: "8" },
  },
  {
    route: "/api/test-payments/confirm",
    path: () => "/api/test-payments/confirm",
    as: "buyer",
    kind: "json",
    fields: {
      client_secret: "pi_test_nothing_secret_nothing",
      number: "4242 4242 4242 4242",
      expiry: "12/34",
      cvc: "123",
      name: "Jane Smith",
    },
  },
  {
    route: "/api/page-views",
    path: () => "/api/page-views",
    as: "visitor",
    kind: "json",
    fields: { path: "/products" },
    odd: { path: ["https://evil.example/", "//evil.example", "/a\u0000b"] },
  },
  {
    route: "/api/sms-signups",
    path: () => "/api/sms-signups",
    as: "visitor",
    kind: "json",
    fields: { phone: "07700 900123", sourcePage: "/cart" },
  },
  // 404 while no SMS provider is configured, 403 without its signature when one is (decision 034).
  {
    route: "/api/sms/inbound",
    path: () => "/api/sms/inbound",
    as: "visitor",
    kind: "json",
    fields: { From: "+447700900123", Body: "STOP" },
  },
  // The SMS list's unsubscribe button (decision 034) refuses every token that is not a signed one.
  {
    route: "/sms/unsubscribe",
    path: () => "/sms/unsubscribe",
    as: "visitor",
    kind: "form",
    fields: { t: "KzQ0NzcwMDkwMDEyMw.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
    odd: { t: ["", "../../etc/passwd", "a.b.c"] },
  },
  // The SMS list's confirmation button (docs/decisions/034-sms-double-opt-in.md): any token that is not a live one is refused.
  {
    route: "/sms/confirm",
    path: () => "/sms/confirm",
    as: "visitor",
    kind: "form",
    fields: { t: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
    odd: { t: ["", "../../etc/passwd", "a.b.c"] },
  },
  // 404 while the test-mode provider is active: whatever is sent, Stripe's door is not there.
  {
    route: "/api/stripe-webhook",
    path: () => "/api/stripe-webhook",
    as: "visitor",
    kind: "json",
    fields: { type: "payment_intent.succeeded" },
  },
  // better-auth serves none of its endpoints over HTTP (auth.server.ts AUTH_ENDPOINTS_SERVED_OVER_HTTP):
  // whatever is sent to one, even signed in, the answer is the app's own 404.
  {
    route: "/api/auth/*",
    path: () => "/api/auth/organization/create",
    as: "buyer",
    kind: "json",
    fields: { name: "Fuzz Events Ltd", slug: "fuzz-events" },
  },
  {
    route: "/api/drafts/:id/artwork",
    path: (ids) => `/api/drafts/${ids.draftId}/artwork`,
    as: "buyer",
    kind: "file",
    fields: {},
  },

  // "Use it anyway" on a file's preflight warnings (decision 027).
  {
    route: "/api/artwork/:fileId/use-anyway",
    path: (ids) => `/api/artwork/${ids.artworkId}/use-anyway`,
    as: "buyer",
    kind: "json",
    fields: { draft_id: NOBODY, codes: ["resolution"] },
    odd: { codes: [[], ["Resolution"], ["a".repeat(41)], Array.from({ length: 21 }, () => "x"), [1]] },
  },
  // Pages with an action: forms in, the page's action data (a message or field errors) out
  {
    route: "/cart",
    path: () => "/cart",
    as: "buyer",
    kind: "form",
    fields: {
      intent: "add",
      productId: "8",
      quantity: "50",
      selectedColor: "#1f2a56",
      customizationSelections: '["Front embroidery"]',
      notes: "",
    },
    intent: "intent",
    odd: {
      quantity: ["1e309", "NaN", "-50", "50.5"],
      customizationSelections: ["{", '[{"a":1}]', "[1,2]"],
      productId: ["8' or '1'='1"],
    },
  },
  // Saving the cart's need-by date for checkout (decision 061).
  {
    route: "/cart (saving a need-by date)",
    path: () => "/cart",
    as: "buyer",
    kind: "form",
    fields: { intent: "need-by", needBy: "2099-01-01" },
    intent: "intent",
    odd: { needBy: ["2020-01-01", "2027-02-30", "tomorrow", "9".repeat(41)] },
  },
  {
    route: "/favorites",
    path: () => "/favorites",
    as: "buyer",
    kind: "form",
    fields: { intent: "toggle", productId: "8" },
    intent: "intent",
    odd: { productId: ["999", ""] },
  },
  {
    route: "/shopping-list",
    path: () => "/shopping-list",
    as: "buyer",
    kind: "form",
    fields: { intent: "update", id: NOBODY, productId: "16", quantity: "60", notes: "" },
    intent: "intent",
    odd: { quantity: ["1e309", "-1"], id: ["not-a-uuid"] },
  },
  {
    route: "/orders/:id",
    path: () => `/orders/${NOBODY}`,
    as: "buyer",
    kind: "form",
    fields: { decision: "approve", proofVersion: "1" },
    intent: "decision",
    odd: { proofVersion: ["0", "-1", "1e309", "one"] },
  },
  // Sharing a proof for approval (decision 025), on an order that is nobody's.
  {
    route: "/orders/:id (sharing a proof)",
    path: () => `/orders/${NOBODY}`,
    as: "buyer",
    kind: "form",
    fields: { intent: "share-proof", line: "1", proofVersion: "1" },
    intent: "intent",
    odd: { proofVersion: ["0", "-1", "1e309", "one"], line: ["0", "x", "1e309"] },
  },
  // A share link's answer (decision 025): a token that was never made is refused whatever is sent.
  {
    route: "/proof-approval/:token",
    path: () => `/proof-approval/${"A".repeat(43)}`,
    as: "visitor",
    kind: "form",
    fields: { name: "Jane Doe", email: "jane@example.com", decision: "approve", comment: "" },
    intent: "decision",
    odd: { email: ["not-an-address", "jane@example.com\u0000"], name: ["x".repeat(101), " "] },
  },
  // Sizes collected by link (decisions 090, 092): starting one on a line that is nobody's, the tally of a
  // collection that is nobody's, and answers through links that were never made.
  {
    route: "/collections/new",
    path: () => `/collections/new?line=${NOBODY}`,
    as: "buyer",
    kind: "form",
    fields: {
      title: "Team kit for the 10k",
      message: "",
      ask_names: "yes",
      ask_address: "address_or_pickup",
      closes_on: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      max_answers: "",
      people: "Ada\nGrace",
    },
    odd: {
      title: [" ", "x".repeat(200)],
      ask_address: ["everything", "__proto__", "address\u0000"],
      closes_on: ["2026-02-30", "1e309", "__proto__", "2999-01-01"],
      max_answers: ["0", "-1", "1e309", "1001", "x"],
      people: [
        "x".repeat(81),
        Array.from({ length: 1001 }, (_, i) => `P${i}`).join("\n"),
        "x".repeat(10_001),
        "__proto__\u0000",
      ],
    },
  },
  {
    route: "/collections/:id",
    path: () => `/collections/${NOBODY}`,
    as: "buyer",
    kind: "form",
    fields: { intent: "spares", spare_M: "2", people: "Ada" },
    intent: "intent",
    odd: {
      spare_M: ["-1", "1e309", "x", "2.5"],
      intent: ["__proto__", "close ", "people"],
      people: ["x".repeat(81), "x".repeat(10_001)],
    },
  },
  {
    route: "/collect/:token",
    path: () => `/collect/${"A".repeat(43)}`,
    as: "visitor",
    kind: "form",
    fields: ANSWER_FORM,
    odd: ANSWER_ODD,
  },
  {
    route: "/collect/:token/answer/:answer",
    path: () => `/collect/${"A".repeat(43)}/answer/${"B".repeat(43)}`,
    as: "visitor",
    kind: "form",
    fields: ANSWER_FORM,
    odd: ANSWER_ODD,
  },
  {
    route: "/orders/:id (a review)",
    path: () => `/orders/${NOBODY}`,
    as: "buyer",
    kind: "form",
    fields: { intent: "review", lineId: NOBODY, rating: "5", text: "Lovely caps" },
    intent: "intent",
    odd: { rating: ["0", "6", "4.5", "five", "5\u0000"], lineId: ["not-a-line", `${NOBODY}0`, "' or 1=1 --"] },
  },
  {
    route: "/orders/:id (an On-time Guarantee claim)",
    path: () => `/orders/${NOBODY}`,
    as: "buyer",
    kind: "form",
    fields: { intent: "guarantee", note: "Our event was on the 18th." },
    intent: "intent",
    odd: { note: ["n".repeat(1001), "\u0000"] },
  },
  // Reporting a problem with a delivered order, and its photos (decision 043), on an order that is nobody's.
  {
    route: "/orders/:id (a problem report)",
    path: () => `/orders/${NOBODY}`,
    as: "buyer",
    kind: "form",
    fields: { intent: "problem", "line-1": "on", description: "Twelve caps arrived with the logo upside down." },
    intent: "intent",
    odd: { description: ["", "short", "d".repeat(2001), "\u0000"], "line-1": ["__proto__", "1e309"] },
  },
  {
    route: "/orders/:id/problem-photos",
    path: () => `/orders/${NOBODY}/problem-photos`,
    as: "buyer",
    kind: "file",
    fields: {},
  },
  {
    route: "/account/profile",
    path: () => "/account/profile",
    as: "buyer",
    kind: "form",
    fields: { firstName: "Jane", lastName: "Smith", avatarUrl: "" },
    odd: { avatarUrl: ["javascript:alert(1)", "http://plain.example/a.png"] },
  },
  {
    route: "/account/organisation",
    path: () => "/account/organisation",
    as: "buyer",
    kind: "form",
    fields: { intent: "org-invite", email: "colleague@acme-events.co.uk", role: "member" },
    intent: "intent",
    odd: { role: ["owner", "__proto__"], email: ["not-an-address", "a@b"] },
  },
  // Changing a member's role (decision 025), for a member who is nobody.
  {
    route: "/account/organisation (changing a role)",
    path: () => "/account/organisation",
    as: "buyer",
    kind: "form",
    fields: { intent: "org-member-role", memberId: NOBODY, role: "approver" },
    intent: "intent",
    odd: { role: ["owner", "__proto__", "admin,owner"], memberId: ["", "x".repeat(101)] },
  },
  {
    route: "/accept-invitation/:id",
    path: () => "/accept-invitation/no-such-invitation",
    as: "buyer",
    kind: "form",
    fields: { accept: "yes" },
    intent: "accept",
  },
  {
    route: "/sign-in",
    path: () => "/sign-in",
    as: "visitor",
    kind: "form",
    fields: { intent: "password", identifier: "nobody@acme-events.co.uk", password: "wrong" },
    intent: "intent",
  },
  {
    route: "/sign-in/two-factor",
    path: () => "/sign-in/two-factor",
    as: "visitor",
    kind: "form",
    fields: { kind: "totp", code: "123456" },
    intent: "kind",
  },
  {
    route: "/sign-up",
    path: () => "/sign-up",
    as: "visitor",
    kind: "form",
    fields: {
      firstName: "Jane",
      lastName: "Smith",
      identifier: "fuzz-sign-up@acme-events.co.uk",
      password: "marmalade skyline 42",
    },
  },
  {
    route: "/verify",
    path: () => "/verify?identifier=nobody%40acme-events.co.uk",
    as: "visitor",
    kind: "form",
    fields: { intent: "verify", identifier: "nobody@acme-events.co.uk", code: "000000" },
    intent: "intent",
  },
  {
    route: "/forgot-password",
    path: () => "/forgot-password",
    as: "visitor",
    kind: "form",
    fields: { identifier: "nobody@acme-events.co.uk", method: "link" },
    intent: "method",
  },
  {
    route: "/reset-password",
    path: () => "/reset-password",
    as: "visitor",
    kind: "form",
    fields: { token: "no-such-token", password: "marmalade skyline 42" },
  },
  {
    route: "/sign-out",
    path: () => "/sign-out",
    as: "visitor",
    kind: "form",
    fields: { scope: "local" },
    intent: "scope",
    wellFormed: {
      "an empty form": "no scope means this device only",
      "missing fields": "no scope means this device only",
    },
  },
  {
    route: "/contact",
    path: () => "/contact",
    as: "visitor",
    kind: "form",
    fields: {
      first_name: "Jane",
      last_name: "Smith",
      email: "jane@acme-events.co.uk",
      company: "Acme Events Ltd",
      purpose: "quote",
      notes: "",
    },
    intent: "purpose",
    odd: { deadline: ["2026-02-30", "tomorrow"] },
  },
  {
    route: "/admin/orders/:id",
    path: () => `/admin/orders/${NOBODY}`,
    as: "staff",
    kind: "form",
    fields: { intent: "status", to: "in_production", version: "1", note: "" },
    intent: "intent",
    odd: { version: ["0", "1e309"], to: ["__proto__"] },
  },
  {
    route: "/admin/orders/:id (cancelling an order)",
    path: () => `/admin/orders/${NOBODY}`,
    as: "staff",
    kind: "form",
    fields: { intent: "cancel", version: "1", reason: "The event was called off", refund: "on" },
    intent: "intent",
    odd: { version: ["0", "1e309"], reason: ["", "r".repeat(1001)], refund: ["__proto__"] },
  },
  {
    route: "/admin/orders/:id (a bank transfer marked received, with the day it arrived)",
    path: () => `/admin/orders/${NOBODY}`,
    as: "staff",
    kind: "form",
    fields: { intent: "transfer", version: "1", amount: "318.60", arrived_on: "2026-11-27" },
    intent: "intent",
    odd: {
      amount: ["-1", "1e309", "a".repeat(21)],
      arrived_on: ["2026-02-30", "tomorrow", "9999-12-31", "0000-01-01", "x".repeat(21)],
    },
  },
  {
    route: "/admin/data-requests",
    path: () => "/admin/data-requests",
    as: "staff",
    kind: "form",
    fields: { intent: "find", who: "nobody@example.com" },
    intent: "intent",
    odd: { who: ["%", "nobody@", "' or 1=1 --", "0770090", "x".repeat(8000), "\u0000@example.com"] },
  },
  {
    route: "/admin/data-requests (a copy of an account's data, or deleting the account)",
    path: () => "/admin/data-requests",
    as: "staff",
    kind: "form",
    fields: { intent: "delete-account", who: "nobody@example.com", confirm: "yes" },
    intent: "intent",
    odd: { who: ["' or 1=1 --", "x".repeat(8000)], confirm: ["no", "__proto__", ""] },
  },
  {
    route: "/admin (Back up now)",
    path: () => "/admin?index",
    as: "staff",
    kind: "form",
    fields: { intent: "backup" },
    intent: "intent",
    odd: { intent: ["__proto__", "backup ", "BACKUP"] },
    wellFormed: { "missing fields": "the intent is the only field: a form with it asks for a backup" },
  },
  {
    route: "/account/data",
    path: () => "/account/data",
    as: "buyer",
    kind: "form",
    fields: { intent: "export" },
    intent: "intent",
    odd: { intent: ["__proto__", "export ", "EXPORT"] },
    wellFormed: { "missing fields": "the intent is the only field: a form with it asks for a copy" },
  },
  {
    // The buyer here works for nobody: every case is refused before or after reading the answers (decision 085).
    route: "/account/credit",
    path: () => "/account/credit",
    as: "buyer",
    kind: "form",
    fields: {
      company_name: "Acme Events Ltd",
      company_number: "01234567",
      accounts_email: "accounts@acme.example",
      monthly_spend: "2000",
      requested_limit: "",
      agree: "yes",
    },
    odd: {
      company_number: ["1234", "__proto__", "x".repeat(8000)],
      accounts_email: ["not-an-address", "a@b", "x".repeat(300)],
      monthly_spend: ["-1", "1e309", "£", "2000.001"],
      requested_limit: ["NaN", "99999999999"],
      agree: ["no", "on"],
    },
  },
  {
    route: "/admin/credit-accounts/:organisationId",
    path: () => `/admin/credit-accounts/${NOBODY}`,
    as: "staff",
    kind: "form",
    fields: { version: "1", decision: "approve", limit: "5000", terms: "30", note: "" },
    intent: "decision",
    odd: {
      version: ["0", "1e309", "-1"],
      limit: ["0", "99.99", "1000000.01", "1e3", "£"],
      terms: ["31", "0", "-30", "__proto__"],
      note: ["n".repeat(1001)],
    },
  },
  {
    route: "/account/delete",
    path: () => "/account/delete",
    as: "buyer",
    kind: "form",
    // Never the buyer's password: every case is refused, and the account stays.
    fields: { password: "not the password at all", confirm: "yes" },
    odd: { password: ["", "x".repeat(8000), "\u0000"], confirm: ["no", "on", "__proto__"] },
  },
  {
    route: "/admin/orders/:id (part payments sent back)",
    path: () => `/admin/orders/${NOBODY}`,
    as: "staff",
    kind: "form",
    fields: { intent: "transfer-return", version: "1", returned_on: "2026-11-27", reference: "RTN-1" },
    intent: "intent",
    odd: {
      version: ["0", "1e309", "-1"],
      returned_on: ["2026-02-30", "tomorrow", "9999-12-31", "x".repeat(21)],
      reference: ["r".repeat(101), " "],
    },
  },
  {
    route: "/admin/attention",
    path: () => "/admin/attention",
    as: "staff",
    kind: "form",
    fields: { intent: "retry", job_id: "1" },
    intent: "intent",
    odd: { job_id: ["0", "-1", "1.5", "1e309", "99999999999999999999", "x".repeat(8000)] },
  },
  {
    route: "/admin/closures",
    path: () => "/admin/closures",
    as: "staff",
    kind: "form",
    fields: { intent: "add", from: "2027-06-01", to: "2027-06-04", reason: "Summer shutdown" },
    intent: "intent",
    odd: {
      from: ["2026-02-30", "0000-01-01", "9999-12-31", "tomorrow", "x".repeat(8000)],
      to: ["2027-02-30", "1999-01-01", "2027-07-31", "x".repeat(8000)],
      reason: ["r".repeat(81), " "],
    },
  },
  {
    route: "/admin/closures (removing one)",
    path: () => "/admin/closures",
    as: "staff",
    kind: "form",
    fields: { intent: "remove", closure_id: NOBODY },
    intent: "intent",
    odd: { closure_id: ["not-an-id", `${NOBODY}0`, "' or 1=1 --", "x".repeat(8000)] },
  },
  {
    route: "/admin/orders/:id (a refund)",
    path: () => `/admin/orders/${NOBODY}`,
    as: "staff",
    kind: "form",
    fields: { intent: "refund", version: "1", by: "amount", amount: "10.00", reason: "Damaged", qty_0: "" },
    intent: "intent",
    odd: {
      version: ["0", "1e309"],
      by: ["__proto__"],
      amount: ["-1", "1e309", "0.001", "a".repeat(21)],
      qty_0: ["-1", "1.5", "9".repeat(8)],
      reason: ["r".repeat(501)],
    },
  },
  {
    route: "/admin/orders/:id (a pending card refund tried again)",
    path: () => `/admin/orders/${NOBODY}`,
    as: "staff",
    kind: "form",
    fields: { intent: "refund-retry", refund_id: NOBODY },
    intent: "intent",
    odd: { refund_id: ["not-an-id", "x".repeat(8000)] },
  },
  {
    route: "/admin/orders/:id (a delivery address changed before production)",
    path: () => `/admin/orders/${NOBODY}`,
    as: "staff",
    kind: "form",
    fields: {
      intent: "ship-to",
      version: "1",
      company: "Acme",
      firstName: "Jane",
      lastName: "Smith",
      line1: "1 High Street",
      line2: "",
      city: "Leeds",
      postcode: "LS1 4AP",
      phone: "+44 20 7946 0958",
    },
    intent: "intent",
    odd: { version: ["0", "1e309"], line1: ["l".repeat(201)], postcode: ["p".repeat(17)] },
  },
  {
    route: "/admin/orders/:id (a size split changed before production)",
    path: () => `/admin/orders/${NOBODY}`,
    as: "staff",
    kind: "form",
    fields: { intent: "sizes", version: "1", line: NOBODY, "size-M": "100" },
    intent: "intent",
    odd: { line: ["not-a-line", "__proto__"], "size-M": ["-1", "1.5", "ten", "9".repeat(17)] },
  },
  {
    route: "/admin/orders/:id (a guarantee claim's decision)",
    path: () => `/admin/orders/${NOBODY}`,
    as: "staff",
    kind: "form",
    fields: { intent: "claim", decision: "accept", reason: "Late by a week" },
    intent: "intent",
    odd: { decision: ["maybe", "__proto__"], reason: ["", "   ", "r".repeat(1001)] },
  },
  // A product's picture (decision 066): a multipart upload, so every form below is refused, each saying why.
  {
    route: "/admin/products/:id/pictures",
    path: () => "/admin/products/16/pictures",
    as: "staff",
    kind: "form",
    fields: { alt: "The diary, closed, logo debossed on the cover", colour: "" },
  },
  // A product's editor (decision 066): every field, a band, a colour, the details, and the version it was opened at.
  {
    route: "/admin/products/:id",
    path: () => "/admin/products/16",
    as: "staff",
    kind: "form",
    fields: { intent: "save", version: "1", ...PRODUCT_FORM },
    intent: "intent",
    odd: { ...PRODUCT_ODD, version: ["-1", "1.5", "99999999999"] },
  },
  // A catalogue import (decision 066): a multipart upload of a CSV, so every form below is refused, each saying why.
  {
    route: "/admin/products/import",
    path: () => "/admin/products/import",
    as: "staff",
    kind: "form",
    fields: { file: "id,title" },
  },
  // Applying an import: an intent, on an import that does not exist.
  {
    route: "/admin/products/import/:id",
    path: () => `/admin/products/import/${NOBODY}`,
    as: "staff",
    kind: "form",
    fields: { intent: "apply" },
    intent: "intent",
  },
  // A new product's form (decision 066): the editor's fields with no version.
  {
    route: "/admin/products/new",
    path: () => "/admin/products/new",
    as: "staff",
    kind: "form",
    fields: { ...PRODUCT_FORM, slug: "fuzz-bottle" },
    odd: PRODUCT_ODD,
  },
  // A new category (decision 068): a name, a URL name and a menu, each odd value refused with its reason.
  {
    route: "/admin/categories",
    path: () => "/admin/categories",
    as: "staff",
    kind: "form",
    fields: { intent: "create", name: "Fuzz Gifts", slug: "fuzz-gifts", menu: "none" },
    intent: "intent",
    odd: {
      name: ["", "   ", "n".repeat(41), "\u0000"],
      slug: ["../hats", "Fuzz Gifts", "s".repeat(61), "all", "fuzz--gifts"],
      menu: ["__proto__", "footer", ""],
    },
  },
  {
    route: "/admin/reviews",
    path: () => "/admin/reviews",
    as: "staff",
    kind: "form",
    fields: { intent: "hide", reviewId: NOBODY, reason: "Off topic" },
    intent: "intent",
    odd: { reviewId: ["not-a-review", `${NOBODY}0`], reason: ["", "   ", "r".repeat(501)] },
  },
  {
    route: "/admin/problem-reports",
    path: () => "/admin/problem-reports",
    as: "staff",
    kind: "form",
    fields: { intent: "resolve", reportId: NOBODY },
    intent: "intent",
    odd: { reportId: ["not-a-report", `${NOBODY}0`, "' or 1=1 --", "r".repeat(5000)] },
  },
  {
    route: "/prices",
    path: () => "/prices",
    as: "visitor",
    kind: "form",
    fields: { mode: "inc", returnTo: "/products" },
    odd: { mode: ["INC", "both", "inc\u0000", "__proto__"] },
  },
  {
    route: "/quotes",
    path: () => "/quotes",
    as: "buyer",
    kind: "form",
    fields: { intent: "convert", quoteId: NOBODY, "pick-8": "500" },
    intent: "intent",
    odd: {
      quoteId: ["not-a-quote", `${NOBODY}0`, "' or 1=1 --"],
      "pick-8": ["-1", "1e309", "__proto__", "9".repeat(8)],
    },
  },
  {
    route: "/quotes (a custom request)",
    path: () => "/quotes",
    as: "buyer",
    kind: "form",
    fields: {
      intent: "custom",
      product: "Woven caps",
      quantity: "100",
      needed_by: "",
      notes: "",
      name: "Jane",
      email: "jane@acme-events.co.uk",
    },
    odd: { quantity: ["0", "-1", "1e9", "ten"], needed_by: ["2026-02-30", "tomorrow"], email: ["not-an-address"] },
  },
  {
    route: "/admin/quotes/answer/:requestId",
    path: () => `/admin/quotes/answer/${NOBODY}`,
    as: "staff",
    kind: "form",
    fields: {
      "line-0-productId": "8",
      "line-0-description": "Woven label inside",
      "line-0-quantity": "100",
      "line-0-unitPrice": "4",
      shippingMethod: "standard",
      country: "GB",
      deliveryNote: "About 4 weeks",
    },
    odd: { "line-0-unitPrice": ["-1", "1e309", "4.001", "10001"], "line-0-quantity": ["0", "1.5"], country: ["XX"] },
  },
  {
    route: "/payment",
    path: () => "/payment",
    as: "buyer",
    kind: "form",
    fields: { intent: "bank_transfer", draft_id: NOBODY, product_id: "8" },
    intent: "intent",
    odd: { draft_id: ["not-a-draft", "' or 1=1 --"], product_id: ["../8", "8\u0000"] },
  },
  // The brand kit: its page's two forms, a logo upload, step 2's "Use this logo".
  {
    route: "/account/brand-kit",
    path: () => "/account/brand-kit",
    as: "buyer",
    kind: "form",
    fields: { intent: "save", colours: "#1F2A56", placementNotes: "Centred" },
    intent: "intent",
    odd: {
      colours: [
        "navy",
        "#12345",
        "#1234567",
        "#gggggg",
        Array.from({ length: 21 }, (_, i) => `#${String(i).padStart(6, "0")}`).join(","),
      ],
      placementNotes: ["n".repeat(1001)],
    },
    wellFormed: { "missing fields": "saving no colours and no notes empties the kit, as the page's form can" },
  },
  {
    route: "/account/brand-kit (removing a logo)",
    path: () => "/account/brand-kit",
    as: "buyer",
    kind: "form",
    fields: { intent: "remove", logoId: NOBODY },
    odd: { logoId: ["not-a-logo", `${NOBODY}0`, "' or 1=1 --"] },
  },
  {
    route: "/api/brand-kit/logos",
    path: () => "/api/brand-kit/logos",
    as: "buyer",
    kind: "file",
    fields: {},
  },
  {
    route: "/api/drafts/:id/brand-logo",
    path: (ids) => `/api/drafts/${ids.draftId}/brand-logo`,
    as: "buyer",
    kind: "json",
    fields: { logo_id: NOBODY },
    odd: { logo_id: ["not-a-logo", "' or 1=1 --", `${NOBODY}0`] },
  },
  {
    route: "/api/drafts/:id/line-artwork",
    path: (ids) => `/api/drafts/${ids.draftId}/line-artwork`,
    as: "buyer",
    kind: "json",
    fields: { from_draft_id: NOBODY, file_id: NOBODY },
    odd: { from_draft_id: ["not-a-draft", "../../etc/passwd", `${NOBODY}0`], file_id: ["' or 1=1 --", "x".repeat(65)] },
  },
  // Order again: the order is the path's; the form carries nothing it reads.
  {
    route: "/orders/:id/reorder",
    path: () => `/orders/${NOBODY}/reorder`,
    as: "buyer",
    kind: "form",
    fields: { intent: "reorder" },
  },
  // A page without an action answers every post with 405 Method Not Allowed.
  {
    route: "/products",
    path: () => "/products",
    as: "visitor",
    kind: "form",
    fields: { intent: "add" },
    intent: "intent",
  },
];

// ---------------------------------------------------------------------------------------------
// The cases: each breaks a well-formed body

type Send = (request: HttpClient, url: string) => Promise<ShopResponse>;
/** `browser`: a body a browser's own form could send, so a page without JavaScript can get it too. */
type Case = { name: string; send: Send; browser?: boolean };

const each = (fields: Fields, value: (current: unknown) => unknown) =>
  Object.fromEntries(Object.entries(fields).map(([key, current]) => [key, value(current)]));
const asText = (fields: Fields) =>
  Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, typeof value === "string" ? value : JSON.stringify(value)]),
  );
const json =
  (body: string): Send =>
  (request, url) =>
    request.post(url, { data: body, headers: { "Content-Type": "application/json" } });
const form =
  (fields: Record<string, string>): Send =>
  (request, url) =>
    request.post(url, { form: fields });
const oddCases = (target: Target, build: (fields: Fields) => Send): Case[] =>
  Object.entries(target.odd ?? {}).flatMap(([field, values]) =>
    values.map((value) => ({
      name: `${field} = ${JSON.stringify(value)}`,
      send: build({ ...target.fields, [field]: value }),
    })),
  );

function jsonCases(target: Target): Case[] {
  const { fields, intent } = target;
  return [
    { name: "no body at all", send: (request, url) => request.post(url) },
    { name: "an empty JSON body", send: json("") },
    { name: "malformed JSON", send: json('{"oops": ') },
    { name: "a form instead of JSON", send: form(asText({ ...fields, ...(intent ? { [intent]: "explode" } : {}) })) },
    { name: "a JSON array", send: json(JSON.stringify([fields])) },
    { name: "JSON null", send: json("null") },
    { name: "missing fields", send: json("{}") },
    {
      name: "wrong types",
      send: json(JSON.stringify(each(fields, (v) => (typeof v === "number" ? "twelve" : 12345)))),
    },
    { name: "arrays where strings are expected", send: json(JSON.stringify(each(fields, () => ["a", "b"]))) },
    { name: "null fields", send: json(JSON.stringify(each(fields, () => null))) },
    { name: "1 MB strings", send: json(JSON.stringify(each(fields, () => MEGABYTE))) },
    { name: "JSON nested 5,000 deep", send: json(`${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`) },
    ...(intent
      ? [{ name: `an unknown ${intent}`, send: json(JSON.stringify({ ...fields, [intent]: "explode" })) }]
      : []),
    ...oddCases(target, (body) => json(JSON.stringify(body))),
  ];
}

function formCases(target: Target): Case[] {
  const fields = asText(target.fields);
  const { intent } = target;
  const names = Object.keys(fields);
  const multipart =
    (parts: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>): Send =>
    (request, url) =>
      request.post(url, { multipart: parts });
  return [
    { name: "no body at all", send: (request, url) => request.post(url) },
    { name: "an empty form", send: form({}), browser: true },
    { name: "missing fields", send: form(intent ? { [intent]: fields[intent]! } : {}), browser: true },
    ...(intent
      ? [{ name: `an unknown ${intent}`, send: form({ ...fields, [intent]: "explode" }), browser: true }]
      : []),
    {
      name: "arrays where strings are expected",
      send: (request, url) =>
        request.post(url, {
          data: names.flatMap((n) => [`${n}=%5B%22a%22%5D`, `${n}[]=b`, `${n}=%5B%22a%22%2C%22b%22%5D`]).join("&"),
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        }),
      browser: true,
    },
    {
      name: "files where text is expected",
      send: multipart(
        Object.fromEntries(names.map((n) => [n, { name: `${n}.png`, mimeType: "image/png", buffer: PNG }])),
      ),
      browser: true,
    },
    {
      name: "1 MB text in every field",
      send: form(Object.fromEntries(names.map((n) => [n, MEGABYTE]))),
      browser: true,
    },
    { name: "JSON instead of a form", send: json(JSON.stringify(target.fields)) },
    {
      name: "plain text instead of a form",
      send: (request, url) => request.post(url, { data: "intent=add", headers: { "Content-Type": "text/plain" } }),
    },
    {
      name: "a multipart body that breaks off",
      send: (request, url) =>
        request.post(url, {
          data: '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd',
          headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
        }),
    },
    ...oddCases(target, (body) => form(asText(body))).map((c) => ({ ...c, browser: true })),
  ];
}

function fileCases(): Case[] {
  const upload =
    (body: string | Buffer, headers: Record<string, string>): Send =>
    (request, url) =>
      request.post(url, { data: body, headers });
  return [
    { name: "no file name", send: upload(PDF, { "Content-Type": "application/pdf" }) },
    { name: "an empty file", send: upload(Buffer.alloc(0), { "X-File-Name": "logo.pdf" }) },
    { name: "a type that is not artwork", send: upload(PDF, { "X-File-Name": "logo.exe" }) },
    { name: "a PNG named .pdf", send: upload(PNG, { "X-File-Name": "logo.pdf" }) },
    {
      name: "a path for a name",
      send: upload(MEGABYTE, { "X-File-Name": encodeURIComponent("../../../etc/passwd.pdf") }),
    },
    { name: "a name that is not URI-encoded", send: upload("%PDX", { "X-File-Name": "%E0%A4%A.pdf" }) },
    { name: "an 8 kB name", send: upload(PDF, { "X-File-Name": `${MEGABYTE.slice(0, 8000)}.exe` }) },
    {
      name: "1 MB of JSON named .pdf",
      send: upload(JSON.stringify({ a: MEGABYTE }), { "X-File-Name": "logo.pdf", "Content-Type": "application/json" }),
    },
    {
      name: "a browser's multipart form",
      send: (request, url) =>
        request.post(url, {
          multipart: { file: { name: "logo.pdf", mimeType: "application/pdf", buffer: PDF } },
          headers: { "X-File-Name": "logo.pdf" },
        }),
    },
  ];
}

const casesFor = (target: Target): Case[] =>
  (target.kind === "file" ? fileCases() : target.kind === "form" ? formCases(target) : jsonCases(target)).filter(
    (c) => !target.wellFormed?.[c.name],
  );

// ---------------------------------------------------------------------------------------------
// What a refusal must carry

/** Where a page's action data says what went wrong: a message, a form error or field errors. */
function reasonIn(value: unknown, depth = 0): string | undefined {
  if (value === null || typeof value !== "object" || depth > 4) return undefined;
  for (const [key, entry] of Object.entries(value)) {
    if (["message", "formError", "statusText"].includes(key) && typeof entry === "string" && entry.trim()) return entry;
    if (["fieldErrors", "errors", "problems"].includes(key) && entry && typeof entry === "object") {
      const first = Object.values(entry)
        .flat()
        .find((text) => typeof text === "string" && text.trim());
      if (typeof first === "string") return first;
    }
    const nested = reasonIn(entry, depth + 1);
    if (nested) return nested;
  }
  return undefined;
}

async function expectRefusedWithReason(target: Target, response: ShopResponse, what: string) {
  const status = response.status();
  const text = await response.text();
  expect(status, `${what}: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (target.kind === "form") {
    const answer = await readRouteAnswer(response);
    expect(
      reasonIn({ data: answer.data, error: answer.error }) ?? reasonIn(JSON.parse(answer.body || "{}")),
      `${what} says why: ${answer.body.slice(0, 300)}`,
    ).toBeTruthy();
  } else {
    expect(JSON.parse(text), what).toMatchObject({
      error: { code: expect.any(String), message: expect.stringMatching(/\S/) },
    });
  }
}

// ---------------------------------------------------------------------------------------------

const shop = inProcessShop();
let buyer: HttpClient;
let staff: HttpClient;
let ids: Ids;

beforeAll(async () => {
  const who = newBuyer("fuzz");
  buyer = shop.newClient();
  await signUpOverHttp(buyer, shop.mailbox, who);
  staff = await shop.newStaffClient();
  // A draft and a file of the buyer's own, so the draft routes get past "not found" to the checks.
  const draftId = await completeDraft(buyer, {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Front embroidery",
    branding: "embroidery",
    quantity: 50,
    marker: "fuzz",
    email: who.email,
  });
  ids = { draftId, artworkId: await uploadArtwork(buyer, draftId, "logo.pdf") };
});

for (const target of TARGETS) {
  for (const malformed of casesFor(target)) {
    it(`POST ${target.route} with ${malformed.name}: a 4xx that says why`, async () => {
      // Visitors each get an address of their own, so per-IP limits never answer for the check.
      const request = target.as === "buyer" ? buyer : target.as === "staff" ? staff : shop.newClient();
      const path = target.path(ids);
      if (target.kind === "form") {
        // As the router posts it (its action data says why), and as a browser without JavaScript does.
        await expectRefusedWithReason(target, await malformed.send(request, dataUrl(path)), "the router's post");
        if (malformed.browser) {
          const page = await malformed.send(request, path);
          expect(page.status(), "the page's post").toBeGreaterThanOrEqual(400);
          expect(page.status(), "the page's post").toBeLessThan(500);
        }
      } else {
        await expectRefusedWithReason(target, await malformed.send(request, path), "the answer");
      }
      expect((await request.get("/healthz")).status()).toBe(200);
    });
  }
}

// The back office's read-only pages that take filters in their address (the production board, the
// audit log and its CSV, the VAT summary) and the pages whose form is posted (closures, people's data):
// an odd value in every parameter at once is ignored or refused, never a 5xx, and nothing but GET is
// served where nothing is posted. One request per odd value: the CSV's budget is ten an hour.
const ODD_QUERY_VALUES = [
  "__proto__",
  "' or 1=1 --",
  "%",
  "2026-02-30",
  "-1",
  "9".repeat(20),
  "x".repeat(4000),
  "\u0000",
];
it("GET the back office's filtered pages with odd values in every parameter: answered, never a 5xx, and POST to a read-only one is refused", async () => {
  const pages = [
    ["/admin/board", ["product", "method"]],
    ["/admin/audit", ["subject", "staff", "q", "from", "to", "before"]],
    ["/admin/audit/export.csv", ["subject", "staff", "q", "from", "to", "before"]],
    ["/admin/vat", ["quarter"]],
    ["/admin/closures", ["from"]],
    ["/admin/data-requests", ["who"]],
    ["/admin/credit-accounts", ["status"]],
  ] as const;
  for (const [path, names] of pages) {
    for (const value of ODD_QUERY_VALUES) {
      const query = new URLSearchParams(names.map((name) => [name, value])).toString();
      const response = await staff.get(`${path}?${query}`);
      // 200, or 414/431 where the 4,000 characters in every parameter make the request too long.
      expect([200, 414, 431], `${path} ${value.slice(0, 20)}`).toContain(response.status());
    }
  }
  for (const path of ["/admin/board", "/admin/audit", "/admin/audit/export.csv"]) {
    const posted = await staff.post(path, { form: { intent: "delete" } });
    expect(posted.status(), path).toBeGreaterThanOrEqual(400);
    expect(posted.status(), path).toBeLessThan(500);
  }
  expect((await staff.get("/healthz")).status()).toBe(200);
});

// The order's documents (decision 019) take nothing but the order's id in their path: every
// odd id is "no such document", for the buyer and for staff, and nothing but GET is served.
const ODD_ORDER_IDS = [
  "not-an-id",
  NOBODY.replaceAll("0", "g"),
  `${NOBODY}0`,
  "%00",
  "..%2F..%2Fetc%2Fpasswd",
  "x".repeat(8000),
  "' or 1=1 --",
];
for (const [who, prefix] of [
  ["buyer", "/orders"],
  ["staff", "/admin/orders"],
] as const) {
  it(`GET ${prefix}/:id/invoice.pdf, credit-notes/:number, guarantee-credit-note.pdf (and the buyer's proforma.pdf) with odd ids and numbers: 404, and POST is refused`, async () => {
    const request = who === "buyer" ? buyer : staff;
    for (const id of [...ODD_ORDER_IDS, NOBODY]) {
      for (const document of [
        "invoice.pdf",
        "credit-notes/CN-2026-000001",
        `credit-notes/${encodeURIComponent(ODD_ORDER_IDS.at(-1)!)}`,
        "guarantee-credit-note.pdf",
        ...(who === "buyer" ? ["proforma.pdf"] : []),
      ]) {
        const response = await request.get(`${prefix}/${id}/${document}`);
        expect(response.status(), `${id.slice(0, 40)}/${document}`).toBe(404);
        expect(response.headers()["content-type"] ?? "").not.toContain("application/pdf");
      }
    }
    const posted = await request.post(`${prefix}/${NOBODY}/invoice.pdf`, { form: { intent: "invoice" } });
    expect(posted.status()).toBeGreaterThanOrEqual(400);
    expect(posted.status()).toBeLessThan(500);
    expect((await request.get("/healthz")).status()).toBe(200);
  });
}

// A copy of a person's data (decision 084) is fetched by its id alone: every odd id is "no such copy", never a ZIP.
// An organisation's statement (decision 085) is named by the organisation: every odd one is "no such statement".
it("GET a statement of account with odd organisations, or for a buyer without one: 404, never a PDF", async () => {
  for (const id of [...ODD_ORDER_IDS, NOBODY]) {
    const response = await staff.get(`/admin/credit-accounts/${id}/statement.pdf`);
    expect(response.status(), id.slice(0, 40)).toBe(404);
    expect(response.headers()["content-type"] ?? "").not.toContain("application/pdf");
    const page = await staff.get(`/admin/credit-accounts/${id}`);
    expect(page.status(), id.slice(0, 40)).toBe(404);
  }
  const own = await buyer.get("/account/credit/statement.pdf");
  expect(own.status()).toBe(404);
  // It reads nothing from its address: odd values there change nothing.
  for (const value of ODD_QUERY_VALUES.slice(0, -1)) {
    const odd = await buyer.get(`/account/credit/statement.pdf?${new URLSearchParams({ organisationId: value })}`);
    expect(odd.status(), value.slice(0, 20)).toBe(404);
  }
  const posted = await buyer.post("/account/credit/statement.pdf", { form: { intent: "x" } });
  expect(posted.status()).toBeGreaterThanOrEqual(400);
  expect(posted.status()).toBeLessThan(500);
  expect((await buyer.get("/healthz")).status()).toBe(200);
});

// A collection's answers as CSV (decision 092) are named by the collection: every odd id is "no such collection".
it("GET a collection's answers as CSV with odd ids: 404 (or 429), never a CSV, and POST is refused", async () => {
  for (const id of [...ODD_ORDER_IDS, NOBODY]) {
    const response = await buyer.get(`/collections/${id}/answers.csv`);
    // 404, or 429 once the form cases above have spent the buyer's minute on the collection's pages.
    expect([404, 429], id.slice(0, 40)).toContain(response.status());
    expect(response.headers()["content-type"] ?? "").not.toContain("text/csv");
  }
  const posted = await buyer.post(`/collections/${NOBODY}/answers.csv`, { form: { intent: "x" } });
  expect(posted.status()).toBeGreaterThanOrEqual(400);
  expect(posted.status()).toBeLessThan(500);
  expect((await buyer.get("/healthz")).status()).toBe(200);
});

it("GET a copy of one's data, and staff's copy for a person, with odd ids: 404, never a ZIP, and POST is refused", async () => {
  for (const id of [...ODD_ORDER_IDS, NOBODY]) {
    for (const [request, path] of [
      [buyer, `/account/data/${id}`],
      [staff, `/admin/data-requests/exports/${id}`],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path.slice(0, 60)).toBe(404);
      expect(response.headers()["content-type"] ?? "").not.toContain("application/zip");
    }
  }
  const posted = await buyer.post(`/account/data/${NOBODY}`, { form: { intent: "export" } });
  expect(posted.status()).toBeGreaterThanOrEqual(400);
  expect(posted.status()).toBeLessThan(500);
  expect((await buyer.get("/healthz")).status()).toBe(200);
});

// The page a deleted account lands on (decision 084) reads nothing: odd values in its address are
// ignored, and nothing is posted to it.
it("GET /account-deleted with odd values in its address: the page, never a 5xx, and POST is refused", async () => {
  for (const value of ODD_QUERY_VALUES.slice(0, -1)) {
    const response = await buyer.get(`/account-deleted?${new URLSearchParams({ who: value, redirectTo: value })}`);
    // 200, or 414/431 where 4,000 characters twice make the request too long.
    expect([200, 414, 431], value.slice(0, 20)).toContain(response.status());
  }
  for (const request of [buyer, staff]) {
    const posted = await request.post("/account-deleted", { form: { intent: "delete" } });
    expect(posted.status()).toBeGreaterThanOrEqual(400);
    expect(posted.status()).toBeLessThan(500);
  }
  expect((await buyer.get("/healthz")).status()).toBe(200);
});

// The preflight's pictures of page one (decision 027) and "Use it anyway" with odd ids: "no such file", never a 5xx or an image.
it("GET the artwork previews and POST 'Use it anyway' with odd ids: a 4xx, never an image, and POST to a preview is refused", async () => {
  for (const id of [...ODD_ORDER_IDS, NOBODY]) {
    for (const [request, path] of [
      [buyer, `/api/artwork/${id}/preview`],
      [staff, `/admin/orders/${id}/artwork/${id}/preview`],
      [staff, `/admin/orders/${NOBODY}/artwork/${id}/preview`],
    ] as const) {
      const response = await request.get(path);
      // 404, or 431 where the 8,000-character id twice makes the request line too long.
      expect([404, 431], path.slice(0, 60)).toContain(response.status());
      expect(response.headers()["content-type"] ?? "").not.toContain("image/png");
    }
    const answered = await buyer.post(`/api/artwork/${id}/use-anyway`, {
      data: { draft_id: ids.draftId, codes: ["resolution"] },
    });
    expect(answered.status(), id.slice(0, 40)).toBeGreaterThanOrEqual(400);
    expect(answered.status(), id.slice(0, 40)).toBeLessThan(500);
  }
  const posted = await buyer.post(`/api/artwork/${ids.artworkId}/preview`, { data: "x".repeat(4096) });
  expect(posted.status()).toBeGreaterThanOrEqual(400);
  expect(posted.status()).toBeLessThan(500);
  expect((await buyer.get("/healthz")).status()).toBe(200);
});

// Reordering an odd id is "no such order", never a 5xx.
it("POST /orders/:id/reorder with odd ids: a 4xx that says why", async () => {
  for (const id of [...ODD_ORDER_IDS, NOBODY]) {
    const response = await buyer.post(dataUrl(`/orders/${id}/reorder`), { form: { intent: "reorder" } });
    expect(response.status(), id.slice(0, 40)).toBeGreaterThanOrEqual(400);
    expect(response.status(), id.slice(0, 40)).toBeLessThan(500);
  }
  expect((await buyer.get("/healthz")).status()).toBe(200);
});

// A quote's PDF (decision 021) likewise: an odd id is "no such quote" before any query.
for (const [who, prefix] of [
  ["buyer", "/quotes"],
  ["staff", "/admin/quotes"],
] as const) {
  it(`GET ${prefix}/:id/quote.pdf with odd ids: 404`, async () => {
    const request = who === "buyer" ? buyer : staff;
    for (const id of [...ODD_ORDER_IDS, NOBODY]) {
      const response = await request.get(`${prefix}/${id}/quote.pdf`);
      expect(response.status(), id.slice(0, 40)).toBe(404);
      expect(response.headers()["content-type"] ?? "").not.toContain("application/pdf");
    }
    expect((await request.get("/healthz")).status()).toBe(200);
  });
}

// The production board takes a product and a method, each ignored unless it is one the board has
// (docs/decisions/076); it takes no posts.
it("GET the production board with odd filters: the whole board, never a 5xx; POST is refused", async () => {
  for (const odd of ["__proto__", "%00", "8' or 1=1 --", "x".repeat(8000)]) {
    const query = `?product=${encodeURIComponent(odd)}&method=${encodeURIComponent(odd)}`;
    expect((await staff.get(`/admin/board${query}`)).status(), odd.slice(0, 40)).toBe(200);
  }
  const posted = await staff.post("/admin/board", { form: { product: "8" } });
  expect(posted.status()).toBeGreaterThanOrEqual(400);
  expect(posted.status()).toBeLessThan(500);
  expect((await staff.get("/healthz")).status()).toBe(200);
});

// The VAT page and its CSV take only a quarter, which an odd value turns into the current one
// (docs/decisions/074); neither takes a post.
it("GET the VAT page and its CSV with odd quarters: the current quarter, never a 5xx; POST is refused", async () => {
  for (const quarter of ["2026-Q5", "1999-Q1", "9999-Q1", "%00", "2026-Q1'--", "x".repeat(8000)]) {
    const query = `?quarter=${encodeURIComponent(quarter)}`;
    expect((await staff.get(`/admin/vat${query}`)).status(), quarter.slice(0, 40)).toBe(200);
    const csv = await staff.get(`/admin/vat/export.csv${query}`);
    expect(csv.status(), quarter.slice(0, 40)).toBe(200);
    expect(csv.headers()["content-disposition"]).toMatch(/filename="vat-\d{4}-Q[1-4]-/);
  }
  for (const path of ["/admin/vat", "/admin/vat/export.csv"]) {
    const posted = await staff.post(path, { form: { quarter: "2026-Q4" } });
    expect(posted.status(), path).toBeGreaterThanOrEqual(400);
    expect(posted.status(), path).toBeLessThan(500);
  }
  expect((await staff.get("/healthz")).status()).toBe(200);
});

// The quote lists take only a page number, which any odd value turns into a page that exists; the
// export and the lists take no posts.
it("GET the quote lists with odd queries: never a 5xx; POST to the lists and the export is refused", async () => {
  for (const page of ["0", "-1", "2.5", "1e309", "NaN", "99999999999999999999", "%00", "x".repeat(8000)]) {
    const query = `?page=${encodeURIComponent(page)}`;
    expect((await staff.get(`/admin/quotes${query}`)).status(), page.slice(0, 40)).toBe(200);
    expect((await buyer.get(`/quotes${query}`)).status(), page.slice(0, 40)).toBe(200);
  }
  const csv = await staff.get("/admin/quotes/export.csv?page=%00");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  for (const path of ["/admin/quotes", "/admin/quotes/export.csv"]) {
    const posted = await staff.post(path, { form: { intent: "delete" } });
    expect(posted.status(), path).toBeGreaterThanOrEqual(400);
    expect(posted.status(), path).toBeLessThan(500);
  }
  expect((await staff.get("/healthz")).status()).toBe(200);
});

// The orders' CSV takes filters that any odd value turns into the default, and a problem report's
// photo is "no such photo" for odd ids; neither takes a post. (One CSV request: staff have 10 a minute.)
it("GET the orders' CSV and a problem report's photo with odd input: never a 5xx; neither takes a post", async () => {
  const odd = ["__proto__", "1e309", "%00", "x".repeat(8000)].map(encodeURIComponent);
  const csv = await staff.get(`/admin/orders/export.csv?status=${odd[0]}&sort=${odd[1]}&dir=${odd[2]}&q=${odd[3]}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  for (const id of [...ODD_ORDER_IDS, NOBODY]) {
    const photo = await staff.get(`/admin/problem-reports/${encodeURIComponent(id)}/photos/${NOBODY}`);
    expect(photo.status(), id.slice(0, 40)).toBe(404);
    expect(photo.headers()["content-type"] ?? "").not.toContain("image/");
  }
  for (const path of ["/admin/orders/export.csv", `/admin/problem-reports/${NOBODY}/photos/${NOBODY}`]) {
    const posted = await staff.post(path, { form: { intent: "delete" } });
    expect(posted.status(), path).toBeGreaterThanOrEqual(400);
    expect(posted.status(), path).toBeLessThan(500);
  }
  expect((await staff.get("/healthz")).status()).toBe(200);
});

// The pages that only read (decisions 046, 047 and 066): a job sheet and an account are "not found"
// for odd ids, the customer search and the products list say what they need or find nothing; none
// takes a post.
it("GET a job sheet, the customer search, an account and the products list with odd input: never a 5xx; none takes a post", async () => {
  for (const id of [...ODD_ORDER_IDS, NOBODY]) {
    const sheet = await staff.get(`/admin/orders/${encodeURIComponent(id)}/job-sheet`);
    expect(sheet.status(), id.slice(0, 40)).toBe(404);
    const account = await staff.get(`/admin/customers/${encodeURIComponent(id)}`);
    expect(account.status(), id.slice(0, 40)).toBe(404);
  }
  for (const q of ["x", "%", "_", "' or 1=1 --", "%00", "\u0000", "x".repeat(101), "x".repeat(8000)]) {
    const search = await staff.get(`/admin/customers?q=${encodeURIComponent(q)}`);
    expect(search.status(), q.slice(0, 40)).toBe(200);
  }
  // The products list: searches long, odd or hostile, and a category or status it does not know.
  for (const query of [
    ...["' or 1=1 --", "%", "\u0000", "x".repeat(101), "x".repeat(8000)].map((q) => `q=${encodeURIComponent(q)}`),
    "category=__proto__&status=deleted",
    "category=Hats&category=Bags&status=published&status=draft",
    `status=${"s".repeat(5000)}`,
  ]) {
    const list = await staff.get(`/admin/products?${query}`);
    expect(list.status(), query.slice(0, 40)).toBe(200);
  }
  // The catalogue's CSV takes the list's filters: one odd request (staff have 10 downloads a minute).
  const csv = await staff.get(
    `/admin/products/export.csv?q=${encodeURIComponent("=1+1")}&category=__proto__&status=${"s".repeat(5000)}`,
  );
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  // A status change that names no product, an odd status or version, or a product that does not exist.
  for (const form of [
    { intent: "status", productId: "", to: "archived", version: "1" },
    { intent: "status", productId: "16", to: "deleted", version: "1" },
    { intent: "status", productId: "16", to: "archived", version: "1e3" },
    { intent: "status", productId: "16", to: "archived", version: "-1" },
    { intent: "status", productId: "x".repeat(200), to: "archived", version: "1" },
    { intent: "status", productId: "no-such-product", to: "archived", version: "1" },
  ]) {
    const answer = await readRouteAnswer(await staff.post(dataUrl("/admin/products"), { form }));
    const label = JSON.stringify(form).slice(0, 60);
    expect(answer.status, label).toBeGreaterThanOrEqual(400);
    expect(answer.status, label).toBeLessThan(500);
    expect(answer.body, label).toMatch(/"message":"[^"]+"/);
  }
  for (const path of [
    "/admin/customers",
    `/admin/customers/${NOBODY}`,
    `/admin/orders/${NOBODY}/job-sheet`,
    "/admin/products",
    "/admin/products/export.csv",
  ]) {
    const posted = await staff.post(path, { form: { intent: "delete" } });
    expect(posted.status(), path).toBeGreaterThanOrEqual(400);
    expect(posted.status(), path).toBeLessThan(500);
    const large = await staff.post(path, { data: "x".repeat(4096), headers: { "Content-Type": "text/plain" } });
    expect(large.status(), `${path} with 4 kB`).toBeGreaterThanOrEqual(400);
    expect(large.status(), `${path} with 4 kB`).toBeLessThan(500);
  }
  expect((await staff.get("/healthz")).status()).toBe(200);
});

it("GET a product picture by an odd name, and the listing with odd searches, filters and pages: never a 5xx", async () => {
  for (const name of ["..%2F..%2Fetc%2Fpasswd", "%00", "x".repeat(300), "<script>.webp", NOBODY, `${NOBODY}.webp`]) {
    const answer = await buyer.get(`/product-pictures/${name}`);
    expect(answer.status(), name.slice(0, 40)).toBe(404);
  }
  for (const query of [
    ...["' or 1=1 --", "%", "_", "\u0000", "&|!():*", "x".repeat(8000)].map((q) => `search=${encodeURIComponent(q)}`),
    "page=-1&sort=__proto__",
    `page=${"9".repeat(400)}`,
    "colour=%00&method=constructor&moq=1e9&lead=-3&qty=NaN&price=£",
    `colour=${"c".repeat(5000)}&qty=100&price=99999.999`,
  ]) {
    const listing = await buyer.get(`/products/hats?${query}`);
    expect(listing.status(), query.slice(0, 40)).toBe(200);
  }
});

// A category's page by an odd name is not found, never a 5xx; the categories' page reads no query
// and refuses a change to a category it does not have (decision 068).
it("GET a category page by an odd name and the categories' page with odd input: never a 5xx", async () => {
  for (const slug of ["..%2F..%2Fetc%2Fpasswd", "%00", "x".repeat(300), "__proto__", "Hats", "all", NOBODY]) {
    const answer = await buyer.get(`/products/${slug}`);
    expect(answer.status(), slug.slice(0, 40)).toBe(404);
  }
  // The categories' page has budgets of its own, which the product targets above do not spend.
  const admin = await shop.newStaffClient();
  const odd = await admin.get(`/admin/categories?q=${encodeURIComponent("' or 1=1 --")}&page=-1`);
  expect(odd.status()).toBe(200);
  const forms: Record<string, string>[] = [
    { intent: "rename", categoryId: NOBODY, name: "Hats", slug: "hats", menu: "header" },
    { intent: "move", categoryId: "__proto__", direction: "up" },
    { intent: "delete", categoryId: "x".repeat(200) },
    { intent: "hide", categoryId: "' or 1=1 --" },
  ];
  for (const form of forms) {
    const answer = await readRouteAnswer(await admin.post(dataUrl("/admin/categories"), { form }));
    const label = JSON.stringify(form).slice(0, 60);
    expect(answer.status, label).toBe(404);
    expect(answer.body, label).toMatch(/"message":"That category doesn't exist."/);
  }
  expect((await admin.get("/healthz")).status()).toBe(200);
});

it("GET the header search's suggestions with odd queries: never a 5xx, a 400 that says why past 100 characters; no post", async () => {
  for (const q of ["' or 1=1 --", "%", "_", "\u0000", "<script>", "cap&q=mat", "x".repeat(100)]) {
    const answer = await buyer.get(`/search/suggestions?q=${encodeURIComponent(q)}`);
    expect(answer.status(), q.slice(0, 40)).toBe(200);
    expect(await answer.json(), q.slice(0, 40)).toEqual({ suggestions: expect.any(Array) });
  }
  for (const q of ["x".repeat(101), "x".repeat(8000)]) {
    const answer = await buyer.get(`/search/suggestions?q=${encodeURIComponent(q)}`);
    expect(answer.status()).toBe(400);
    expect(await answer.json()).toMatchObject({ error: { message: "Search for 100 characters or fewer." } });
  }
  const noQuery = await buyer.get("/search/suggestions");
  expect(await noQuery.json()).toEqual({ suggestions: [] });
  const posted = await buyer.post("/search/suggestions", { form: { q: "cap" } });
  expect(posted.status()).toBeGreaterThanOrEqual(400);
  expect(posted.status()).toBeLessThan(500);
});

it("GET a product picture by an odd name: 404, never a file, and no post", async () => {
  for (const name of [...ODD_ORDER_IDS, NOBODY, ids.artworkId]) {
    const answer = await buyer.get(`/product-pictures/${encodeURIComponent(name)}`);
    expect([404, 431], name.slice(0, 40)).toContain(answer.status());
    expect(answer.headers()["content-type"] ?? "").not.toContain("image/");
  }
  const posted = await buyer.post(`/product-pictures/${NOBODY}`, { data: "x".repeat(4096) });
  expect(posted.status()).toBeGreaterThanOrEqual(400);
  expect(posted.status()).toBeLessThan(500);
});

it("after all of it, the buyer's draft and file are intact and the server is healthy", async () => {
  expect((await buyer.get(`/api/drafts/${ids.draftId}`)).status()).toBe(200);
  expect((await buyer.get(`/api/artwork/${ids.artworkId}`)).status()).toBe(200);
  expect((await buyer.get("/healthz")).status()).toBe(200);
});
