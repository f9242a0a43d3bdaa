/**
 * One row of the shopping list: product, unit price, quantity, total, notes and choices, editable
 * in place; a card on phones.
 */
import { useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { imageForColour } from "~/catalogue/colour-picture";
import type { Product } from "~/catalogue/types";
import type { ErrorBody } from "~/domain/core/api-errors";
import { NOTES_MAX, priceLine } from "~/domain/checkout/cart-rules";
import { LineEditButtons, useLineEditor } from "./line-editor";
import { Price, UnitPrice } from "../ui/price";
import { useResultToast, VIEW_CART } from "../product/product-actions";
import { ProductImage } from "../ui/product-image";
import { buttonClass } from "../ui/button";
import { FormMessage } from "../ui/form";
import { colourOf } from "~/catalogue/lookup";

export type ListRowItem = {
  id: string;
  productId: string;
  quantity: number;
  notes: string;
  selectedColor: string;
  customizationSelections: string[];
  handwrittenNote: boolean;
};

export const LIST_COLUMNS = ["Product", "Unit Price", "Quantity", "Total", "Notes", "Actions"] as const;

/**
 * A cell: a table cell from md up; below it the row is a card and each cell a labelled line, so
 * a phone never scrolls sideways.
 */
function Cell(props: {
  label?: (typeof LIST_COLUMNS)[number];
  /** On a card, the content under the label rather than beside it. */
  stacked?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  const card = props.stacked ? "max-md:block" : "max-md:flex max-md:items-start max-md:justify-between max-md:gap-4";
  return (
    <td className={`${card} max-md:py-1.5 md:px-4 md:py-3 ${props.className ?? ""}`}>
      {props.label ? <span className="font-medium text-muted md:hidden">{props.label}</span> : null}
      {props.children}
    </td>
  );
}

/**
 * One row with inline editing (SPEC.md §4 "Row editing"): quantity at least the MOQ, re-priced by
 * tier, notes, and the colour and customisations chosen on the product page; "Add to cart" adds it
 * with all of them. `refused` is this row's reason from the list's "Add all to cart".
 */
export function ShoppingListRow({ item, product, refused }: { item: ListRowItem; product: Product; refused?: string }) {
  const editor = useLineEditor(item, product, "/shopping-list");
  const toCart = useFetcher<ErrorBody | { ok: true }>();
  useResultToast(toCart, "Added to cart", "Couldn't add to cart", undefined, VIEW_CART);
  const [notes, setNotes] = useState(item.notes);
  const [colour, setColour] = useState(item.selectedColor);
  const [selections, setSelections] = useState(item.customizationSelections);
  const [handwritten, setHandwritten] = useState(item.handwrittenNote);
  const { editing } = editor;
  const price = priceLine(product.tiers, editor.shownQuantity);
  const image = imageForColour(product, colour);
  // The last "Add to cart" answer speaks of the row as it was then; once the row changes it goes.
  const answeredRow = useRef<ListRowItem | null>(null);
  if (toCart.state !== "idle") answeredRow.current = null;
  else if (toCart.data && answeredRow.current === null) answeredRow.current = item;
  const toCartError = answeredRow.current === item && toCart.data && "error" in toCart.data ? toCart.data.error : null;
  const error = editor.error ?? (toCartError ? (toCartError.fieldErrors?.[item.id] ?? toCartError.message) : refused);
  const restore = () => {
    setNotes(item.notes);
    setColour(item.selectedColor);
    setSelections(item.customizationSelections);
    setHandwritten(item.handwrittenNote);
  };

  return (
    <tr className="align-top max-md:mb-4 max-md:block max-md:rounded-2xl max-md:border max-md:border-slate-200 max-md:p-4">
      <Cell stacked>
        <Link to={`/product/${product.id}`} className="flex items-center gap-3 font-semibold hover:text-brand">
          {image ? <ProductImage image={image} className="h-12 w-12 shrink-0 rounded-lg" sizes="48px" /> : null}
          {product.title}
        </Link>
        {editing ? (
          <ChoiceEditor
            product={product}
            colour={colour}
            onColour={setColour}
            selections={selections}
            onSelections={setSelections}
            handwritten={handwritten}
            onHandwritten={setHandwritten}
          />
        ) : (
          <Choices item={item} product={product} />
        )}
      </Cell>
      <Cell label="Unit Price">
        <UnitPrice pence={price.unitPence} />
      </Cell>
      <Cell label="Quantity">
        {editing ? (
          <input
            aria-label={`Quantity of ${product.title}`}
            type="number"
            inputMode="numeric"
            min={product.moq}
            max={editor.max}
            {...editor.quantityInput}
            className="w-24 rounded-lg border border-slate-300 px-2 py-1"
          />
        ) : (
          item.quantity.toLocaleString("en-GB")
        )}
      </Cell>
      <Cell label="Total" className="font-semibold">
        <Price pence={price.totalPence} />
      </Cell>
      <Cell label="Notes">
        {editing ? (
          <textarea
            aria-label={`Notes for ${product.title}`}
            maxLength={NOTES_MAX}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            rows={2}
            className="w-48 max-w-full rounded-lg border border-slate-300 px-2 py-1"
          />
        ) : (
          <span className="text-muted max-md:text-right">{item.notes || "—"}</span>
        )}
      </Cell>
      <Cell stacked className="max-md:pt-3">
        <div className="flex flex-wrap gap-2">
          {editing ? null : (
            <toCart.Form method="post" action="/shopping-list">
              <input type="hidden" name="id" value={item.id} />
              <button
                type="submit"
                name="intent"
                value="to-cart"
                aria-label={`Add to cart: ${product.title}`}
                disabled={toCart.state !== "idle"}
                className={buttonClass("primary", "px-3 py-1.5")}
              >
                {toCart.state !== "idle" ? "Adding…" : "Add to cart"}
              </button>
            </toCart.Form>
          )}
          <LineEditButtons
            editor={editor}
            extra={{
              notes,
              selectedColor: colour,
              customizationSelections: JSON.stringify(selections),
              handwrittenNote: String(handwritten),
            }}
            onCancel={restore}
          />
        </div>
        {error ? (
          <div className="mt-2">
            <FormMessage>{error}</FormMessage>
          </div>
        ) : null}
      </Cell>
    </tr>
  );
}

/** The row's choices as chosen on the product page, or what is still to choose. */
function Choices({ item, product }: { item: ListRowItem; product: Product }) {
  const name = item.selectedColor ? colourOf(product, item.selectedColor)?.name : undefined;
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs text-muted">
      <dt>Colour:</dt>
      <dd className="flex items-center gap-1.5 text-ink">
        {name ? (
          <>
            <span
              aria-hidden="true"
              className="inline-block h-3 w-3 rounded-full border border-slate-300"
              style={{ backgroundColor: item.selectedColor }}
            />
            {name}
          </>
        ) : (
          <span className="text-muted">not chosen yet</span>
        )}
      </dd>
      <dt>Customisation:</dt>
      <dd className="text-ink">
        {item.customizationSelections.length > 0 ? (
          item.customizationSelections.join(", ")
        ) : (
          <span className="text-muted">not chosen yet</span>
        )}
      </dd>
      {item.handwrittenNote ? (
        <>
          <dt>Extra:</dt>
          <dd className="text-ink">Handwritten note</dd>
        </>
      ) : null}
    </dl>
  );
}

/** Colour, customisations and handwritten note while the row is being edited. */
function ChoiceEditor(props: {
  product: Product;
  colour: string;
  onColour: (hex: string) => void;
  selections: string[];
  onSelections: (titles: string[]) => void;
  handwritten: boolean;
  onHandwritten: (on: boolean) => void;
}) {
  const { product, selections } = props;
  return (
    <div className="mt-3 space-y-3 text-sm">
      <label className="block">
        <span className="font-medium">Colour</span>
        <select
          aria-label={`Colour of ${product.title}`}
          value={props.colour.toLowerCase()}
          onChange={(e) => props.onColour(e.target.value)}
          className="mt-1 block w-full max-w-56 rounded-lg border border-slate-300 bg-white px-2 py-1"
        >
          <option value="">Choose a colour</option>
          {product.colours.map((c) => (
            <option key={c.hex} value={c.hex.toLowerCase()}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend className="font-medium">Customisation</legend>
        {product.customizationOptions.map((option) => (
          <label key={option.title} className="mt-1 flex items-center gap-2">
            <input
              type="checkbox"
              className="accent-brand"
              checked={selections.includes(option.title)}
              onChange={(e) =>
                props.onSelections(
                  e.target.checked ? [...selections, option.title] : selections.filter((t) => t !== option.title),
                )
              }
            />
            {option.title}
          </label>
        ))}
        {product.allowHandwrittenNote ? (
          <label className="mt-1 flex items-center gap-2">
            <input
              type="checkbox"
              className="accent-brand"
              checked={props.handwritten}
              onChange={(e) => props.onHandwritten(e.target.checked)}
            />
            Add a handwritten note
          </label>
        ) : null}
      </fieldset>
    </div>
  );
}
