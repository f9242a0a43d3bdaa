/** The favourite heart on product cards and pages; a visitor is asked to sign in first. */
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { ErrorBody } from "~/domain/core/api-errors";
import { HeartIcon } from "../ui/icons";
import { useSignIn } from "../shell/sign-in-context";
import { useToast } from "../ui/toast";
import { useRootData } from "../ui/root-data";

/**
 * The favourite heart (SPEC.md §2 "Product card", §5 "Favourites"): toggles for a signed-in
 * buyer (stored on the server); a visitor is told to sign in and offered the sign-in modal.
 */
export function FavouriteButton({
  productId,
  productTitle,
  className = "",
}: {
  productId: string;
  productTitle: string;
  className?: string;
}) {
  const toast = useToast();
  const { openSignIn } = useSignIn();
  const root = useRootData();
  const fetcher = useFetcher<ErrorBody | { ok: true; favourited: boolean }>();
  const saved = root?.favouriteIds.includes(productId) ?? false;
  // Optimistic: the heart flips at once and settles when the server answers.
  const favourited = fetcher.formData ? !saved : saved;
  const handled = useRef<unknown>(null);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if ("error" in result)
      toast({ title: "Couldn't update favourites", description: result.error.message, variant: "error" });
    else if (result.favourited) toast({ title: "Added to favourites", variant: "success" });
  }, [fetcher.state, fetcher.data, toast]);

  return (
    <button
      type="button"
      aria-label={favourited ? `Remove ${productTitle} from favourites` : `Add ${productTitle} to favourites`}
      aria-pressed={favourited}
      className={`rounded-full bg-white/90 p-2 shadow-sm hover:text-brand ${favourited ? "text-red-600" : "text-ink"} ${className}`}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (!root?.signedIn) {
          toast({
            title: "Sign in required",
            description: "Please sign in to manage favourites.",
            variant: "info",
            action: { label: "Sign in", onClick: () => openSignIn("Please sign in to manage favourites.") },
          });
          return;
        }
        fetcher.submit({ intent: "toggle", productId }, { method: "post", action: "/favorites" });
      }}
    >
      <HeartIcon filled={favourited} />
    </button>
  );
}
