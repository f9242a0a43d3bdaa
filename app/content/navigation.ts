/** The site's link lists, shared by the header, the mobile drawer and the footer (SPEC.md §2). */
import { homeCategoryOrder } from "~/catalogue/categories";
import type { Category, CategoryMenu } from "~/catalogue/types";

export type NavLink = { to: string; label: string };

/**
 * All Products, then the promoted categories the operator links in `menus`, in the operator's
 * order with 'Other' last as on the home grid (R-HOME-04): a fresh shop's header reads Apparel,
 * Hats, Other as SPEC.md §2 has it (docs/decisions/068-categories-are-data.md).
 */
function productLinks(promoted: readonly Category[], menus: readonly CategoryMenu[]): NavLink[] {
  return [
    { to: "/products", label: "All Products" },
    ...homeCategoryOrder(promoted.filter((c) => menus.includes(c.menu))).map((c) => ({
      to: `/products/${c.slug}`,
      label: c.name,
    })),
  ];
}

/**
 * The header's product links, from the categories the site promotes: visible ones with products on
 * sale (promotedCategories in app/catalogue/catalogue.ts, given to every page by the root loader).
 */
export const primaryNav = (promoted: readonly Category[]): NavLink[] => productLinks(promoted, ["header"]);
/** The small screens' drawer: the header's and those linked in the drawer only (SPEC.md §2: Drinkware, once it has products). */
export const drawerNav = (promoted: readonly Category[]): NavLink[] => productLinks(promoted, ["header", "drawer"]);

/** The footer's Shop column: every promoted category, in catalogue order. */
export const shopNav = (promoted: readonly Category[]): NavLink[] =>
  promoted.map((c) => ({ to: `/products/${c.slug}`, label: c.name }));

export const COMPANY_NAV: NavLink[] = [
  { to: "/about", label: "About us" },
  { to: "/blog", label: "Blog" },
  { to: "/compare", label: "Compare" },
  { to: "/customer-love", label: "Customer love" },
  { to: "/faqs", label: "FAQs" },
  // The spec labels the team section 'Careers' (REQUIREMENTS.md A-48).
  { to: "/about#our-team", label: "Careers" },
];

export const QUICK_WINS_TITLE = "Make your brand stand out";

export const QUICK_WINS_NAV: NavLink[] = [
  { to: "/quick-wins/ad-gift", label: "Gifts that advertise" },
  { to: "/quick-wins/3pl", label: "Storage & fulfilment (3PL)" },
  { to: "/quick-wins/community", label: "Community merch" },
  { to: "/quick-wins/limited-editions", label: "Limited editions" },
  { to: "/quick-wins/order-details", label: "Order details that delight" },
];

export const LEGAL_NAV: NavLink[] = [
  { to: "/terms", label: "Terms of Service" },
  { to: "/guarantee", label: "On-Time Guarantee" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/cookies", label: "Cookie Policy" },
];

export const PROMO_TEXT = "FIRST ORDER? SWIPE 10% OFF AND MAKE YOUR SWAG LESS MEH";
