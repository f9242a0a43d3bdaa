/**
 * Editing a cart or shopping-list row in place: the quantity, its price-break hint, and the Edit,
 * Save, Cancel and Remove buttons.
 */
import { type ChangeEvent, useEffect, useState } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import type { Product } from "~/catalogue/types";
import { maxQuantity } from "~/domain/pricing/pricing";
import { commitQuantityInput, stepQuantity } from "~/domain/pricing/quantity";
import type { ErrorBody } from "~/domain/core/api-errors";
import { PriceBreakHint } from "../product/price-break-hint";
import { buttonClass } from "../ui/button";

type Action = "/cart" | "/shopping-list";

/**
 * A cart or shopping-list row's inline editing (SPEC.md §4 "Row editing"): the typed quantity is
 * committed within the product's MOQ and largest tier, Save posts {intent: "update"} through the
 * row's own fetcher, and a saved answer closes the editor.
 */
export function useLineEditor(
  line: { id: string; quantity: number },
  product: Product,
  action: Action,
  /** What the row's buttons call it: the product's title, with its colour beside its other colours. */
  title = product.title,
) {
  const fetcher = useFetcher<ErrorBody | { ok: true }>();
  const [editing, setEditing] = useState(false);
  const [quantity, setQuantity] = useState(String(line.quantity));
  const max = maxQuantity(product.tiers);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && "ok" in fetcher.data) setEditing(false);
  }, [fetcher.state, fetcher.data]);
  const committed = () => commitQuantityInput(quantity, line.quantity, product.moq, max);
  const submit = (next: number, extra: Record<string, string>) =>
    fetcher.submit(
      { intent: "update", id: line.id, productId: product.id, quantity: String(next), ...extra },
      { method: "post", action },
    );

  return {
    fetcher,
    action,
    id: line.id,
    productTitle: title,
    editing,
    max,
    /** The quantity priced on the row: what is typed while editing, else the saved one. */
    shownQuantity: editing ? committed() : line.quantity,
    error: fetcher.data && "error" in fetcher.data ? fetcher.data.error.message : null,
    quantityInput: {
      value: quantity,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setQuantity(event.target.value),
      onBlur: () => setQuantity(String(committed())),
    },
    step: (delta: number) => setQuantity(String(stepQuantity(committed(), delta, product.moq, max))),
    edit: () => setEditing(true),
    save: (extra: Record<string, string>) => submit(committed(), extra),
    /** Saves this quantity at once, editing or not (the price-break hint's one click). */
    applyQuantity: (next: number) => {
      setQuantity(String(next));
      submit(next, {});
    },
    cancel: () => {
      setQuantity(String(line.quantity));
      setEditing(false);
    },
  };
}

export type LineEditor = ReturnType<typeof useLineEditor>;

/**
 * A cart row's price-break hint for the quantity it prices, saved or being
 * typed. The one click goes through the cart's own update action, so the line's draft re-prices
 * as with any other quantity change.
 */
export function LinePriceBreak({
  editor,
  product,
  vatRate,
}: {
  editor: LineEditor;
  product: Product;
  /** The order's VAT rate once the ship-to country is known; else the UK's. */
  vatRate?: number;
}) {
  return (
    <PriceBreakHint
      vatRate={vatRate}
      tiers={product.tiers}
      quantity={editor.shownQuantity}
      busy={editor.fetcher.state !== "idle"}
      onApply={editor.applyQuantity}
    />
  );
}

/**
 * The row's buttons: Save and Cancel while editing, Edit and Remove otherwise. `extra` is posted
 * with the quantity (the list's notes); `onCancel` restores what else the row lets one edit.
 */
export function LineEditButtons(props: { editor: LineEditor; extra?: Record<string, string>; onCancel?: () => void }) {
  const { editor } = props;
  if (editor.editing) {
    return (
      <>
        <button
          type="button"
          className={buttonClass("primary", "px-3 py-1.5")}
          disabled={editor.fetcher.state !== "idle"}
          onClick={() => editor.save(props.extra ?? {})}
        >
          Save
        </button>
        <button
          type="button"
          className={buttonClass("ghost", "px-3 py-1.5")}
          onClick={() => {
            props.onCancel?.();
            editor.cancel();
          }}
        >
          Cancel
        </button>
      </>
    );
  }
  return (
    <>
      <button type="button" className={buttonClass("secondary", "px-3 py-1.5")} onClick={editor.edit}>
        Edit
      </button>
      <RemoveLineButton
        fetcher={editor.fetcher}
        action={editor.action}
        id={editor.id}
        productTitle={editor.productTitle}
      />
    </>
  );
}

/** Remove: posts {intent: "remove", id} through the row's fetcher. */
function RemoveLineButton(props: {
  fetcher: FetcherWithComponents<unknown>;
  action: Action;
  id: string;
  productTitle: string;
}) {
  return (
    <props.fetcher.Form method="post" action={props.action}>
      <input type="hidden" name="id" value={props.id} />
      <button
        type="submit"
        name="intent"
        value="remove"
        className={buttonClass("ghost", "px-3 py-1.5")}
        aria-label={`Remove ${props.productTitle}`}
      >
        Remove
      </button>
    </props.fetcher.Form>
  );
}
