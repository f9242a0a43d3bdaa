/** A product photo sized for the screen, with a blurred placeholder while loading and a message if it fails. */
import { useEffect, useRef, useState } from "react";
import type { ProductImage as Image } from "~/catalogue/types";

/**
 * A product photo: 320 px wide on small screens, 400 px otherwise (SPEC.md §7), a blurred placeholder
 * while loading, and 'Failed to load image' on error. Off-screen images load only when they come within
 * 50 px of the viewport (SPEC.md §4 "Images"); the page's LCP image passes `priority` and loads at once.
 */
export function ProductImage({
  image,
  priority = false,
  className = "",
  sizes = "(max-width: 767px) 320px, 400px",
}: {
  image: Image;
  priority?: boolean;
  className?: string;
  sizes?: string;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const [visible, setVisible] = useState(priority);
  const [status, setStatus] = useState<"loading" | "loaded" | "error">("loading");

  useEffect(() => {
    if (visible) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: "50px", threshold: 0.1 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => setStatus("loading"), [image.src400]);

  const imgRef = (img: HTMLImageElement | null) => {
    // An SSR-rendered image may finish (or fail) before React attaches its handlers.
    if (img?.complete) setStatus(img.naturalWidth > 0 ? "loaded" : "error");
  };

  return (
    <span
      ref={ref}
      className={`relative block overflow-hidden bg-slate-100 ${status === "loaded" ? "" : `${image.placeholderClass} bg-cover`} ${className}`}
    >
      {status === "error" ? (
        <span
          role="img"
          aria-label={image.alt}
          className="flex h-full w-full items-center justify-center p-4 text-sm text-muted"
        >
          Failed to load image
        </span>
      ) : visible ? (
        <img
          ref={imgRef}
          key={image.src400}
          src={image.src400}
          srcSet={`${image.src320} 320w, ${image.src400} 400w`}
          sizes={sizes}
          width={image.width}
          height={image.height}
          alt={image.alt}
          decoding={priority ? "sync" : "async"}
          fetchPriority={priority ? "high" : "auto"}
          onLoad={() => setStatus("loaded")}
          onError={() => setStatus("error")}
          className="h-full w-full object-cover"
        />
      ) : (
        <noscript>
          <img
            src={image.src400}
            width={image.width}
            height={image.height}
            alt={image.alt}
            className="h-full w-full object-cover"
          />
        </noscript>
      )}
    </span>
  );
}
