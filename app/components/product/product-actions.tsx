/** The product page's buttons: Add to Cart (or sign in to add) and Add to shopping list, each with its toast. */
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { Product } from "~/catalogue/types";
import { canAddToCart, NOTES_MAX } from "~/domain/checkout/cart-rules";
import { productPathWithChoices } from "~/domain/pricing/product-choices";
import { type SizeCount, sizesMismatch } from "~/domain/pricing/sizes";
import type { ErrorBody } from "~/domain/core/api-errors";
import { useSignIn } from "../shell/sign-in-context";
import { buttonClass } from "../ui/button";
import { useToast } from "../ui/toast";
import type { ToastInput } from "../ui/toast-item";

type Result = ErrorBody | { ok: true };

/** The Added to cart notice's way to the cart; the notice closes once the buyer is there (toast.tsx). */
export const VIEW_CART = { label: "View cart", to: "/cart" } as const;

/** Shows the toast for a fetcher's answer once: the success text, or the server's reason. */
export function useResultToast(
  fetcher: { state: string; data?: Result },
  success: string,
  failureTitle: string,
  onSuccess?: () => void,
  successAction?: ToastInput["action"],
) {
  const toast = useToast();
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if ("error" in fetcher.data)
      toast({ title: failureTitle, description: fetcher.data.error.message, variant: "error" });
    else {
      toast({ title: success, variant: "success", action: successAction });
      onSuccess?.();
    }
  }, [fetcher.state, fetcher.data, toast, success, failureTitle, onSuccess, successAction]);
}

/** Add to Cart (signed in) or 'Sign in to add to cart' (SPEC.md §2 "Product detail", R-PDP-18..20). */
export function AddToCart(props: {
  product: Product;
  signedIn: boolean;
  quantity: number;
  colour: string | null;
  selections: string[];
  handwrittenNote: boolean;
  /** A sized product's split, [] to leave it for checkout. */
  sizes: SizeCount[];
}) {
  const { openSignIn } = useSignIn();
  const fetcher = useFetcher<Result>();
  const [notes, setNotes] = useState("");
  useResultToast(fetcher, "Added to cart", "Couldn't add to cart", undefined, VIEW_CART);
  const choicesMade = canAddToCart({
    colour: props.colour,
    selections: props.selections,
    optionCount: props.product.customizationOptions.length,
  });
  const sizesOff = props.sizes.length > 0 && sizesMismatch(props.product, props.sizes, props.quantity) !== null;
  const addable = choicesMade && !sizesOff;

  if (!props.signedIn) {
    // The choices come back after signing in or up, and a complete line is added then (docs/decisions/037).
    const { product, quantity, colour, selections, handwrittenNote, sizes } = props;
    const redirectTo = productPathWithChoices(
      product.id,
      { quantity, colour, selections, handwrittenNote, sizes },
      { add: addable },
    );
    return (
      <button
        type="button"
        onClick={() => openSignIn("Sign in to add products to your cart.", { redirectTo })}
        className={buttonClass("primary", "w-full py-3 text-base")}
      >
        Sign in to add to cart
      </button>
    );
  }
  return (
    <div className="space-y-2">
      <label htmlFor="cart-notes" className="block text-sm font-medium">
        Notes for our team <span className="font-normal text-muted">(optional, up to {NOTES_MAX} characters)</span>
      </label>
      <textarea
        id="cart-notes"
        rows={2}
        maxLength={NOTES_MAX}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
      />
      <button
        type="button"
        disabled={!addable || fetcher.state !== "idle"}
        className={buttonClass("primary", "w-full py-3 text-base")}
        onClick={() =>
          fetcher.submit(
            {
              intent: "add",
              productId: props.product.id,
              quantity: String(props.quantity),
              selectedColor: props.colour ?? "",
              customizationSelections: JSON.stringify(props.selections),
              handwrittenNote: String(props.handwrittenNote),
              notes,
              sizes: JSON.stringify(props.sizes),
            },
            { method: "post", action: "/cart" },
          )
        }
      >
        {fetcher.state !== "idle" ? "Adding…" : "Add to Cart"}
      </button>
      {choicesMade ? null : (
        <p className="text-sm text-muted">Choose a colour and at least one customisation to add this to your cart.</p>
      )}
      {sizesOff ? (
        <p className="text-sm text-muted">
          Make the sizes add up to {props.quantity.toLocaleString("en-GB")}, or clear them to split at checkout.
        </p>
      ) : null}
    </div>
  );
}

/**
 * 'Add to shopping list' with the chosen quantity, colour, customisations and a note (REQUIREMENTS.md
 * A-18); the list's "Add to cart" adds them just as chosen here.
 */
export function AddToShoppingList({
  product,
  signedIn,
  quantity,
  colour,
  selections,
  handwrittenNote,
  sizes = [],
}: {
  product: Product;
  signedIn: boolean;
  quantity: number;
  colour: string | null;
  selections: string[];
  handwrittenNote: boolean;
  /** Not kept on the list; carried through signing in so the page still has it afterwards. */
  sizes?: SizeCount[];
}) {
  const { openSignIn } = useSignIn();
  const fetcher = useFetcher<Result>();
  const [open, setOpen] = useState(false);
  const [notes, setNotes] = useState("");
  useResultToast(fetcher, "Added to list", "Couldn't add to your list", () => setOpen(false));

  if (!signedIn) {
    return (
      <button
        type="button"
        className={buttonClass("secondary", "w-full")}
        onClick={() =>
          openSignIn("Please sign in to use your shopping list.", {
            redirectTo: productPathWithChoices(product.id, { quantity, colour, selections, handwrittenNote, sizes }),
          })
        }
      >
        Add to shopping list
      </button>
    );
  }
  if (!open) {
    return (
      <button type="button" className={buttonClass("secondary", "w-full")} onClick={() => setOpen(true)}>
        Add to shopping list
      </button>
    );
  }
  return (
    <fetcher.Form method="post" action="/shopping-list" className="space-y-2 rounded-xl border border-slate-200 p-4">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="quantity" value={quantity} />
      <input type="hidden" name="selectedColor" value={colour ?? ""} />
      <input type="hidden" name="customizationSelections" value={JSON.stringify(selections)} />
      <input type="hidden" name="handwrittenNote" value={String(handwrittenNote)} />
      <p className="text-sm">
        Add <strong>{quantity.toLocaleString("en-GB")}</strong> × {product.title} to your shopping list
        {colour || selections.length > 0 ? ", with the colour and customisation chosen above" : ""}.
      </p>
      <label htmlFor="list-notes" className="block text-sm font-medium">
        Note <span className="font-normal text-muted">(optional, up to {NOTES_MAX} characters)</span>
      </label>
      <textarea
        id="list-notes"
        name="notes"
        rows={2}
        maxLength={NOTES_MAX}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
      />
      <div className="flex gap-2">
        <button type="submit" className={buttonClass("primary")} disabled={fetcher.state !== "idle"}>
          Save to list
        </button>
        <button type="button" className={buttonClass("ghost")} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </fetcher.Form>
  );
}
