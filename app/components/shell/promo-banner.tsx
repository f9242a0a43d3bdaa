/** The closable promo banner above the header, which stays closed once closed. */
import { useState } from "react";
import { PROMO_TEXT } from "~/content/navigation";
import { PROMO_COOKIE } from "~/domain/pricing/promo";
import { CrossIcon } from "../ui/icons";

/**
 * Closable promo banner; a cookie keeps it closed across pages and visits (R-LAYOUT-03). The server
 * also closes it for a buyer who has had the first-order discount, which can change on a client
 * navigation (signing in), so its word is read on every render.
 */
export function PromoBanner({ initiallyClosed }: { initiallyClosed: boolean }) {
  const [closedHere, setClosed] = useState(false);
  if (initiallyClosed || closedHere) return null;
  return (
    <div
      data-print-hide
      className="relative bg-brand px-10 py-2 text-center text-xs font-bold tracking-wide text-white sm:text-sm"
    >
      <p>{PROMO_TEXT}</p>
      <button
        type="button"
        aria-label="Close promotion"
        className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full p-1.5 hover:bg-white/20"
        onClick={() => {
          // biome-ignore lint/suspicious/noDocumentCookie: one cookie, read by the server to render the page without the banner.
          document.cookie = `${PROMO_COOKIE}=1; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax`;
          setClosed(true);
        }}
      >
        <CrossIcon />
      </button>
    </div>
  );
}
