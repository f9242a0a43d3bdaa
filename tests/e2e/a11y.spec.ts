import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { completeDraft, payInTestMode, signInAsStaff, startPayment, type DraftPlan } from "./support/api";
import { clientAddress, expect, Mailbox, newBuyer, signUpOverHttp, test } from "./support/fixtures";

/** WCAG 2.2 AA as axe-core tags it (issue 3). */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const CATEGORY_SLUGS = ["drinkware", "office-essentials", "other", "apparel", "bags", "hats"];
const QUICK_WIN_SLUGS = ["ad-gift", "3pl", "community", "limited-editions", "order-details"];

/**
 * Every page route of app/routes.ts (by its full path there) and the URLs a signed-out visitor is
 * checked on; pages that need an account show what a signed-out visitor gets (a sign-in prompt or a
 * redirect). A route added to app/routes.ts without a line here fails the first test below.
 */
const PAGES: Record<string, string[]> = {
  "": ["/"],
  products: ["/products"],
  "products/:category": CATEGORY_SLUGS.map((slug) => `/products/${slug}`),
  "product/:id": ["/product/8", "/product/15", "/product/16", "/product/17", "/product/999"],
  env: ["/env"],
  "sign-in": ["/sign-in"],
  "sign-in/two-factor": ["/sign-in/two-factor"],
  "sign-up": ["/sign-up"],
  verify: ["/verify"],
  "forgot-password": ["/forgot-password"],
  "reset-password": ["/reset-password"],
  "sign-out": ["/sign-out"],
  account: ["/account"],
  "account/profile": ["/account/profile"],
  "account/password": ["/account/password"],
  "account/email": ["/account/email"],
  "account/two-factor": ["/account/two-factor"],
  "account/sessions": ["/account/sessions"],
  "account/organisation": ["/account/organisation"],
  "account/brand-kit": ["/account/brand-kit"],
  "accept-invitation/:id": ["/accept-invitation/no-such-invitation"],
  favorites: ["/favorites"],
  "shopping-list": ["/shopping-list"],
  cart: ["/cart"],
  customization: ["/customization"],
  details: ["/details"],
  shipping: ["/shipping"],
  "design-proofing": ["/design-proofing"],
  "debug/drafts": ["/debug/drafts"],
  payment: ["/payment"],
  orders: ["/orders"],
  "orders/:id": ["/orders/no-such-order"],
  // A link that was never made; a live one is checked at 375 and 1280 px in proof-approval.spec.ts.
  "proof-approval/:token": ["/proof-approval/not-a-share-link"],
  quotes: ["/quotes"],
  admin: ["/admin"],
  "admin/orders": ["/admin/orders"],
  "admin/orders/:id": ["/admin/orders/no-such-order"],
  "admin/orders/:id/job-sheet": ["/admin/orders/no-such-order/job-sheet"],
  "admin/inbox/:kind": ["/admin/inbox/contact"],
  "admin/quotes": ["/admin/quotes"],
  "admin/reviews": ["/admin/reviews"],
  "admin/problem-reports": ["/admin/problem-reports"],
  "admin/customers": ["/admin/customers?q=example"],
  "admin/customers/:accountId": ["/admin/customers/no-such-account"],
  "admin/quotes/answer/:requestId": ["/admin/quotes/answer/no-such-request"],
  "how-it-works": ["/how-it-works"],
  compare: ["/compare"],
  "customer-love": ["/customer-love"],
  about: ["/about"],
  contact: ["/contact"],
  faqs: ["/faqs"],
  terms: ["/terms"],
  guarantee: ["/guarantee"],
  privacy: ["/privacy"],
  cookies: ["/cookies"],
  blog: ["/blog"],
  "quick-wins/:slug": QUICK_WIN_SLUGS.map((slug) => `/quick-wins/${slug}`),
  "inquiry-success": ["/inquiry-success"],
  // A changed link; the signed one is checked at 375 and 1280 px in sms.spec.ts.
  "sms/unsubscribe": ["/sms/unsubscribe?t=not-a-signed-link"],
  // A dead link; a live one is checked at 375 and 1280 px in sms.spec.ts.
  "sms/confirm": ["/sms/confirm?t=not-a-live-link"],
  "*": ["/no-such-page/at-all"],
};

/** Full paths of the page routes in app/routes.ts: those whose module is a .tsx file (resource routes are .ts). */
function pageRoutePaths(entries: RouteConfigEntry[] = routes, parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = entry.file.endsWith(".tsx") ? [path] : [];
    return [...own, ...pageRoutePaths(entry.children ?? [], path)];
  });
}

const VIEWPORTS = [
  { name: "1280 px", width: 1280, height: 900 },
  { name: "375 px", width: 375, height: 812 },
] as const;

/** Opens a page; the fixtures wait for React to take over the server HTML, so axe checks what a visitor can use. */
async function open(page: Page, url: string) {
  const response = await page.goto(url);
  // Every URL a visitor can open is a page of the site, its 404 included, never a bare text answer.
  expect(response?.headers()["content-type"], `${url} answers with a document`).toContain("text/html");
}

/** axe's findings as short lines: rule, impact, and the elements it flagged. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG_TAGS)
    .analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact ?? "?"}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

test("every page route in app/routes.ts has URLs in the accessibility table", () => {
  const missing = [...new Set(pageRoutePaths())].filter((path) => !(path in PAGES));
  expect(missing, "add these routes to PAGES in tests/e2e/a11y.spec.ts").toEqual([]);
});

/**
 * One load per URL, checked at both widths: axe runs at 1280 px, the window narrows to 375 px and axe
 * runs again, so the CSS and the components that follow the width are checked at each.
 */
async function violationsAtEachWidth(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    found.push(...(await violations(page)).map((line) => `${viewport.name}: ${line}`));
  }
  return found;
}

test.describe("signed out", () => {
  for (const [route, urls] of Object.entries(PAGES)) {
    for (const url of urls) {
      test(`${url} (${route || "index"}) has no WCAG 2.2 AA violations at 1280 and 375 px`, async ({ page }) => {
        await open(page, url);
        expect(await violationsAtEachWidth(page)).toEqual([]);
      });
    }
  }

  test("the sign-in dialog has no violations at 1280 and 375 px", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("button", { name: "Favourites (sign in required)" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await violationsAtEachWidth(page)).toEqual([]);
  });
});

test.describe("menus", () => {
  test("the open 'More' panel has no violations at 1280 px", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, "/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "More" }).click();
    await expect(page.getByRole("list", { name: "Make your brand stand out" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("the mobile drawer has no violations at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});

/**
 * A buyer with something on every signed-in page (a paid order, a draft at the payment step, a cart
 * line, a favourite, a shopping-list row) and a member of staff, made once per worker.
 */
type SignedInShop = {
  buyer: BrowserContextOptions["storageState"];
  staff: BrowserContextOptions["storageState"];
  draftId: string;
  orderId: string;
};

async function makeSignedInShop(browser: Browser, baseURL: string): Promise<SignedInShop> {
  const mailbox = new Mailbox(baseURL);
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": clientAddress() } });
  const buyer = newBuyer("a11y");
  await signUpOverHttp(context.request, mailbox, buyer);
  const plan: DraftPlan = {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Front embroidery",
    branding: "embroidery",
    quantity: 100,
    marker: "Axe",
    email: buyer.email,
  };
  const paid = await completeDraft(context.request, plan);
  const { orderId } = await payInTestMode(context.request, await startPayment(context.request, paid, "8"));
  const cartLine = {
    productId: "8",
    quantity: "100",
    selectedColor: "#1f2a56",
    customizationSelections: '["Front embroidery"]',
    handwrittenNote: "false",
    notes: "",
  };
  for (const [path, form] of [
    ["/cart", { intent: "add", ...cartLine }],
    ["/favorites", { intent: "toggle", productId: "16" }],
    ["/shopping-list", { intent: "add", productId: "15", quantity: "100", notes: "For the summit" }],
    // A quote of the cart and a custom request, for /quotes and the back office's quotes page.
    ["/quotes", { intent: "create", source: "cart" }],
    ["/quotes", { intent: "custom", product: "Enamel mugs", quantity: "300", name: "Axe Buyer", email: buyer.email }],
  ] as const) {
    expect((await context.request.post(path, { form })).ok(), path).toBe(true);
  }
  const draftId = await completeDraft(context.request, plan);
  const staff = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": clientAddress() } });
  await signInAsStaff(staff.request);
  const shop = { buyer: await context.storageState(), staff: await staff.storageState(), draftId, orderId };
  await Promise.all([context.close(), staff.close()]);
  return shop;
}

/** The URL a signed-in check opens for a route: its own data where the route shows some. */
function signedInUrl(route: string, shop: SignedInShop): string {
  const draft = `draft_id=${shop.draftId}&product_id=8`;
  const own: Record<string, string> = {
    customization: `/customization?${draft}`,
    details: `/details?${draft}`,
    shipping: `/shipping?${draft}`,
    "design-proofing": `/design-proofing?${draft}`,
    payment: `/payment?${draft}`,
    "orders/:id": `/orders/${shop.orderId}`,
    "admin/orders/:id": `/admin/orders/${shop.orderId}`,
    "admin/orders/:id/job-sheet": `/admin/orders/${shop.orderId}/job-sheet`,
  };
  return own[route] ?? PAGES[route]![0]!;
}

const signedIn = test.extend<object, { shop: SignedInShop }>({
  shop: [
    async ({ browser }, use, workerInfo) => {
      await use(await makeSignedInShop(browser, workerInfo.project.use.baseURL!));
    },
    { scope: "worker", timeout: 120_000 },
  ],
});

/**
 * Pages whose content is the same for everyone: signed in, only the header differs, and the header
 * is checked signed in on every other route, so these are checked signed out only.
 */
const SAME_FOR_EVERYONE = new Set([
  "how-it-works",
  "compare",
  "customer-love",
  "about",
  "faqs",
  "terms",
  "guarantee",
  "privacy",
  "cookies",
  "blog",
  "quick-wins/:slug",
  "env",
  "*",
]);

signedIn.describe("signed in", () => {
  for (const route of Object.keys(PAGES).filter((path) => !SAME_FOR_EVERYONE.has(path))) {
    const who = route.startsWith("admin") ? "staff" : "buyer";
    signedIn(
      `${route || "index"} as a ${who} has no WCAG 2.2 AA violations at 1280 and 375 px`,
      async ({ browser, baseURL, shop }) => {
        const context = await browser.newContext({
          baseURL,
          extraHTTPHeaders: { "X-Forwarded-For": clientAddress() },
          storageState: shop[who],
          timezoneId: "Europe/London",
          locale: "en-GB",
        });
        const page = await context.newPage();
        await open(page, signedInUrl(route, shop));
        expect(await violationsAtEachWidth(page)).toEqual([]);
        await context.close();
      },
    );
  }
});
