import type { Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { clientAddress, expect, Mailbox, newBuyer, signUpOverHttp, test } from "./support/fixtures";
import { type StockedBuyer as Shop, stockBuyer } from "./support/shop";

// Issue 16 item 1: no page is wider than the screen at 320, 375 and 768 px, signed in or out.

const WIDTHS = [320, 375, 768] as const;

const CATEGORY_SLUGS = ["drinkware", "office-essentials", "other", "apparel", "bags", "hats"];
const QUICK_WIN_SLUGS = ["ad-gift", "3pl", "community", "limited-editions", "order-details"];

/**
 * Every storefront page route of app/routes.ts (by its full path there) and the URLs opened for it,
 * with the signed-in buyer's own order and drafts (made-up ids when signed out). The back office
 * (admin/*) is a staff desk tool and is left out. A route added to app/routes.ts without a line
 * here fails the first test.
 */
const PAGES: Record<string, (shop: Shop) => string[]> = {
  "": () => ["/"],
  products: () => ["/products", "/products?search=cap"],
  "products/:category": () => CATEGORY_SLUGS.map((slug) => `/products/${slug}`),
  "product/:id": () => ["/product/8", "/product/15", "/product/16", "/product/17", "/product/999"],
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
  "accept-invitation/:id": () => ["/accept-invitation/no-such-invitation"],
  favorites: () => ["/favorites"],
  "shopping-list": () => ["/shopping-list"],
  cart: () => ["/cart"],
  customization: (shop) => [`/customization?${draftQuery(shop)}`],
  details: (shop) => [`/details?${draftQuery(shop)}`],
  shipping: (shop) => [`/shipping?${draftQuery(shop)}`],
  "design-proofing": (shop) => [`/design-proofing?${draftQuery(shop)}`],
  "debug/drafts": () => ["/debug/drafts"],
  payment: (shop) => [`/payment?${draftQuery(shop)}`],
  orders: () => ["/orders"],
  "orders/:id": (shop) => [`/orders/${shop.orderId}`],
  quotes: () => ["/quotes"],
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
  "quick-wins/:slug": () => QUICK_WIN_SLUGS.map((slug) => `/quick-wins/${slug}`),
  "inquiry-success": (shop) => ["/inquiry-success", `/inquiry-success?draft_id=${shop.paidDraftId}&product_id=8`],
  // A changed link; the signed one is checked at 375 and 1280 px in sms.spec.ts.
  "sms/unsubscribe": () => ["/sms/unsubscribe?t=not-a-signed-link"],
  // A dead link; a live one is checked at 375 and 1280 px in sms.spec.ts.
  "sms/confirm": () => ["/sms/confirm?t=not-a-live-link"],
  // A refused link; a live one is checked at 375 and 1280 px in proof-approval.spec.ts.
  "proof-approval/:token": () => ["/proof-approval/not-a-live-link"],
  "*": () => ["/no-such-page/at-all"],
};

const draftQuery = (shop: Shop) => `draft_id=${shop.draftId}&product_id=8`;

/** Full paths of the page routes in app/routes.ts (a .tsx module; resource routes are .ts), back office aside. */
function storefrontRoutePaths(entries: RouteConfigEntry[] = routes, parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    if (path === "admin" || path.startsWith("admin/")) return [];
    const own = entry.file.endsWith(".tsx") ? [path] : [];
    return [...own, ...storefrontRoutePaths(entry.children ?? [], path)];
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
 * Opens each URL once and measures it at every width (the layout follows the window as it is
 * resized, which is much faster than opening every page three times); returns a line per page and
 * width that is wider than the window.
 */
async function overflowingPages(page: Page, urls: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const url of urls) {
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    const response = await page.goto(url);
    expect(response?.headers()["content-type"], `${url} answers with a document`).toContain("text/html");
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const { scrollWidth, innerWidth, culprits } = await page.evaluate(measureOverflow);
      if (scrollWidth > innerWidth) {
        found.push(`${url} at ${width} px is ${scrollWidth} px wide; widest: ${culprits.join("; ") || "(none found)"}`);
      }
    }
  }
  return found;
}

/** One page per worker for each state, reused for every route and width. */
const overflow = test.extend<object, { signedOut: Page; signedIn: { page: Page; shop: Shop } }>({
  signedOut: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({
        baseURL: workerInfo.project.use.baseURL,
        extraHTTPHeaders: { "X-Forwarded-For": clientAddress() },
      });
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
  signedIn: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": clientAddress() } });
      const buyer = newBuyer("overflow");
      await signUpOverHttp(context.request, new Mailbox(baseURL), buyer);
      const shop = await stockBuyer(context.request, buyer.email);
      await use({ page: await context.newPage(), shop });
      await context.close();
    },
    { scope: "worker", timeout: 60_000 },
  ],
});

overflow("every storefront page route in app/routes.ts has URLs in the overflow table", () => {
  const missing = [...new Set(storefrontRoutePaths())].filter((path) => !(path in PAGES));
  expect(missing, "add these routes to PAGES in tests/e2e/overflow.spec.ts").toEqual([]);
});

const NO_SHOP: Shop = { draftId: "no-such-draft", paidDraftId: "no-such-draft", orderId: "no-such-order" };

// A test per route and state, so a failure names the route; each reuses its worker's page.
overflow.describe("no page is wider than the screen", () => {
  overflow.describe.configure({ timeout: 60_000 });
  for (const [route, urls] of Object.entries(PAGES)) {
    overflow(`${route || "index"}, signed out, at 320, 375 and 768 px`, async ({ signedOut }) => {
      expect(await overflowingPages(signedOut, urls(NO_SHOP))).toEqual([]);
    });
    overflow(`${route || "index"}, signed in, at 320, 375 and 768 px`, async ({ signedIn }) => {
      expect(await overflowingPages(signedIn.page, urls(signedIn.shop))).toEqual([]);
    });
  }
});
