/** The product card of listings: image, tags, favourite heart, title, stars, unit price, MOQ, lead time and colours. */
import { useState } from "react";
import { Link } from "react-router";
import type { ProductCardData } from "~/catalogue/types";
import { formatUnitPrice } from "~/domain/pricing/pricing";
import { ColourSwatches } from "./colour-swatches";
import { FavouriteButton } from "./favourite-button";
import { useShownPrices, VatLabel } from "../ui/price";
import { ProductImage } from "../ui/product-image";
import { useProductRating } from "../ui/root-data";
import { Stars } from "../ui/stars";
import { TagBadges } from "./tag-badges";

/**
 * SPEC.md §2 "Product card": the second image shows on hover. The title is a heading one level
 * below the section the card sits in: h2 straight under a page's h1 (listings, favourites), h3
 * under a section's h2 (related products).
 */
export function ProductCard({
  product,
  priority = false,
  headingLevel = 3,
}: {
  product: ProductCardData;
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const [hovered, setHovered] = useState(false);
  const [colour, setColour] = useState<string | null>(null);
  const image = (hovered ? product.images[1] : undefined) ?? product.images[0];
  const prices = useShownPrices();
  const rating = useProductRating(product.id);

  return (
    <article
      className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white transition-shadow hover:shadow-lg"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div className="relative">
        {image ? <ProductImage image={image} priority={priority} className="aspect-square" /> : null}
        <TagBadges tags={product.tags} className="absolute left-3 top-3" />
        <FavouriteButton productId={product.id} productTitle={product.title} className="absolute right-3 top-3 z-10" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="text-base font-semibold leading-snug">
          <Link to={`/product/${product.id}`} className="after:absolute after:inset-0 hover:text-brand">
            {product.title}
          </Link>
        </Heading>
        <Stars summary={rating} />
        <p className="text-lg font-bold text-ink">
          {formatUnitPrice(product.unitPrice, prices.unit)} <VatLabel mode={prices.mode} />
        </p>
        <p className="text-xs text-muted">
          MOQ {product.moq} · Lead time {product.leadTime}
        </p>
        <ColourSwatches
          className="relative z-10 mt-auto pt-2"
          colours={product.colours}
          value={colour}
          onChange={setColour}
          label={`Colours for ${product.title}`}
        />
      </div>
    </article>
  );
}
