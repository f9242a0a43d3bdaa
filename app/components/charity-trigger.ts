import { SITE } from "~/content/links";

/**
 * The footer's charity note as its placeholder (footer.tsx) and the lazily loaded popover
 * (charity-popover.tsx) both draw it, so the swap between them does not move or restyle it.
 */
export const CHARITY_TRIGGER_CLASS =
  "mt-4 text-left text-sm text-slate-200 underline decoration-dotted underline-offset-4 hover:text-white";
export const CHARITY_TRIGGER_TEXT = `${SITE.charityShare} goes to two cancer charities`;
