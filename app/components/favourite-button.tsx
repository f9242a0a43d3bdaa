import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { HeartIcon } from "./icons";
import { useSignIn } from "./sign-in-context";
import { useToast } from "./ui/toast";

/**
 * The favourite heart (SPEC.md §2 "Product card"). Favourites need an account; until the favourites
 * issue lands a signed-out click explains that and offers sign-in (R-FAV-02).
 */
export function FavouriteButton({ productTitle, className = "" }: { productTitle: string; className?: string }) {
  const toast = useToast();
  const { openSignIn } = useSignIn();
  const signedIn = useRouteLoaderData<typeof rootLoader>("root")?.signedIn ?? false;
  return (
    <button
      type="button"
      aria-label={`Add ${productTitle} to favourites`}
      aria-pressed={false}
      className={`rounded-full bg-white/90 p-2 text-ink shadow-sm hover:text-brand ${className}`}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (!signedIn) {
          toast({
            title: "Sign in required",
            description: "Please sign in to manage favourites.",
            variant: "info",
            action: { label: "Sign in", onClick: () => openSignIn() },
          });
        }
      }}
    >
      <HeartIcon />
    </button>
  );
}
