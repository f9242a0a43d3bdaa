import { Link } from "react-router";
import { featuredProducts } from "~/catalogue/catalogue";
import { ProductCard } from "~/components/product-card";
import { buttonClass } from "~/components/ui/button";
import { PICKS } from "~/content/home";
import { HomeSection } from "./home-section";

/** R-HOME-09: the featured set, one to four columns by width. */
export function MostLovedPicks() {
  return (
    <HomeSection
      id="home-picks"
      title={PICKS.heading}
      intro={PICKS.intro}
      action={
        <Link to="/products" className={buttonClass("secondary")}>
          {PICKS.viewAll}
        </Link>
      }
    >
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {featuredProducts().map((product) => (
          <li key={product.id} className="flex *:w-full">
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
