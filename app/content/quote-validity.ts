/**
 * How long a quote holds (SPEC.md §9, R-POL-01), apart from the other sentences of ./policy, which
 * quotes it: the cart and the shopping list say it under "Need a quote first?" and need none of the
 * rest (the JavaScript budget).
 */
export const QUOTE_VALIDITY = "Quotes are valid for 30 days from the date we send them.";
