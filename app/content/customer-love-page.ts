/**
 * Copy of /customer-love (R-MKT-03).
 * Its own module, so each page loads its own copy and no other page's (the shared parts are in
 * ./marketing).
 */
/**
 * Decision 024 (A-24): the operator's testimonials, each quoted with permission
 * (BUSINESS_TESTIMONIALS); without any, buyers' published reviews; without those, an honest empty
 * state. The figures are the home page's, computed from orders, and left out below their sample.
 */
export const CUSTOMER_LOVE_PAGE = {
  title: "Customer love",
  metaDescription: "What teams say about ordering custom branded merch with Swag Studio.",
  lead: "What the teams who order their merch with us say, in their own words.",
  statsHeading: "In numbers",
  testimonialsHeading: "What customers say",
  reviewsNote: "From buyers' reviews of their delivered orders.",
  empty:
    "No customer stories yet. We only publish a customer's words with their permission, or a review a buyer leaves for a delivered order, so this page fills up as orders arrive.",
  rated: (rating: number) => `Rated ${rating} out of 5`,
  verifiedBuyer: "Verified buyer",
  reviewOf: (productTitle: string) => `on ${productTitle}`,
} as const;
