/** The product page's gallery: the main image with previous and next, thumbnails and click to zoom. */
import { useState } from "react";
import type { ProductImage as Image } from "~/catalogue/types";
import { ChevronIcon } from "../ui/icons";
import { ProductImage } from "../ui/product-image";
import { useLoaded } from "../ui/use-loaded";

/** The zoom's code (and Radix's dialog) is fetched on the first zoom (the JavaScript budget in README.md). */
const loadZoom = () => import("./product-zoom");

/** Main image with previous/next, thumbnails and click-to-zoom (R-PDP-01). */
export function ProductGallery({ images, title }: { images: Image[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const ProductZoom = useLoaded(loadZoom, zoomed)?.default;
  const current = images[index];
  if (!current) return null;
  const step = (delta: number) => setIndex((i) => (i + delta + images.length) % images.length);

  return (
    <div>
      <div className="relative">
        <button
          type="button"
          className="block w-full cursor-zoom-in overflow-hidden rounded-2xl"
          aria-label={`Zoom image ${index + 1} of ${images.length}`}
          onClick={() => setZoomed(true)}
        >
          <ProductImage
            image={current}
            priority
            className="aspect-square w-full"
            sizes="(max-width: 767px) 320px, 400px"
          />
        </button>
        {images.length > 1 ? (
          <>
            <button
              type="button"
              aria-label="Previous image"
              className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 shadow hover:bg-white"
              onClick={() => step(-1)}
            >
              <ChevronIcon direction="left" className="h-5 w-5" />
            </button>
            <button
              type="button"
              aria-label="Next image"
              className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 shadow hover:bg-white"
              onClick={() => step(1)}
            >
              <ChevronIcon direction="right" className="h-5 w-5" />
            </button>
          </>
        ) : null}
      </div>
      <ul className="mt-3 flex gap-3" aria-label="Choose image">
        {images.map((image, i) => (
          <li key={image.src400}>
            <button
              type="button"
              aria-label={`Show image ${i + 1}: ${image.alt}`}
              aria-current={i === index}
              onClick={() => setIndex(i)}
              className={`block h-16 w-16 overflow-hidden rounded-lg border-2 ${
                i === index ? "border-brand" : "border-transparent"
              }`}
            >
              <img
                src={image.src320}
                alt=""
                width={64}
                height={64}
                loading="lazy"
                decoding="async"
                className="h-full w-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>

      {zoomed && ProductZoom ? <ProductZoom image={current} title={title} onClose={() => setZoomed(false)} /> : null}
    </div>
  );
}
