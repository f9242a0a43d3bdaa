/**
 * What the root loader gives every page, and the hooks that read it: business details, price mode,
 * ratings and phone sign-in.
 */
import { useRouteLoaderData } from "react-router";
import type { Category } from "~/catalogue/types";
import type { PublicBusiness } from "~/domain/people/business-profile";
import { DEFAULT_PRICE_MODE, type PriceMode } from "~/domain/pricing/price-mode";
import type { RatingSummary } from "~/domain/orders/reviews";
import type { Closure } from "~/domain/core/working-days";

/**
 * What the root loader (app/root.tsx) gives every page. Declared here, not inferred from the
 * loader, so components that read it do not import root.tsx, which imports them.
 */
export type RootData = {
  promoClosed: boolean;
  year: number;
  /** The server's clock when the page was made, so server and browser render the same dates. */
  now: number;
  signedIn: boolean;
  user: { id: string; name: string; email: string } | null;
  favouriteIds: string[];
  cartCount: number;
  /** Every contact point and seller detail a page shows (README.md "Business details"). */
  business: PublicBusiness;
  /** Whether this visitor reads prices ex or inc VAT (their cookie; decision 020). */
  priceMode: PriceMode;
  /** Each product's published reviews summed up (decision 023); a product with none is absent. */
  ratings: Record<string, RatingSummary>;
  /** Whether accounts may use a phone number (only with an SMS provider configured). */
  phoneSignIn: boolean;
  /** The categories with products on sale, in catalogue order: the ones the site promotes. */
  shopCategories: Category[];
  /** The shop's closures (decision 078), which every date the browser counts skips. */
  closures: readonly Closure[];
};

/** The root loader's data; undefined only where the root loader did not run (a broken root). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

/**
 * The business's contact points and seller details, for a page. A route's component renders only
 * after the root loader has run, so it always has them; the frame around an error page asks
 * useRootData instead and leaves them out when the root itself failed.
 */
export function useBusiness(): PublicBusiness {
  const business = useRootData()?.business;
  if (!business) throw new Error("No business profile: the root loader did not run.");
  return business;
}

/** How this visitor reads prices; ex VAT around an error page whose root failed. */
export function usePriceMode(): PriceMode {
  return useRootData()?.priceMode ?? DEFAULT_PRICE_MODE;
}

/** A product's published reviews summed up, or undefined when it has none. */
export function useProductRating(productId: string): RatingSummary | undefined {
  return useRootData()?.ratings[productId];
}

/** The categories the site promotes (header, drawer, footer, home, the listing's filter); none around a broken root. */
export function useShopCategories(): readonly Category[] {
  return useRootData()?.shopCategories ?? [];
}

/** Whether the account forms offer a phone number beside an e-mail address. */
export function usePhoneSignIn(): boolean {
  return useRootData()?.phoneSignIn ?? false;
}
