/** The site's link lists, shared by the header, the mobile drawer and the footer (SPEC.md §2). */
export type NavLink = { to: string; label: string };

export const PRIMARY_NAV: NavLink[] = [
  { to: "/products", label: "All Products" },
  { to: "/products/apparel", label: "Apparel" },
  { to: "/products/hats", label: "Hats" },
  { to: "/products/other", label: "Other" },
];

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
