import type { Browser, Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { signInAsStaff } from "./support/api";
import { axeViolations } from "./support/axe";
import {
  clientAddress,
  expect,
  Mailbox,
  newBuyer,
  pagesWaitForHydration,
  signUpOverHttp,
  test,
} from "./support/fixtures";
import { type StockedBuyer as Shop, stockBuyer } from "./support/shop";

/**
 * Every page template, loaded once per state and checked at every width it is checked at: no
 * WCAG 2.2 AA violation (axe) at 1280 and 375 px, and no page wider than the screen at 320, 375 and
 * 768 px (SPEC.md's responsive layout). One load serves both checks: the layout follows the window as
 * it is resized, which is much faster than opening each page once per width and per check.
 */

type Check = { width: number; axe: boolean; overflow: boolean };
/** Narrowest first: the page loads at 320 px and widens. */
const WIDTHS: readonly Check[] = [
  { width: 320, axe: false, overflow: true },
  { width: 375, axe: true, overflow: true },
  { width: 768, axe: false, overflow: true },
  { width: 1280, axe: true, overflow: false },
];

const NO_SHOP: Shop = { draftId: "no-such-draft", paidDraftId: "no-such-draft", orderId: "no-such-order" };
const draftQuery = (shop: Shop) => `draft_id=${shop.draftId}&product_id=8`;

/**
 * Every page route of app/routes.ts (by its full path there) and the URLs opened for it: one per
 * template, and another where the same route shows a different page (an empty category, a product
 * with sizes, a product that does not exist). Signed in, the buyer's own drafts and order are used;
 * signed out, made-up ids. A route added to app/routes.ts without a line here fails the first test.
 */
const PAGES: Record<string, (shop: Shop) => string[]> = {
  "": () => ["/"],
  products: () => ["/products", "/products?search=cap"],
  "products/:category": () => ["/products/hats", "/products/drinkware"],
  "product/:id": () => ["/product/8", "/product/15", "/product/16", "/product/999"],
  env: () => ["/env"],
  "sign-in": () => ["/sign-in"],
  "sign-in/two-factor": () => ["/sign-in/two-factor"],
  "sign-up": () => ["/sign-up"],
  verify: () => ["/verify?identifier=jane%40acme-events.co.uk"],
  "forgot-password": () => ["/forgot-password"],
  "reset-password": () => ["/reset-password"],
  "sign-out": () => ["/sign-out"],
  account: () => ["/account"],
  "account/profile": () => ["/account/profile"],
  "account/password": () => ["/account/password"],
  "account/email": () => ["/account/email"],
  "account/two-factor": () => ["/account/two-factor"],
  "account/sessions": () => ["/account/sessions"],
  "account/organisation": () => ["/account/organisation"],
  "account/brand-kit": () => ["/account/brand-kit"],
  "account/data": () => ["/account/data"],
  "account/delete": () => ["/account/delete"],
  // A buyer on their own; an organisation's account is checked at 375 and 1280 px in credit-accounts.spec.ts.
  "account/credit": () => ["/account/credit"],
  "account-deleted": () => ["/account-deleted"],
  "accept-invitation/:id": () => ["/accept-invitation/no-such-invitation"],
  favorites: () => ["/favorites"],
  "shopping-list": () => ["/shopping-list"],
  cart: () => ["/cart"],
  // A line that is nobody's, a collection that is nobody's, and links that were never made; a live
  // collection, its link and an answer's link are checked at 375 and 1280 px in sizes-by-link.spec.ts.
  "collections/new": () => ["/collections/new?line=no-such-line"],
  "collections/:id": () => ["/collections/no-such-collection"],
  "collect/:token": () => ["/collect/not-a-collection-link"],
  "collect/:token/answer/:answer": () => ["/collect/not-a-collection-link/answer/not-an-answer-link"],
  customization: (shop) => [`/customization?${draftQuery(shop)}`],
  details: (shop) => [`/details?${draftQuery(shop)}`],
  shipping: (shop) => [`/shipping?${draftQuery(shop)}`],
  "design-proofing": (shop) => [`/design-proofing?${draftQuery(shop)}`],
  "debug/drafts": () => ["/debug/drafts"],
  payment: (shop) => [`/payment?${draftQuery(shop)}`],
  orders: () => ["/orders"],
  "orders/:id": (shop) => [`/orders/${shop.orderId}`],
  // A link that was never made; a live one is checked at 375 and 1280 px in proof-approval.spec.ts.
  "proof-approval/:token": () => ["/proof-approval/not-a-share-link"],
  quotes: () => ["/quotes"],
  admin: () => ["/admin"],
  "admin/orders": () => ["/admin/orders"],
  "admin/orders/:id": (shop) => [`/admin/orders/${shop.orderId}`],
  "admin/orders/:id/job-sheet": (shop) => [`/admin/orders/${shop.orderId}/job-sheet`],
  "admin/inbox/:kind": () => ["/admin/inbox/contact"],
  "admin/quotes": () => ["/admin/quotes"],
  "admin/vat": () => ["/admin/vat"],
  "admin/attention": () => ["/admin/attention"],
  "admin/closures": () => ["/admin/closures"],
  "admin/credit-accounts": () => ["/admin/credit-accounts", "/admin/credit-accounts?status=pending"],
  // An account that does not exist; a real one is checked in credit-accounts.spec.ts.
  "admin/credit-accounts/:organisationId": () => ["/admin/credit-accounts/no-such-organisation"],
  "admin/audit": () => ["/admin/audit"],
  "admin/data-requests": () => ["/admin/data-requests"],
  "admin/board": () => ["/admin/board"],
  "admin/reviews": () => ["/admin/reviews"],
  "admin/problem-reports": () => ["/admin/problem-reports"],
  "admin/products": () => ["/admin/products", "/admin/products?q=nothing-matches&status=draft"],
  "admin/products/:id": () => ["/admin/products/8", "/admin/products/no-such-product"],
  "admin/products/new": () => ["/admin/products/new?category=Drinkware"],
  "admin/products/import": () => ["/admin/products/import"],
  "admin/products/import/:id": () => ["/admin/products/import/00000000-0000-4000-8000-000000000000"],
  "admin/categories": () => ["/admin/categories"],
  "admin/customers": () => ["/admin/customers?q=example"],
  "admin/customers/:accountId": () => ["/admin/customers/no-such-account"],
  "admin/quotes/answer/:requestId": () => ["/admin/quotes/answer/no-such-request"],
  "how-it-works": () => ["/how-it-works"],
  compare: () => ["/compare"],
  "customer-love": () => ["/customer-love"],
  about: () => ["/about"],
  contact: () => ["/contact"],
  faqs: () => ["/faqs"],
  terms: () => ["/terms"],
  guarantee: () => ["/guarantee"],
  privacy: () => ["/privacy"],
  cookies: () => ["/cookies"],
  blog: () => ["/blog"],
  "quick-wins/:slug": () => ["/quick-wins/ad-gift"],
  "inquiry-success": (shop) => ["/inquiry-success", `/inquiry-success?draft_id=${shop.paidDraftId}&product_id=8`],
  // A changed link; the signed one is checked at 375 and 1280 px in sms.spec.ts.
  "sms/unsubscribe": () => ["/sms/unsubscribe?t=not-a-signed-link"],
  // A dead link; a live one is checked at 375 and 1280 px in sms.spec.ts.
  "sms/confirm": () => ["/sms/confirm?t=not-a-live-link"],
  "*": () => ["/no-such-page/at-all"],
};

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
  "account-deleted",
  "env",
  "*",
]);

const isBackOffice = (route: string) => route === "admin" || route.startsWith("admin/");

/** Full paths of the page routes in app/routes.ts: those whose module is a .tsx file (resource routes are .ts). */
function pageRoutePaths(entries: RouteConfigEntry[] = routes, parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = entry.file.endsWith(".tsx") ? [path] : [];
    return [...own, ...pageRoutePaths(entry.children ?? [], path)];
  });
}

/**
 * How far the document is wider than the window, and, when it is, the elements that stick out
 * furthest: the innermost ones past the right edge that no clipping ancestor hides, each as a short
 * CSS path with its width and a bit of its text, so the failure says what to fix.
 */
function measureOverflow(): { scrollWidth: number; innerWidth: number; culprits: string[] } {
  const { innerWidth } = window;
  const { scrollWidth } = document.documentElement;
  if (scrollWidth <= innerWidth) return { scrollWidth, innerWidth, culprits: [] };
  const clipped = (element: Element) => {
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX !== "visible") return true;
    }
    return false;
  };
  const past = (element: Element) => element.getBoundingClientRect().right > innerWidth + 0.5;
  const describe = (element: Element) => {
    const path: string[] = [];
    for (
      let node: Element | null = element;
      node && node !== document.body && path.length < 4;
      node = node.parentElement
    ) {
      const classes = [...node.classList]
        .slice(0, 3)
        .map((c) => `.${CSS.escape(c)}`)
        .join("");
      path.unshift(`${node.localName}${node.id ? `#${node.id}` : ""}${classes}`);
    }
    const box = element.getBoundingClientRect();
    const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `${path.join(" > ")} (${Math.round(box.left)}–${Math.round(box.right)} px${text ? `, "${text}"` : ""})`;
  };
  const culprits = [...document.body.querySelectorAll("*")]
    .filter((element) => past(element) && ![...element.children].some(past) && !clipped(element))
    .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right)
    .slice(0, 3)
    .map(describe);
  return { scrollWidth, innerWidth, culprits };
}

/**
 * Opens each URL once at the narrowest width and widens the window step by step, running the checks
 * each width has; returns a line per finding. The back office is a staff desk tool: it is checked
 * with axe at both widths, and not for overflow.
 */
async function findings(page: Page, urls: string[], options: { overflow: boolean }): Promise<string[]> {
  const found: string[] = [];
  for (const url of urls) {
    await page.setViewportSize({ width: WIDTHS[0]!.width, height: 800 });
    const response = await page.goto(url);
    // Every URL a visitor can open is a page of the site, its 404 included, never a bare text answer.
    expect(response?.headers()["content-type"], `${url} answers with a document`).toContain("text/html");
    for (const check of WIDTHS) {
      await page.setViewportSize({ width: check.width, height: check.width > 1000 ? 900 : 812 });
      if (check.overflow && options.overflow) {
        const { scrollWidth, innerWidth, culprits } = await page.evaluate(measureOverflow);
        if (scrollWidth > innerWidth) {
          found.push(
            `${url} at ${check.width} px is ${scrollWidth} px wide; widest: ${culprits.join("; ") || "(none)"}`,
          );
        }
      }
      if (check.axe) found.push(...(await axeViolations(page)).map((line) => `${url} at ${check.width} px: ${line}`));
    }
  }
  return found;
}

type Visitor = { page: Page; shop: Shop };

/** A page in a fresh context, reused for every test of its worker, waiting for hydration on each load. */
async function newVisitorPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = pagesWaitForHydration(
    await browser.newContext({
      baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": clientAddress() },
      timezoneId: "Europe/London",
      locale: "en-GB",
    }),
  );
  return context.newPage();
}

/**
 * One page per worker for each state: signed out; a buyer with something on every signed-in page (a
 * paid order, a draft at the payment step, a cart line, a favourite, a shopping-list row, a quote);
 * and a member of staff, who sees the buyer's order in the back office.
 */
const matrix = test.extend<object, { visitor: Visitor; buyer: Visitor; staff: Visitor }>({
  visitor: [
    async ({ browser }, use, workerInfo) => {
      const page = await newVisitorPage(browser, workerInfo.project.use.baseURL!);
      await use({ page, shop: NO_SHOP });
      await page.context().close();
    },
    { scope: "worker" },
  ],
  buyer: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const page = await newVisitorPage(browser, baseURL);
      const buyer = newBuyer("pages");
      await signUpOverHttp(page.request, new Mailbox(baseURL), buyer);
      const shop = await stockBuyer(page.request, buyer.email);
      // A custom request, for the back office's quotes page.
      const custom = {
        intent: "custom",
        product: "Enamel mugs",
        quantity: "300",
        name: "Axe Buyer",
        email: buyer.email,
      };
      expect((await page.request.post("/quotes", { form: custom })).ok()).toBe(true);
      await use({ page, shop });
      await page.context().close();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  staff: [
    async ({ browser, buyer }, use, workerInfo) => {
      const page = await newVisitorPage(browser, workerInfo.project.use.baseURL!);
      await signInAsStaff(page.request);
      await use({ page, shop: buyer.shop });
      await page.context().close();
    },
    { scope: "worker", timeout: 60_000 },
  ],
});

matrix("every page route in app/routes.ts has URLs in the page matrix", () => {
  const missing = [...new Set(pageRoutePaths())].filter((path) => !(path in PAGES));
  expect(missing, "add these routes to PAGES in tests/e2e/page-matrix.spec.ts").toEqual([]);
});

// A test per route and state, so a failure names the route; each reuses its worker's page.
matrix.describe("every page, accessible at 1280 and 375 px and no wider than the screen at 320, 375 and 768 px", () => {
  matrix.describe.configure({ timeout: 60_000 });
  for (const [route, urls] of Object.entries(PAGES)) {
    const overflow = !isBackOffice(route);
    matrix(`${route || "index"}, signed out`, async ({ visitor }) => {
      expect(await findings(visitor.page, urls(visitor.shop), { overflow })).toEqual([]);
    });
    if (SAME_FOR_EVERYONE.has(route)) continue;
    if (isBackOffice(route)) {
      matrix(`${route}, as staff`, async ({ staff }) => {
        expect(await findings(staff.page, urls(staff.shop), { overflow })).toEqual([]);
      });
    } else {
      matrix(`${route || "index"}, as a buyer`, async ({ buyer }) => {
        expect(await findings(buyer.page, urls(buyer.shop), { overflow })).toEqual([]);
      });
    }
  }
});

matrix.describe("dialogs and menus", () => {
  matrix("the sign-in dialog has no violations at 1280 and 375 px", async ({ visitor: { page } }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await page.getByRole("button", { name: "Favourites (sign in required)" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await axeViolations(page)).toEqual([]);
  });

  matrix("the open 'More' panel has no violations at 1280 px", async ({ visitor: { page } }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "More" }).click();
    await expect(page.getByRole("list", { name: "Make your brand stand out" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  matrix("the mobile drawer has no violations at 375 px", async ({ visitor: { page } }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
