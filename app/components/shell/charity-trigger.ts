/**
 * The footer's charity note as its placeholder (footer.tsx) and the lazily loaded popover
 * (charity-popover.tsx) both draw it, so the swap between them does not move or restyle it.
 */
export const CHARITY_TRIGGER_CLASS =
  "mt-4 text-left text-sm text-slate-200 underline decoration-dotted underline-offset-4 hover:text-white";
/** The note's words around the business's pledge, e.g. "5% of our profits". */
export const charityTriggerText = (pledge: string) => `${pledge} goes to two cancer charities`;
