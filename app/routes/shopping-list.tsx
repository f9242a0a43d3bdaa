import { useState } from "react";
import { data, Link, useFetcher } from "react-router";
import type { Route } from "./+types/shopping-list";
import { dbOf, sessionOf } from "~/server/request-context.server";
import { findProductById } from "~/catalogue/catalogue";
import type { Product } from "~/catalogue/types";
import { useLocalMirror } from "~/components/local-mirror";
import { ProductImage } from "~/components/product-image";
import { LineEditButtons, useLineEditor } from "~/components/line-editor";
import { SignInPrompt } from "~/components/sign-in-prompt";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import { EXTERNAL, SITE } from "~/content/links";
import { formatPence } from "~/domain/money";
import { STORAGE_KEYS } from "~/domain/storage-keys";
import { estimatedTotalPence, NOTES_MAX, priceLine, shoppingListActionSchema } from "~/domain/shopping-rules";
import { parseForm, signInRequired, toResponse } from "~/server/http.server";

import * as shopping from "~/server/shopping.server";

export async function loader({ context }: Route.LoaderArgs) {
  const session = await sessionOf(context);
  if (!session) return { signedIn: false as const, userId: null, items: [] };
  return {
    signedIn: true as const,
    userId: session.user.id,
    items: await shopping.listShoppingList(dbOf(context), { userId: session.user.id }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await sessionOf(context);
  if (!session) return toResponse(signInRequired("Please sign in to use your shopping list."));
  const parsed = await parseForm(request, shoppingListActionSchema);
  if (!parsed.ok) return toResponse(parsed);
  const input = parsed.value;
  const result = await shopping.changeShoppingList(dbOf(context), session.user.id, input);
  if (!result.ok) return toResponse(result);
  return data({ ok: true as const, intent: input.intent });
}

type Item = { id: string; productId: string; quantity: number; notes: string };

export default function ShoppingListRoute({ loaderData }: Route.ComponentProps) {
  const clear = useFetcher();
  useLocalMirror(
    loaderData.userId ? STORAGE_KEYS.shoppingList(loaderData.userId) : null,
    loaderData.items.map(({ productId, quantity, notes }) => ({ productId, quantity, notes })),
  );
  if (!loaderData.signedIn)
    return <SignInPrompt title="Shopping list" message="Please sign in to use your shopping list." />;
  const items = loaderData.items;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold">Shopping list</h1>
        <a href={SITE.bookingUrl} {...EXTERNAL} className={buttonClass("secondary")}>
          Ask a Merch Expert
        </a>
      </div>
      <p className="mt-2 text-muted">
        Keep quantities and notes here while you get sign-off, then add them to your cart or ask us for a quote.
      </p>
      {items.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center">
          <h2 className="text-xl font-bold">Your shopping list is empty</h2>
          <p className="mt-2 text-muted">Use "Add to shopping list" on any product page.</p>
          <Link to="/products" className={buttonClass("primary", "mt-6")}>
            Browse products
          </Link>
        </div>
      ) : (
        <>
          <div className="mt-6 overflow-x-auto rounded-2xl border border-slate-200">
            <table className="w-full min-w-[720px] text-left text-sm">
              <thead className="bg-slate-50 text-muted">
                <tr>
                  {["Product", "Unit Price", "Quantity", "Total", "Notes", "Actions"].map((h) => (
                    <th key={h} scope="col" className="px-4 py-3 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((item) => {
                  const product = findProductById(item.productId);
                  return product ? <ListRow key={item.id} item={item} product={product} /> : null;
                })}
              </tbody>
            </table>
          </div>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
            <clear.Form method="post">
              <button type="submit" name="intent" value="clear" className={buttonClass("ghost", "text-red-700")}>
                Clear Shopping List
              </button>
            </clear.Form>
            <p className="text-lg">
              Estimated Total: <strong data-testid="list-total">{formatPence(estimatedTotalPence(items))}</strong>{" "}
              <span className="text-sm text-muted">ex. VAT and shipping</span>
            </p>
          </div>
        </>
      )}
    </section>
  );
}

/** One row with inline editing (SPEC.md §4 "Row editing"): quantity at least the MOQ, re-priced by tier. */
function ListRow({ item, product }: { item: Item; product: Product }) {
  const editor = useLineEditor(item, product, "/shopping-list");
  const { editing, error } = editor;
  const [notes, setNotes] = useState(item.notes);
  const price = priceLine(product.id, editor.shownQuantity);
  const image = product.images[0];

  return (
    <tr className="align-top">
      <td className="px-4 py-3">
        <Link to={`/product/${product.id}`} className="flex items-center gap-3 font-semibold hover:text-brand">
          {image ? <ProductImage image={image} className="h-12 w-12 rounded-lg" sizes="48px" /> : null}
          {product.title}
        </Link>
      </td>
      <td className="px-4 py-3">{formatPence(price.unitPence)}</td>
      <td className="px-4 py-3">
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
      </td>
      <td className="px-4 py-3 font-semibold">{formatPence(price.totalPence)}</td>
      <td className="px-4 py-3">
        {editing ? (
          <textarea
            aria-label={`Notes for ${product.title}`}
            maxLength={NOTES_MAX}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            rows={2}
            className="w-48 rounded-lg border border-slate-300 px-2 py-1"
          />
        ) : (
          <span className="text-muted">{item.notes || "—"}</span>
        )}
        {error ? (
          <div className="mt-2">
            <FormMessage>{error}</FormMessage>
          </div>
        ) : null}
      </td>
      <td className="px-4 py-3">
        <div className="flex gap-2">
          <LineEditButtons editor={editor} extra={{ notes }} onCancel={() => setNotes(item.notes)} />
        </div>
      </td>
    </tr>
  );
}

export function meta() {
  return [{ title: "Shopping list | Swag Studio" }];
}
