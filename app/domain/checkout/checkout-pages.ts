/**
 * The pages where nothing may interrupt the buyer: no purchase notices, no SMS
 * prompt and no floating buttons there. They are the checkout's six steps, cart to payment (the
 * paths of draft.ts's STEPS, which the tests hold this list to), and the payment's return page,
 * `/inquiry-success?draft_id=…` (without a draft it is the contact form's "message sent" page).
 * Pure, and importing nothing: the site shell asks it on every page, whose JavaScript is budgeted.
 */
const CHECKOUT_STEP_PATHS: readonly string[] = [
  "/cart",
  "/customization",
  "/details",
  "/shipping",
  "/design-proofing",
  "/payment",
];
const PAYMENT_RETURN_PATH = "/inquiry-success";

/** Whether the page at `pathname` and `search` (as the router's location gives them) is part of the checkout. */
export function isCheckoutPage({ pathname, search }: { pathname: string; search: string }): boolean {
  // The router matches paths case-insensitively and with or without a trailing slash (trimmed by
  // hand: /\/+$/ is slow on a long run of slashes).
  let path = pathname.toLowerCase();
  while (path.endsWith("/")) path = path.slice(0, -1);
  path ||= "/";
  if (CHECKOUT_STEP_PATHS.includes(path)) return true;
  return path === PAYMENT_RETURN_PATH && new URLSearchParams(search).has("draft_id");
}
