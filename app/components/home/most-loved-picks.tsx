/** The home page's product picks: the products teams order most, or the featured ones before any order. */
import { Link } from "react-router";
import type { ProductCardData } from "~/catalogue/types";
import { ProductCard } from "~/components/product/product-card";
import { buttonClass } from "~/components/ui/button";
import { PICKS } from "~/content/home";
import type { Picks } from "~/domain/pricing/most-loved";
import { HomeSection } from "./home-section";

/**
 * R-HOME-09 with decision 024: the products teams order most, or the Hot products under
 * "Featured" before any order is paid; one to four columns by width.
 */
export function MostLovedPicks({ kind, products }: { kind: Picks["kind"]; products: readonly ProductCardData[] }) {
  if (products.length === 0) return null;
  const copy = PICKS[kind];
  return (
    <HomeSection
      id="home-picks"
      title={copy.heading}
      intro={copy.intro}
      action={
        <Link to="/products" className={buttonClass("secondary")}>
          {PICKS.viewAll}
        </Link>
      }
    >
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {products.map((product) => (
          <li key={product.id} className="flex *:w-full">
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
