/**
 * The invitation that closes the content pages: book a 15-minute call with a merch expert (which
 * also serves to request a new product), chat with the founders, or browse (R-MKT-01, R-MKT-11,
 * R-MKT-12). The home page's hero and its How it works say the same words from here. A module of its
 * own, so a page that shows only this loads no other page's copy.
 */
export const CALL_TO_ACTION = {
  heading: "Rather talk it through?",
  body: "Book a 15-minute call with a merch expert. Can't find the product you need? Use the same call to request a new product.",
  bookCall: "Book a 15-minute call",
  founderChat: "Chat with the founders",
  browse: "Browse products",
} as const;
